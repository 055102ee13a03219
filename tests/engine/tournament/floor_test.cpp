// RULES.md §6: breaking and balancing tables.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/tournament/floor.hpp"
#include "engine/tournament/seating.hpp"
#include "tests/engine/tournament/floor_support.hpp"
#include "tests/engine/tournament/table_support.hpp"

namespace tavolo::engine {
namespace {

using testing::FloorOfTables;

// Tables of the given player counts (seats 0..n-1), each having played one hand with the button
// at seat 0 (so the last big blind is seat 2), and the director's view of them from their reports.
FloorOfTables floor_with(std::vector<int> counts, int table_size = 10) {
    FloorOfTables f(static_cast<int>(counts.size()), table_size);
    EntrantId next = 0;
    for (int id = 0; id < static_cast<int>(counts.size()); ++id) {
        Table& t = f.table(id);
        for (SeatIndex s = 0; s < counts[static_cast<std::size_t>(id)]; ++s)
            EXPECT_TRUE(t.sit(s, next++, 1000).has_value());
        if (t.player_count() >= 2) {
            EXPECT_TRUE(t.set_first_button(0).has_value());
            testing::play(t);
        }
        f.report(id);
    }
    return f;
}

// The view the director decided from agrees with the tables once its moves are applied.
void expect_in_step(FloorOfTables& f) {
    for (int id = 0; id < f.floor.table_count(); ++id) {
        if (!f.floor.open(id)) {
            EXPECT_EQ(f.table(id).player_count(), 0) << "a closed table is empty";
            continue;
        }
        const TableView& view = f.floor.table(id);
        ASSERT_EQ(view.player_count(), f.table(id).player_count()) << "table " << id;
        for (SeatIndex s = 0; s < view.size(); ++s)
            EXPECT_EQ(view.at(s).entrant, f.table(id).at(s).entrant) << "table " << id << " seat " << s;
        EXPECT_EQ(view.next_big_blind_seat(), f.table(id).next_big_blind_seat()) << "table " << id;
        EXPECT_EQ(view.seat_posting_big_blind_soonest(), f.table(id).seat_posting_big_blind_soonest());
    }
}

TEST(Balancing, rules_6_table_two_above_smallest_sends_next_big_blind_to_smallest) {
    auto f = floor_with({9, 9, 7});
    SeededRandom rng(1);
    auto moves = *f.after_hand(0, rng);
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_FALSE(moves[0].breaking);
    EXPECT_EQ(moves[0].from_table, 0);
    EXPECT_EQ(moves[0].from_seat, 3);  // last big blind 2: seat 3 posts the next one
    EXPECT_EQ(moves[0].to_table, 2);
    EXPECT_EQ(moves[0].to_seat, 7);  // the first empty seat after table 2's last big blind (2)
    EXPECT_EQ(f.table(0).player_count(), 8);
    EXPECT_EQ(f.table(2).player_count(), 8);
    // The moved player posts the big blind at once at the new table.
    auto pos = f.table(2).next_positions();
    ASSERT_TRUE(pos.has_value());
    EXPECT_EQ(pos->big_blind, 3);  // seat 3 is occupied at table 2, so the arrival at 7 waits its turn
}

TEST(Balancing, rules_6_arrival_in_seat_after_last_big_blind_posts_it) {
    auto f = floor_with({10, 3});
    SeededRandom rng(1);
    auto moves = *f.after_hand(0, rng);
    // 10 vs 3: moves until within one: 7 and 6 after 3 moves... 10-3 -> 9/4 -> 8/5 -> 7/6.
    ASSERT_EQ(moves.size(), 3u);
    EXPECT_EQ(moves[0].to_seat, 3);  // table 1 had seats 0-2, last big blind 2
    auto pos = f.table(1).next_positions();
    ASSERT_TRUE(pos.has_value());
    EXPECT_EQ(pos->big_blind, 3);
    EXPECT_TRUE(std::find(pos->dealt_in.begin(), pos->dealt_in.end(), 3) != pos->dealt_in.end());
}

TEST(Balancing, rules_6_ties_go_to_the_lowest_numbered_smallest_table) {
    auto f = floor_with({10, 8, 8});
    SeededRandom rng(1);
    auto moves = *f.after_hand(0, rng);
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(moves[0].to_table, 1);
}

TEST(Balancing, rules_6_a_table_one_above_the_smallest_stays) {
    auto f = floor_with({9, 8, 8});
    SeededRandom rng(1);
    auto moves = *f.after_hand(0, rng);
    EXPECT_TRUE(moves.empty());
}

TEST(Breaking, rules_6_smallest_table_breaks_when_players_fit_one_fewer) {
    auto f = floor_with({6, 6, 5});
    SeededRandom rng(3);
    auto moves = *f.after_hand(0, rng);
    ASSERT_EQ(moves.size(), 5u);
    for (const auto& m : moves) {
        EXPECT_TRUE(m.breaking);
        EXPECT_EQ(m.from_table, 2);
        EXPECT_NE(m.to_table, 2);
    }
    EXPECT_FALSE(f.floor.open(2));
    EXPECT_EQ(f.floor.open_tables(), 2);
    EXPECT_EQ(f.floor.players(), 17);
    expect_in_step(f);
    EXPECT_LE(std::abs(f.table(0).player_count() - f.table(1).player_count()), 1);
}

TEST(Breaking, rules_6_ties_break_the_highest_numbered_table) {
    auto f = floor_with({6, 5, 5});
    EXPECT_EQ(f.floor.table_to_break(), 2);
    auto g = floor_with({5, 5, 6});
    EXPECT_EQ(g.floor.table_to_break(), 1);
}

TEST(Breaking, rules_6_no_break_while_players_need_every_table) {
    auto f = floor_with({7, 7, 7});  // 21 players need 3 tables of 10
    EXPECT_EQ(f.floor.table_to_break(), std::nullopt);
}

TEST(Breaking, rules_6_breaking_is_random_over_the_smallest_tables) {
    // 4 + 4 + 4 + 3: the 3 go one by one to a currently smallest table, at random.
    std::array<int, 3> first{};
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        auto f = floor_with({4, 4, 4, 3}, 5);
        SeededRandom rng(seed);
        auto moves = *f.floor.break_table(3, rng);
        f.apply(moves);
        expect_in_step(f);
        ASSERT_EQ(moves.size(), 3u);
        first[static_cast<std::size_t>(moves[0].to_table)]++;
        // Each goes to a different table, since each receiver becomes larger than the others.
        EXPECT_NE(moves[0].to_table, moves[1].to_table);
        EXPECT_NE(moves[1].to_table, moves[2].to_table);
        EXPECT_NE(moves[0].to_table, moves[2].to_table);
    }
    for (int n : first)
        EXPECT_GT(n, 70);
}

// The director decides from the tables' reports only; its view must name the same next big
// blind and the same seat posting it soonest as the tables themselves after every move.
TEST(Balancing, rules_6_never_two_tables_two_apart_and_fewest_tables_through_a_tournament) {
    SeededRandom rng(11);
    for (int size : {6, 9, 10}) {
        std::vector<EntrantId> entrants(437);
        for (int i = 0; i < 437; ++i)
            entrants[static_cast<std::size_t>(i)] = i;
        auto seating = *draw_seating(entrants, size, rng);
        FloorOfTables f(static_cast<int>(seating.size()), size);
        for (int id = 0; id < f.floor.table_count(); ++id) {
            for (const auto& a : seating[static_cast<std::size_t>(id)])
                ASSERT_TRUE(f.table(id).sit(a.seat, a.entrant, 1000).has_value());
            ASSERT_TRUE(f.table(id).draw_button(rng).has_value());
            f.report(id);
        }
        ASSERT_LE(f.floor.largest_size() - f.floor.smallest_size(), 1);
        while (f.floor.players() > 1) {
            // Every table plays a hand; each player busts with probability 1/8 (never the whole table).
            for (int id = 0; id < f.floor.table_count(); ++id) {
                if (!f.floor.open(id) || f.table(id).player_count() < 2) continue;
                auto& t = f.table(id);
                std::set<SeatIndex> busted;
                for (SeatIndex s = 0; s < t.size(); ++s)
                    if (t.occupied(s) && rng.uniform_below(8) == 0) busted.insert(s);
                if (static_cast<int>(busted.size()) >= t.player_count()) busted.erase(busted.begin());
                testing::play(t, busted);
                f.report(id);
            }
            for (int id = 0; id < f.floor.table_count(); ++id) {
                if (f.floor.open(id)) {
                    ASSERT_TRUE(f.after_hand(id, rng).has_value());
                }
            }
            ASSERT_LE(f.floor.largest_size() - f.floor.smallest_size(), 1) << "size " << size;
            ASSERT_EQ(f.floor.open_tables(), tables_needed(f.floor.players(), size)) << "size " << size;
            int counted = 0;
            for (int id = 0; id < f.floor.table_count(); ++id)
                if (f.floor.open(id)) counted += f.table(id).player_count();
            ASSERT_EQ(counted, f.floor.players());
            expect_in_step(f);
            if (::testing::Test::HasFailure()) return;
        }
    }
}

TEST(Seating, rules_6_draw_seats_players_evenly_on_fewest_tables) {
    SeededRandom rng(5);
    std::vector<EntrantId> entrants(23);
    for (int i = 0; i < 23; ++i)
        entrants[static_cast<std::size_t>(i)] = i;
    auto tables = *draw_seating(entrants, 10, rng);
    ASSERT_EQ(tables.size(), 3u);
    std::vector<int> seen(23, 0);
    for (const auto& t : tables) {
        EXPECT_GE(t.size(), 7u);
        EXPECT_LE(t.size(), 8u);
        for (std::size_t i = 0; i < t.size(); ++i) {
            seen[static_cast<std::size_t>(t[i].entrant)]++;
            EXPECT_GE(t[i].seat, 0);
            EXPECT_LT(t[i].seat, 10);
            if (i > 0) {
                EXPECT_LT(t[i - 1].seat, t[i].seat);
            }
        }
    }
    for (int s : seen)
        EXPECT_EQ(s, 1);
}

}  // namespace
}  // namespace tavolo::engine
