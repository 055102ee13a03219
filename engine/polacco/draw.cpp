#include "engine/polacco/draw.hpp"

#include <utility>

namespace tavolo::engine::polacco {

std::vector<int> table_sizes(int players, int table_max) {
    if (players <= 0 || table_max <= 0) return {};
    const int tables = (players + table_max - 1) / table_max;
    std::vector<int> sizes(static_cast<std::size_t>(tables), players / tables);
    for (int i = 0; i < players % tables; ++i)
        ++sizes[static_cast<std::size_t>(i)];
    return sizes;
}

std::vector<DrawnTable> draw_tables(std::vector<PlayerId> players, int table_max, RandomSource& rng) {
    // Fisher-Yates: every arrangement equally likely; consecutive runs form the tables.
    for (std::size_t i = players.size(); i > 1; --i) {
        std::size_t j = static_cast<std::size_t>(rng.uniform_below(i));
        std::swap(players[i - 1], players[j]);
    }
    std::vector<DrawnTable> tables;
    std::size_t next = 0;
    for (int size : table_sizes(static_cast<int>(players.size()), table_max)) {
        DrawnTable table;
        for (int s = 0; s < size; ++s)
            table.seats.push_back(players[next++]);
        tables.push_back(std::move(table));
    }
    return tables;
}

}  // namespace tavolo::engine::polacco
