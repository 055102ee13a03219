#pragma once
// Checking a recorded Poker Polacco hand against the engine. Polacco has no hand-history standard
// (PHH has no declaration games) and Tavolo defines none: a Polacco hand is recorded as the engine's
// own events (events.hpp), seen whole (the operator's view: every card with its face). This check is
// the Polacco counterpart of the PHH replay (engine/phh/replay.hpp): it stacks a deck with the cards
// the record deals, replays every decision the record contains (the direction, each declaration,
// pass and doubt, and each timeout), and requires the engine to produce exactly the recorded events,
// so a record that contradicts itself fails: cards revealed that differ from those dealt, a wrong
// verdict, a penalty to the wrong player, a declaration that is not higher, the wrong next speaker,
// a record that stops early or runs on. Nothing is drawn from a random source.
#include <cstddef>
#include <expected>
#include <string>

#include "engine/polacco/hand.hpp"

namespace tavolo::engine::polacco {

struct RecordProblem {
    std::size_t event = 0;  // index into the record
    std::string reason;     // a sentence
};

std::expected<void, RecordProblem> check_record(const HandSetup& setup, const Events& recorded);

}  // namespace tavolo::engine::polacco
