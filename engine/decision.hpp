#pragma once
// Decision numbers, shared by every game: each decision point of a hand has a number, and an action
// names the decision it answers, so a stale or duplicated action (a reconnect, a double click, a
// clock that fires after the player acted) is refused instead of applied to a later decision.
#include <cstdint>
#include <string>

namespace tavolo::engine {

using DecisionNumber = std::int64_t;  // 1 for a hand's first decision, one more after each

// The sentence for a refused stale action: "this action answers decision N but the hand is at
// decision M: refresh and act again".
std::string stale_decision_message(DecisionNumber answered, DecisionNumber current);

}  // namespace tavolo::engine
