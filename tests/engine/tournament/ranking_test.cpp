// RULES.md §6: ranking with simultaneous eliminations.
#include <gtest/gtest.h>

#include "engine/tournament/payouts.hpp"
#include "engine/tournament/ranking.hpp"
#include "tests/engine/tournament/table_support.hpp"

namespace tavolo::engine {
namespace {

TEST(Ranking, rules_6_same_hand_more_starting_chips_rank_higher) {
    // Seats 0-4, button 0; seats 1 (1,000 chips) and 3 (3,000 chips) bust in the same hand.
    Table t(10);
    ASSERT_TRUE(t.sit(0, 10, 5000).has_value());
    ASSERT_TRUE(t.sit(1, 11, 1000).has_value());
    ASSERT_TRUE(t.sit(2, 12, 5000).has_value());
    ASSERT_TRUE(t.sit(3, 13, 3000).has_value());
    ASSERT_TRUE(t.sit(4, 14, 5000).has_value());
    ASSERT_TRUE(t.set_first_button(0).has_value());
    std::vector<Elimination> out;
    testing::play(t, {1, 3}, &out);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0].entrant, 13);
    EXPECT_EQ(out[1].entrant, 11);
    Ranking r(5);
    r.eliminate_in_hand(out);
    EXPECT_EQ(r.placings()[0].entrant, 13);
    EXPECT_EQ(r.placings()[0].place, 4);
    EXPECT_EQ(r.placings()[1].entrant, 11);
    EXPECT_EQ(r.placings()[1].place, 5);
}

TEST(Ranking, rules_6_same_hand_equal_chips_button_then_its_left_rank_higher) {
    auto t = testing::table_with({0, 2, 5, 7}, 5, 10, 2000);
    std::vector<Elimination> out;
    testing::play(t, {0, 2, 7}, &out);  // button 5: seat 7 is 2 to its left, 0 is 5, 2 is 7
    ASSERT_EQ(out.size(), 3u);
    EXPECT_EQ(out[0].seat, 7);
    EXPECT_EQ(out[1].seat, 0);
    EXPECT_EQ(out[2].seat, 2);
    Ranking r(4);
    r.eliminate_in_hand(out);
    EXPECT_EQ(r.placings()[0].place, 2);
    EXPECT_EQ(r.placings()[2].place, 4);
}

TEST(Ranking, rules_6_hand_for_hand_round_equal_chips_at_different_tables_share) {
    Ranking r(10);
    r.eliminate_in_round({{1, 3000, 1, 2}, {2, 5000, 2, 1}, {3, 3000, 2, 4}});
    const auto& p = r.placings();
    ASSERT_EQ(p.size(), 3u);
    EXPECT_EQ(p[0].entrant, 2);
    EXPECT_EQ(p[0].place, 8);
    EXPECT_EQ(p[1].place, 9);
    EXPECT_EQ(p[1].shared, 2);
    EXPECT_EQ(p[2].place, 9);
    EXPECT_EQ(p[2].shared, 2);
    // Places 9 and 10 shared: with prizes only down to 9th, they split the 9th prize.
    std::vector<Cents> prizes{5000, 3000, 1000, 500, 400, 300, 300, 250, 251};
    auto won = prizes_for_placings(p, prizes);
    EXPECT_EQ(won[0], 250);
    EXPECT_EQ(won[1], 126);
    EXPECT_EQ(won[2], 125);
}

TEST(Ranking, rules_6_hand_for_hand_equal_chips_same_table_rank_by_seat) {
    Ranking r(6);
    r.eliminate_in_round({{1, 3000, 1, 4}, {2, 3000, 1, 1}});
    EXPECT_EQ(r.placings()[0].entrant, 2);
    EXPECT_EQ(r.placings()[0].shared, 1);
    EXPECT_EQ(r.placings()[0].place, 5);
    EXPECT_EQ(r.placings()[1].place, 6);
}

TEST(Ranking, rules_6_every_entrant_ranked_once_with_the_winner_first) {
    Ranking r(3);
    std::vector<Elimination> a{{5, 0, 100, 0}};
    r.eliminate_in_hand(a);
    std::vector<Elimination> b{{6, 0, 100, 0}};
    r.eliminate_in_hand(b);
    r.crown(7);
    EXPECT_EQ(r.unranked(), 0);
    EXPECT_EQ(r.placings()[0].place, 3);
    EXPECT_EQ(r.placings()[1].place, 2);
    EXPECT_EQ(r.placings()[2].place, 1);
}

}  // namespace
}  // namespace tavolo::engine
