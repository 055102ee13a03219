#pragma once
// Vocabulary types shared by every part of the engine.
#include <cstdint>

namespace tavolo::engine {

using Chips = std::int64_t;      // tournament chips; always integral
using Cents = std::int64_t;      // money; always integral euro cents
using SeatIndex = std::int32_t;  // 0-based seat number at a table
using HandId = std::int64_t;     // a hand's number, unique per table

inline constexpr SeatIndex kNoSeat = -1;

// The engine's limit on any total over players: all the chips of a table, a hand or a tournament
// (stacks, pots, side pots, re-buys, a blind level), and all the money of a tournament in cents
// (buy-ins times entrants, the prize pool, prizes, refunds). Every entry point that takes player
// amounts refuses, with a typed error, a set-up whose total would pass it; inside, no sum can then
// overflow (signed overflow is undefined behaviour). 2^53 - 1: a JavaScript client or a JSON reader
// holds every amount below it exactly as a double, and it leaves a factor of 1,024 below INT64_MAX,
// so the engine's intermediate sums (a pot-limit raise, a limit big bet, ten players' antes, a
// doubled blind) cannot overflow either.
inline constexpr std::int64_t kMaxTotal = (std::int64_t{1} << 53) - 1;
inline constexpr Chips kMaxTotalChips = kMaxTotal;
inline constexpr Cents kMaxTotalCents = kMaxTotal;

}  // namespace tavolo::engine
