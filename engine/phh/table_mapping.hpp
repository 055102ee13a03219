#pragma once
// From a hand history to the engine's HandSetup, and back: PHH lists players by position, the
// engine by seat. Player pN sits at seat N-1 (table size = player count); the last player has the
// button, so p1 is the first player clockwise from the button, who is dealt first.
//
// Forced bets are per position. The standard reverses the blind and ante arrays heads-up (p1 is
// the big blind there): the *effective* amounts below are after that reversal.
//   blinds: [SB, BB, 0, ...] -> small blind p1, big blind p2; heads-up [BB, SB] -> big blind p1, the
//           button p2 posts the small blind; [0, BB, 0, ...] or [BB, 0, ...] -> no small blind this
//           hand (RULES.md §4), big blind p2 or p1. Anything else (straddles) Tavolo does not play.
//   antes:  all zero -> none; all equal -> classic antes; only the big blind's -> a big-blind ante
//           of that amount for the table (HandSetup::ante = amount / players).
//   NL/PL: min_bet must equal the big blind; limit: small_bet = big blind, big_bet = 2 x big blind.
// `ante_trimming_status` is informational and not read.
#include <expected>
#include <string>
#include <vector>

#include "engine/phh/hand_history.hpp"
#include "engine/poker/hand_setup.hpp"

namespace tavolo::engine::phh {

// Why a hand cannot be replayed by this engine (it is skipped, not failed).
enum class SkipReason {
    UnsupportedVariant,     // a PHH variant Tavolo does not play (PO, F7S, ...)
    NoFinishingStacks,      // nothing to compare the result with
    FractionalChips,        // stacks, forced bets or amounts that are not whole chips
    UnknownStacks,          // a starting stack written as inf
    UnsupportedForcedBets,  // straddles, uneven antes, bet sizes other than Tavolo's structure
    TooManyPlayers,         // more players than the game or a table allows
    UnknownCards,           // hidden cards of a player who stayed to the end
};
inline constexpr int kSkipReasons = 7;
const char* describe(SkipReason reason);

struct Skip {
    SkipReason reason = SkipReason::UnsupportedVariant;
    std::string detail;  // e.g. "variant PO"
};

// Position order -> seats. seat_of_player[i] is the seat of p(i+1).
struct TableMapping {
    HandSetup setup;
    std::vector<SeatIndex> seat_of_player;
};

// Checks the variant, whole chips and the forced bets; does not look at the actions.
std::expected<TableMapping, Skip> map_to_table(const HandHistory& hand);

// The effective (after the heads-up reversal) per-position array, and back.
std::vector<Decimal> effective_per_position(const std::vector<Decimal>& written);

}  // namespace tavolo::engine::phh
