#pragma once
// A seat's occupant, as the table layer sees it between hands.
#include <cstdint>

#include "engine/types.hpp"

namespace tavolo::engine {

using EntrantId = std::int32_t;  // a tournament entrant, unique within its tournament
inline constexpr EntrantId kNoEntrant = -1;
inline constexpr int kMaxTableSize = 10;

struct TablePlayer {
    EntrantId entrant = kNoEntrant;
    Chips stack = 0;
    bool sitting_out = false;   // dealt in and folded at once, no clock (RULES.md §4)
    bool disconnected = false;  // dealt in; keeps the clock and the time bank (§5)
    int excluded_hands = 0;     // sanction: hands still to be folded (§6)
    bool waiting = false;       // arrived mid-game, waits until the button has passed (§4)
    bool busted = false;        // no chips left, may still re-buy before the next hand (§6)
    bool empty() const { return entrant == kNoEntrant; }
    // Folded (checked when free) at once, without a clock.
    bool auto_acts() const { return sitting_out || excluded_hands > 0; }
    bool operator==(const TablePlayer&) const = default;
};

}  // namespace tavolo::engine
