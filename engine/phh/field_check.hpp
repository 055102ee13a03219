#pragma once
// The optional fields of a history that a replay can hold against the hand itself (the standard's
// "Optional Fields"), beyond `finishing_stacks` and `winnings`, which replay.hpp compares with the
// engine's result:
//   seats       one whole seat number (from 1) per player, no seat twice;
//   seat_count  a whole number, at least the number of players and every seat number;
//   time_banks  one non-negative number per player.
// Informational fields (venue, time, currency, ...) say nothing the hand can contradict. The parser
// already checks the per-player length of `players`, `antes`, `finishing_stacks` and `winnings`.
#include <optional>
#include <string>

#include "engine/phh/hand_history.hpp"

namespace tavolo::engine::phh {

struct FieldProblem {
    int line = 0;  // the field's line in the file, when known
    std::string reason;
};

std::optional<FieldProblem> check_optional_fields(const HandHistory& hand);

}  // namespace tavolo::engine::phh
