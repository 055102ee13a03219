#pragma once
// What happens in a Poker Polacco hand, as plain records (DESIGN.md "One event stream"). Every card
// event says who may see it: a player sees only his own cards until a doubt reveals every hand.
// What each viewer receives of them is engine/view's projection (view/polacco_projection.hpp).
#include <optional>
#include <variant>
#include <vector>

#include "engine/cards.hpp"
#include "engine/polacco/punto.hpp"
#include "engine/polacco/types.hpp"

namespace tavolo::engine::polacco {

// Everyone, or one player only.
struct Visibility {
    std::optional<PlayerId> only;

    static Visibility everyone() { return {}; }
    static Visibility player(PlayerId p) { return {p}; }
    friend bool operator==(const Visibility&, const Visibility&) = default;
};

struct HandSeat {
    PlayerId player = -1;
    int penalties = 0;  // cards dealt: kInitialCards + penalties
    bool pass_available = true;
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

}  // namespace tavolo::engine::polacco
