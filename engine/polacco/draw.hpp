#pragma once
// The seat draw of a Poker Polacco tournament (RULES.md §9, POLACCO §1 and §4.2): ceil(n / max)
// tables whose sizes differ by at most one; at each table the players draw A, 2, 3, ... and sit
// clockwise in that order, and whoever draws the ace speaks first.
#include <vector>

#include "engine/polacco/types.hpp"
#include "engine/random.hpp"

namespace tavolo::engine::polacco {

// Table sizes for `players` at tables of at most `table_max`: the fewest tables, sizes differing by
// at most one, larger tables first. With the fewest tables this is also the split with the fewest
// tables under six wherever any split avoids them. Empty for no players.
std::vector<int> table_sizes(int players, int table_max);

struct DrawnTable {
    // Clockwise; seats[0] drew the ace and speaks first, seats[i] drew the card of value i + 1.
    std::vector<PlayerId> seats;
};

// Draws every player a table and a seat, uniformly at random.
std::vector<DrawnTable> draw_tables(std::vector<PlayerId> players, int table_max, RandomSource& rng);

}  // namespace tavolo::engine::polacco
