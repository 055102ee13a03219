#pragma once
// One hand as the PHH standard records it. Arrays are per player, in position order: p1 is the
// small blind and the last player has the button (heads-up: p1 is the big blind, p2 the button and
// small blind; the standard reverses the forced bets there).
#include <optional>
#include <string>
#include <vector>

#include "engine/phh/decimal.hpp"
#include "engine/phh/document.hpp"

namespace tavolo::engine::phh {

struct HandHistory {
    std::string variant;                       // "NT", "FT", ... (engine/phh/variant_codes.hpp)
    std::optional<bool> ante_trimming_status;  // informational only
    std::vector<Decimal> antes;
    std::vector<Decimal> blinds_or_straddles;
    std::optional<Decimal> bring_in;
    std::optional<Decimal> small_bet;
    std::optional<Decimal> big_bet;
    std::optional<Decimal> min_bet;
    std::vector<Decimal> starting_stacks;
    std::vector<std::string> actions;  // as written; engine/phh/action.hpp reads them
    std::vector<std::string> players;  // empty when the file names nobody
    std::optional<std::vector<Decimal>> finishing_stacks;
    std::optional<std::vector<Decimal>> winnings;
    // Every other field (hand, venue, time, seats, currency, ...), as written, in file order.
    std::vector<Field> other;

    // Where the hand came from: its `[name]` in a .phhs file ("" in a .phh) and its first line.
    std::string section;
    int line = 0;
    // The line of each entry of `actions` (0 when built in memory), for error messages.
    std::vector<int> action_lines;

    int player_count() const { return static_cast<int>(starting_stacks.size()); }
    // The same hand: every field equal; where it was written (section, lines) does not count.
    bool same_record(const HandHistory& other) const;
    const Value* find_other(std::string_view key) const;
};

}  // namespace tavolo::engine::phh
