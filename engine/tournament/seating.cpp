#include "engine/tournament/seating.hpp"

#include <algorithm>
#include <numeric>

namespace tavolo::engine {

const char* to_string(SeatingError e) {
    switch (e) {
        case SeatingError::TableSizeOutOfRange:
            return "table size must be 2 to 10";
        case SeatingError::InvalidEntrant:
            return "an entrant id must be zero or more";
        case SeatingError::DuplicateEntrant:
            return "an entrant is listed twice";
    }
    return "unknown seating error";
}

std::expected<SeatDraw, SeatingError> draw_seating(std::span<const EntrantId> entrants, int table_size,
                                                   RandomSource& rng) {
    if (table_size < 2 || table_size > kMaxTableSize)
        return std::unexpected(SeatingError::TableSizeOutOfRange);
    std::vector<EntrantId> order(entrants.begin(), entrants.end());
    {
        std::vector<EntrantId> sorted = order;
        std::sort(sorted.begin(), sorted.end());
        if (!sorted.empty() && sorted.front() < 0) return std::unexpected(SeatingError::InvalidEntrant);
        if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
            return std::unexpected(SeatingError::DuplicateEntrant);
    }
    for (std::size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[rng.uniform_below(i)]);
    const int tables = tables_needed(static_cast<int>(order.size()), table_size);
    std::vector<std::vector<SeatAssignment>> out(static_cast<std::size_t>(tables));
    for (std::size_t i = 0; i < order.size(); ++i)
        out[i % static_cast<std::size_t>(tables)].push_back(SeatAssignment{order[i], kNoSeat});
    std::vector<SeatIndex> seats(static_cast<std::size_t>(table_size));
    for (auto& table : out) {
        std::iota(seats.begin(), seats.end(), 0);
        for (std::size_t i = seats.size(); i > 1; --i)
            std::swap(seats[i - 1], seats[rng.uniform_below(i)]);
        for (std::size_t i = 0; i < table.size(); ++i)
            table[i].seat = seats[i];
        std::sort(table.begin(), table.end(),
                  [](const SeatAssignment& a, const SeatAssignment& b) { return a.seat < b.seat; });
    }
    return out;
}

}  // namespace tavolo::engine
