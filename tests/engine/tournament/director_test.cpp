// RULES.md §6: hand-for-hand, the final table, shoot-out stages and the prize pool.
#include <gtest/gtest.h>

#include "engine/tournament/director.hpp"

namespace tavolo::engine {
namespace {

TEST(Director, rules_6_hand_for_hand_only_on_the_bubble_with_several_tables) {
    EXPECT_TRUE(hand_for_hand(31, 30, 4));
    EXPECT_FALSE(hand_for_hand(32, 30, 4));
    EXPECT_FALSE(hand_for_hand(30, 30, 3));  // the first elimination ended it
    EXPECT_FALSE(hand_for_hand(4, 3, 1));    // one table plays one hand at a time anyway
}

TEST(Director, rules_6_final_table_when_the_players_fit_one) {
    EXPECT_TRUE(final_table(10, 10));
    EXPECT_FALSE(final_table(11, 10));
    EXPECT_TRUE(final_table(6, 6));
    EXPECT_FALSE(final_table(1, 10));
}

TEST(Director, rules_6_shoot_out_reseats_winners_evenly_on_fewest_tables) {
    EXPECT_FALSE(shoot_out_stage_over(std::vector<int>{1, 2, 1}));
    EXPECT_TRUE(shoot_out_stage_over(std::vector<int>{1, 1, 1}));
    SeededRandom rng(9);
    std::vector<EntrantId> winners{4, 8, 15, 16, 23, 42, 7, 9, 11, 13, 17};
    auto tables = *reseat_shoot_out(winners, 10, rng);
    ASSERT_EQ(tables.size(), 2u);
    EXPECT_EQ(tables[0].size() + tables[1].size(), 11u);
    EXPECT_LE(std::abs(static_cast<int>(tables[0].size()) - static_cast<int>(tables[1].size())), 1);
}

TEST(Director, rules_6_prize_pool_is_at_least_the_guarantee) {
    EXPECT_EQ(prize_pool(200000, 300000), 300000);
    EXPECT_EQ(overlay(200000, 300000), 100000);
    EXPECT_EQ(prize_pool(350000, 300000), 350000);
    EXPECT_EQ(overlay(350000, 300000), 0);
    EXPECT_EQ(prize_pool(120000, 0), 120000);
}

}  // namespace
}  // namespace tavolo::engine
