#pragma once
// Replaying a hand history through the engine's Hand: the setup from the forced bets and stacks
// (table_mapping.hpp), a deck stacked with the dealt cards (stacked_deck.hpp), then every player
// action as a command, and finally the engine's stacks against `finishing_stacks`.
//   pN f -> Fold; pN cc -> Check when checking is free, else Call; pN cbr X -> BetOrRaiseTo{X};
//   pN sd [CARDS] -> Discard{CARDS}. Deals are already in the deck; `sm` (show or muck) is
//   informational: the engine runs the showdown itself (RULES.md §3).
// A hand passes when every action is accepted by the player the engine expects, the engine's
// hand ends exactly when the history does, and every finishing stack matches.
#include <optional>
#include <string>
#include <vector>

#include "engine/phh/hand_history.hpp"
#include "engine/phh/table_mapping.hpp"
#include "engine/types.hpp"

namespace tavolo::engine::phh {

enum class Outcome { Passed, Failed, Skipped };

struct ReplayOptions {
    // Also export the replayed hand from the engine's events (ReplayResult::exported).
    bool export_hand = false;
};

struct ReplayResult {
    Outcome outcome = Outcome::Failed;
    std::optional<SkipReason> skip_reason;  // when skipped
    std::string reason;                     // why it failed, or the detail of the skip
    std::vector<Chips> engine_stacks;       // per position, when the engine played the hand to its end
    std::optional<HandHistory> exported;    // ReplayOptions::export_hand, when played to the end
};

ReplayResult replay(const HandHistory& hand, ReplayOptions options = {});

// A passed replay's exported hand (ReplayOptions::export_hand), written as PHH text and read back,
// must replay to the same stacks: empty when it does, otherwise what went wrong.
std::string check_export(const ReplayResult& replayed);

}  // namespace tavolo::engine::phh
