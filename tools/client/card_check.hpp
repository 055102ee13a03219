#pragma once
// RULES.md §8 as a client checks it: every face a message carries must be one this viewer may see.
// The viewer is the snapshot's (your_seat at poker, your_player at Polacco; -1: an observer).
//   poker: another seat's card needs a face-up deal (stud up-card) or the hand shown; a burn card
//          or a card dealt to nobody never has a face; another seat's discards have none;
//   Polacco: another player's cards have faces only once the hand is over (the doubt reveals every
//          hand); a card dealt to another player has none.
// Faces outside 0..51 are malformed.
#include <optional>
#include <string>

#include "tools/client/table_tracker.hpp"

namespace tavolo::client {

// Nothing when every face in the snapshot is one its viewer may see.
std::optional<Problem> check_snapshot_cards(const v1::TableSnapshot& snapshot);
// The same for an event, judged against the table as the viewer knows it before the event.
std::optional<Problem> check_event_cards(const v1::TableEvent& event, const v1::TableSnapshot& state);

}  // namespace tavolo::client
