#pragma once
// What happens in a Poker Polacco hand, as plain records (DESIGN.md "One event stream"). Every card
// event says who may see it: a player sees only his own cards until a doubt reveals every hand.
#include <optional>
#include <variant>
#include <vector>

#include "engine/cards.hpp"
#include "engine/polacco/punto.hpp"
#include "engine/polacco/types.hpp"

namespace tavolo::engine::polacco {

// Who is looking: a seated player, an observer (sees only what is public) or an operator (sees all).
struct Viewer {
    enum class Kind { Player, Observer, Operator };
    Kind kind = Kind::Observer;
    PlayerId player = -1;

    static Viewer of_player(PlayerId p) { return {Kind::Player, p}; }
    static Viewer observer() { return {Kind::Observer, -1}; }
    static Viewer operator_view() { return {Kind::Operator, -1}; }
};

// Everyone, or one player only.
struct Visibility {
    std::optional<PlayerId> only;

    static Visibility everyone() { return {}; }
    static Visibility player(PlayerId p) { return {p}; }
    bool visible_to(const Viewer& v) const {
        return !only || v.kind == Viewer::Kind::Operator ||
               (v.kind == Viewer::Kind::Player && v.player == *only);
    }
};

struct HandSeat {
    PlayerId player = -1;
    int penalties = 0;  // cards dealt: kInitialCards + penalties
};

struct HandStarted {
    std::int64_t hand_number = 0;
    std::vector<HandSeat> seats;  // clockwise
    PlayerId first_speaker = -1;
};
struct DirectionChosen {
    PlayerId by = -1;
    Direction direction = Direction::Clockwise;
    bool forced = false;  // clockwise-only rule or timeout
};
// `card` is empty in the copy projected for a viewer who may not see it.
struct CardDealt {
    PlayerId to = -1;
    std::optional<Card> card;
    Visibility visibility;
};
struct Declared {
    PlayerId by = -1;
    Punto punto = Punto::lowest();
    bool by_timeout = false;
};
struct Passed {
    PlayerId by = -1;
    PlayerId next = -1;
};
struct Doubted {
    PlayerId by = -1;
    PlayerId declarer = -1;
    Punto punto = Punto::lowest();
    bool by_timeout = false;
};
// After a doubt every hand is shown to everyone.
struct CardsRevealed {
    PlayerId player = -1;
    std::vector<Card> cards;
};
struct Judged {
    Punto punto = Punto::lowest();
    bool present = false;
    PlayerId penalised = -1;
    int cards_in_play = 0;
};
struct PenaltyGiven {
    PlayerId player = -1;
    int penalties = 0;  // after this one
};
// The optional bonus: one of the declarer's penalties removed.
struct PenaltyRemoved {
    PlayerId player = -1;
    int penalties = 0;  // after the removal
};
struct PlayerEliminated {
    PlayerId player = -1;
};
struct HandEnded {
    PlayerId next_first_speaker = -1;
};

using Event = std::variant<HandStarted, DirectionChosen, CardDealt, Declared, Passed, Doubted, CardsRevealed,
                           Judged, PenaltyGiven, PenaltyRemoved, PlayerEliminated, HandEnded>;

// The event as this viewer may see it: a card dealt to someone else arrives without its face.
Event project(const Event& event, const Viewer& viewer);

}  // namespace tavolo::engine::polacco
