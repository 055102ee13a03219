#pragma once
// The decision a hand waits for, as a viewer receives it after the events of each command: its
// number, whose turn it is, and (for the player to act only) what he may do. The server sends it
// after every batch of projected events while the hand is in play; a client's action names
// `decision`, so a stale one is refused (engine/decision.hpp).
#include <optional>

#include "engine/decision.hpp"

namespace tavolo::engine::view {

template <class Who, class Legal>
struct DecisionPending {
    DecisionNumber decision = 0;
    Who to_act{};
    std::optional<Legal> legal;  // only for the viewer who is to act
};

}  // namespace tavolo::engine::view
