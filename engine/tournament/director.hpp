#pragma once
// The director's remaining decisions as pure functions of the tournament state (RULES.md §6).
// Breaking and balancing live in floor.hpp, seat draws in seating.hpp, ranking in ranking.hpp.
#include <span>
#include <vector>

#include "engine/random.hpp"
#include "engine/tournament/seating.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

// Hand-for-hand (standard): while P+1 players remain on more than one table, every table plays
// one hand at a time and waits for the others; it ends at the first elimination.
constexpr bool hand_for_hand(int remaining, int paid_places, int open_tables) {
    return open_tables > 1 && remaining == paid_places + 1;
}

// The final table: the remaining players fit one table (breaking then leaves only the last one).
constexpr bool final_table(int remaining, int table_size) {
    return remaining > 1 && remaining <= table_size;
}

// Shoot-out: a stage ends when every table has one player left; its winners are re-seated at
// random on as few tables as possible, evenly.
constexpr bool shoot_out_stage_over(std::span<const int> players_per_table) {
    for (int n : players_per_table)
        if (n > 1) return false;
    return true;
}
std::expected<SeatDraw, SeatingError> reseat_shoot_out(std::span<const EntrantId> winners, int table_size,
                                                       RandomSource& rng);

// The prize pool (APT Art.8): the prize parts of all buy-ins, re-buys and add-ons, at least the
// guarantee. The overlay is what the house adds to reach the guarantee.
constexpr Cents prize_pool(Cents prize_parts, Cents guarantee) {
    return prize_parts > guarantee ? prize_parts : guarantee;
}
constexpr Cents overlay(Cents prize_parts, Cents guarantee) {
    return prize_parts >= guarantee ? 0 : guarantee - prize_parts;
}

}  // namespace tavolo::engine
