#pragma once
// Vocabulary types shared by every part of the engine.
#include <cstdint>

namespace tavolo::engine {

using Chips = std::int64_t;      // tournament chips; always integral
using Cents = std::int64_t;      // money; always integral euro cents
using SeatIndex = std::int32_t;  // 0-based seat number at a table
using HandId = std::int64_t;     // a hand's number, unique per table

inline constexpr SeatIndex kNoSeat = -1;

}  // namespace tavolo::engine
