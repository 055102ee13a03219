#pragma once
// Replaying a hand history through the engine's Hand: the setup from the forced bets and stacks
// (table_mapping.hpp), a deck stacked with the dealt cards (stacked_deck.hpp), then every line in
// order, and finally the engine's result against what the history records.
//   pN f -> Fold; pN cc -> Check when checking is free, else Call; pN cbr X -> BetOrRaiseTo{X};
//   pN sd [CARDS] -> Discard{CARDS}; the engine runs the showdown itself (RULES.md §3).
//   d dh / d db -> must be what the engine deals at that point: the player, the street, the number
//   of cards and the cards (deal_check.hpp); pN sm CARDS -> the cards pN holds, once the betting is
//   over, by a player still in.
// A hand passes when every line is consistent with the engine, every action is accepted from the
// player the engine expects, the engine's hand ends exactly when the history does, the engine never
// needs a card the history does not give (a replay draws nothing from a random source), and every
// result field present matches: `finishing_stacks` (each player's stack at the end) and `winnings`
// (what each player collected: pots won plus an uncalled bet returned); the other optional fields
// the hand can contradict (seats, seat_count, time_banks) are checked by field_check.hpp.
#include <optional>
#include <string>
#include <vector>

#include "engine/phh/hand_history.hpp"
#include "engine/phh/table_mapping.hpp"
#include "engine/poker/events.hpp"
#include "engine/types.hpp"

namespace tavolo::engine::phh {

enum class Outcome { Passed, Failed, Skipped };

struct ReplayOptions {
    // Also export the replayed hand from the engine's events (ReplayResult::exported).
    bool export_hand = false;
    // Also keep the engine's events and the table mapping (ReplayResult::events, ::mapping), for
    // what renders a hand from its events (pokerstars_text.hpp).
    bool keep_events = false;
};

struct ReplayResult {
    Outcome outcome = Outcome::Failed;
    std::optional<SkipReason> skip_reason;  // when skipped
    std::string reason;                     // why it failed, or the detail of the skip
    int line = 0;                           // the file line of the failing action, when known
    std::vector<Chips> engine_stacks;       // per position, when the engine played the hand to its end
    std::vector<Chips> engine_winnings;     // per position: pots won plus an uncalled bet returned
    std::optional<HandHistory> exported;    // ReplayOptions::export_hand, when played to the end
    std::vector<HandEvent> events;          // ReplayOptions::keep_events, when played to the end
    std::optional<TableMapping> mapping;    // ReplayOptions::keep_events, when played to the end
};

ReplayResult replay(const HandHistory& hand, ReplayOptions options = {});

// A passed replay's exported hand (ReplayOptions::export_hand), written as PHH text and read back,
// must replay to the same stacks: empty when it does, otherwise what went wrong.
std::string check_export(const ReplayResult& replayed);

}  // namespace tavolo::engine::phh
