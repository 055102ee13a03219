#pragma once
// The engine's limit on a hand's chips (kMaxTotalChips, engine/types.hpp): the stacks dealt in add
// up to at most the limit, and no blind or ante is above it. Within it, no sum the hand makes
// (pots, side pots, a pot-limit raise, a limit big bet, the antes of ten players) can overflow.
#include <expected>

#include "engine/poker/hand_setup.hpp"
#include "engine/poker/rule_error.hpp"

namespace tavolo::engine {

std::expected<void, SetupError> verify_setup_limits(const HandSetup& setup);

}  // namespace tavolo::engine
