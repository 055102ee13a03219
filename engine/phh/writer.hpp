#pragma once
// PHH text from HandHistory records: what parse_hands reads back as the same records.
#include <span>
#include <string>

#include "engine/phh/hand_history.hpp"

namespace tavolo::engine::phh {

// A .phh file: the state fields first (variant, forced bets, stacks, actions), then the other
// fields in their order, then players and the results.
std::string write_hand(const HandHistory& hand);

// A .phhs file: each hand under a `[name]` header, its section name or else its 1-based index.
std::string write_hands(std::span<const HandHistory> hands);

}  // namespace tavolo::engine::phh
