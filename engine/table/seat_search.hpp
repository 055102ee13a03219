#pragma once
// Clockwise searches over a table's seats, shared by the engine's Table and the director's view of
// a table (engine/tournament/floor.hpp), so both answer "which seat" by the same rule.
#include <cstdint>

#include "engine/random.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

// The first seat after `from` (clockwise, `from` itself last) for which `wanted(seat)` holds;
// kNoSeat when none does.
template <class Wanted>
SeatIndex first_seat_after(SeatIndex from, int size, Wanted wanted) {
    for (int i = 1; i <= size; ++i) {
        const SeatIndex c = static_cast<SeatIndex>((from + i) % size);
        if (wanted(c)) return c;
    }
    return kNoSeat;
}

// A uniformly random seat among the `empty` seats for which `occupied(seat)` is false (one draw
// from `rng`); kNoSeat when there are none.
template <class Occupied>
SeatIndex random_empty_seat(int size, int empty, Occupied occupied, RandomSource& rng) {
    if (empty <= 0) return kNoSeat;
    auto pick = static_cast<int>(rng.uniform_below(static_cast<std::uint64_t>(empty)));
    for (SeatIndex s = 0; s < size; ++s) {
        if (occupied(s)) continue;
        if (pick-- == 0) return s;
    }
    return kNoSeat;
}

}  // namespace tavolo::engine
