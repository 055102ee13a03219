// Slow: the director's invariants over many fields, table sizes and seeds, and the default payout
// table for every field size up to 30,000 (then sampled to 300,000).
#include <gtest/gtest.h>

#include <numeric>

#include "engine/tournament/floor.hpp"
#include "engine/tournament/payouts.hpp"
#include "engine/tournament/seating.hpp"
#include "tests/engine/tournament/floor_support.hpp"

namespace tavolo::engine {
namespace {

// Plays one hand at a table where each player busts with probability 1 in `odds` (never all).
void play_random_hand(Table& t, RandomSource& rng, int odds) {
    auto setup = t.start_hand(t.hands_played() + 1, Variant::Holdem, Betting::NoLimit, Stakes{25, 50, 0});
    ASSERT_TRUE(setup.has_value());
    std::vector<Chips> stacks;
    Chips pot = 0;
    for (const auto& s : setup->seats) {
        const bool bust = rng.uniform_below(static_cast<std::uint64_t>(odds)) == 0;
        stacks.push_back(bust ? 0 : s.stack);
        if (bust) pot += s.stack;
    }
    // A random survivor wins the busted players' chips; if everyone busted, one of them survives.
    std::size_t winner = rng.uniform_below(stacks.size());
    if (stacks[winner] == 0) pot -= setup->seats[winner].stack;
    stacks[winner] = setup->seats[winner].stack + pot;
    ASSERT_TRUE(t.finish_hand(stacks).has_value());
}

TEST(TournamentFloorSlow, rules_6_balancing_and_breaking_invariants_hold_for_every_table_size) {
    for (int size = 2; size <= 10; ++size) {
        for (int field : {13, 101, 1000, 5003}) {
            for (std::uint64_t seed = 1; seed <= 5; ++seed) {
                SeededRandom rng(seed * 1000 + static_cast<std::uint64_t>(size));
                std::vector<EntrantId> entrants(static_cast<std::size_t>(field));
                std::iota(entrants.begin(), entrants.end(), 0);
                auto seating = *draw_seating(entrants, size, rng);
                // The tables and the director's view of them, from their reports.
                testing::FloorOfTables f(static_cast<int>(seating.size()), size);
                for (int id = 0; id < f.floor.table_count(); ++id) {
                    for (const auto& a : seating[static_cast<std::size_t>(id)])
                        ASSERT_TRUE(f.table(id).sit(a.seat, a.entrant, 1000).has_value());
                    if (f.table(id).player_count() >= 2) {
                        ASSERT_TRUE(f.table(id).draw_button(rng).has_value());
                    }
                    f.report(id);
                }
                const Chips total = static_cast<Chips>(field) * 1000;
                while (f.floor.players() > 1) {
                    for (int id = 0; id < f.floor.table_count(); ++id) {
                        if (!f.floor.open(id) || f.table(id).player_count() < 2) continue;
                        play_random_hand(f.table(id), rng, 6);
                        f.report(id);
                    }
                    for (int id = 0; id < f.floor.table_count(); ++id) {
                        if (!f.floor.open(id)) continue;
                        auto moves = f.after_hand(id, rng);  // checks each balancing move against the tables
                        ASSERT_TRUE(moves.has_value());
                        for (const auto& m : *moves)
                            ASSERT_NE(m.from_table, m.to_table);
                    }
                    if (::testing::Test::HasFailure()) return;
                    ASSERT_LE(f.floor.largest_size() - f.floor.smallest_size(), 1)
                        << size << "/" << field << "/" << seed;
                    ASSERT_EQ(f.floor.open_tables(), tables_needed(f.floor.players(), size));
                    Chips chips = 0;
                    for (int id = 0; id < f.floor.table_count(); ++id)
                        if (f.floor.open(id)) chips += f.table(id).total_chips();
                    ASSERT_EQ(chips, total);
                }
            }
        }
    }
}

TEST(TournamentFloorSlow, rules_6_default_payouts_exact_and_decreasing_for_every_field) {
    std::vector<int> fields;
    for (int n = 2; n <= 30000; ++n)
        fields.push_back(n);
    for (int n = 30001; n <= 300000; n += 997)
        fields.push_back(n);
    fields.push_back(300000);
    for (int n : fields) {
        const auto t = default_payout_table(n);
        ASSERT_GE(static_cast<std::int64_t>(t.paid_places()) * 10, n);
        ASSERT_EQ(std::accumulate(t.shares.begin(), t.shares.end(), std::int64_t{0}), kShareDenominator);
        for (std::size_t i = 1; i < t.shares.size(); ++i)
            ASSERT_GE(t.shares[i - 1], t.shares[i]) << n;
        const Cents pool = static_cast<Cents>(n) * 1100 + 7;
        const auto prizes = prizes_for_pool(pool, t);
        ASSERT_EQ(std::accumulate(prizes.begin(), prizes.end(), Cents{0}), pool) << n;
        for (std::size_t i = 1; i < prizes.size(); ++i)
            ASSERT_GE(prizes[i - 1], prizes[i]) << n;
    }
}

}  // namespace
}  // namespace tavolo::engine
