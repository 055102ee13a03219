#pragma once
// A hand as one viewer may see it, for a client that (re)connects mid-hand (DESIGN.md "Protocol":
// a full snapshot of each table as that player may see it). Before the reveal a player sees his own
// cards only; after a doubt every hand is shown; an operator sees everything.
#include <optional>
#include <vector>

#include "engine/cards.hpp"
#include "engine/polacco/events.hpp"
#include "engine/polacco/hand.hpp"

namespace tavolo::engine::polacco {

struct SeatView {
    PlayerId player = -1;
    int penalties = 0;
    int cards = 0;            // how many cards the player holds (0 before the deal)
    std::vector<Card> shown;  // the faces this viewer may see (empty or all of them)
    bool pass_available = true;
};

struct HandView {
    std::int64_t hand_number = 0;
    Phase phase = Phase::ChoosingDirection;
    PlayerId first_speaker = -1;
    std::optional<Direction> direction;
    PlayerId to_act = -1;
    std::optional<Punto> last_punto;
    PlayerId last_declarer = -1;
    std::vector<SeatView> seats;  // clockwise
    // The viewer's own options when it is his turn.
    std::optional<LegalActions> legal;
};

HandView view_of(const Hand& hand, const Viewer& viewer);

}  // namespace tavolo::engine::polacco
