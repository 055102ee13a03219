#pragma once
// Random seat draws (RULES.md §6): the start of a tournament, and shoot-out re-seating (winners
// at random on as few tables as possible, evenly).
#include <expected>
#include <span>
#include <vector>

#include "engine/random.hpp"
#include "engine/table/table_player.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

struct SeatAssignment {
    EntrantId entrant = kNoEntrant;
    SeatIndex seat = kNoSeat;
};

enum class SeatingError {
    TableSizeOutOfRange,  // 2..10
    InvalidEntrant,       // an id below zero
    DuplicateEntrant,     // the same entrant twice: nobody sits twice
};
const char* to_string(SeatingError e);

using SeatDraw = std::vector<std::vector<SeatAssignment>>;

// ceil(n / table_size) tables whose player counts differ by at most one; who sits where is drawn
// at random, seats too. Result: one list per table, in ascending seat order.
std::expected<SeatDraw, SeatingError> draw_seating(std::span<const EntrantId> entrants, int table_size,
                                                   RandomSource& rng);

// Fewest tables for n players.
constexpr int tables_needed(int players, int table_size) {
    return players <= 0 || table_size <= 0 ? 0 : (players + table_size - 1) / table_size;
}

}  // namespace tavolo::engine
