// RULES.md §7: refunds of a cancelled tournament, every row of the table, exact to the cent.
#include <gtest/gtest.h>

#include <map>

#include "engine/tournament/refunds.hpp"
#include "tests/engine/tournament/refund_entrants.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine {
namespace {

using testing::amounts;
using testing::eliminated;
using testing::remaining;

// Sit&Go of 10 at 10+1 (paid 1,100, prize part 1,000), 3 prizes on a 10,000 pool.
RefundCase sit_and_go(int eliminated_count) {
    RefundCase c;
    c.kind = TournamentKind::SitAndGo;
    c.prizes = {5000, 3000, 2000};
    for (int i = 0; i < eliminated_count; ++i)
        c.entrants.push_back(eliminated(100 + i, 1100, 1000));
    return c;
}

TEST(Refunds, rules_7_sit_and_go_above_the_money) {
    auto c = sit_and_go(3);
    const Chips chips[] = {9000, 6000, 5000, 4000, 3000, 2000, 1000};
    for (int i = 0; i < 7; ++i)
        c.entrants.push_back(remaining(i, 1100, 1000, chips[i]));
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->residual, 3000);  // R = prize parts of the eliminated
    // 3,000 / 7 = 428 each, 4 cents left for the 4 biggest stacks.
    auto a = amounts(*plan);
    ASSERT_EQ(a.size(), 7u);
    EXPECT_EQ(a[0], 1529);
    EXPECT_EQ(a[1], 1529);
    EXPECT_EQ(a[2], 1529);
    EXPECT_EQ(a[3], 1529);
    EXPECT_EQ(a[4], 1528);
    EXPECT_EQ(a[5], 1528);
    EXPECT_EQ(a[6], 1528);
    EXPECT_EQ(plan->total(), 10700);
}

TEST(Refunds, rules_7_guaranteed_sit_and_go_above_the_money) {
    auto c = sit_and_go(3);
    c.guarantee = 15000;
    const Chips chips[] = {9000, 6000, 5000, 4000, 3000, 2000, 1000};
    for (int i = 0; i < 7; ++i)
        c.entrants.push_back(remaining(i, 1100, 1000, chips[i]));
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->residual, 8000);  // max(10,000, 15,000) - 7 x 1,000
    auto a = amounts(*plan);
    // 8,000 / 7 = 1,142 each, 6 cents left.
    for (int i = 0; i < 6; ++i)
        EXPECT_EQ(a[i], 2243) << i;
    EXPECT_EQ(a[6], 2242);
    EXPECT_EQ(plan->total(), 15700);
}

TEST(Refunds, rules_7_sit_and_go_in_the_money_pays_eliminated_prize_and_splits_the_rest) {
    auto c = sit_and_go(7);
    c.entrants.push_back(eliminated(200, 1100, 1000, 2000, false));  // third place, not yet credited
    c.entrants.push_back(remaining(1, 1100, 1000, 20000, 1, 0));
    c.entrants.push_back(remaining(2, 1100, 1000, 10000, 1, 1));
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->residual, 8000);
    EXPECT_EQ(plan->eliminated_prizes, 2000);
    auto a = amounts(*plan);
    EXPECT_EQ(a[200], 2000);
    EXPECT_EQ(a[1], 4100);  // 1,100 + (8,000 - 2,000) / 2
    EXPECT_EQ(a[2], 4100);
    EXPECT_EQ(plan->total(), 10200);
}

TEST(Refunds, rules_7_sit_and_go_at_exactly_the_number_of_prizes_is_in_the_money) {
    auto c = sit_and_go(7);
    c.entrants.push_back(remaining(1, 1100, 1000, 12000, 1, 2));
    c.entrants.push_back(remaining(2, 1100, 1000, 10000, 1, 0));
    c.entrants.push_back(remaining(3, 1100, 1000, 8000, 1, 1));
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    auto a = amounts(*plan);
    // (7,000 - 0) / 3 = 2,333, one cent to the biggest stack.
    EXPECT_EQ(a[1], 3434);
    EXPECT_EQ(a[2], 3433);
    EXPECT_EQ(a[3], 3433);
    EXPECT_EQ(plan->total(), 10300);
}

// MTT of 100 at 20+2 (paid 2,200, prize part 2,000), 10 prizes; 12 remain with 500,000 chips:
// entrant 0 has 60,000 (table 2), entrants 1-11 40,000 each (1-5 at table 1, 6-11 at table 2).
RefundCase mtt_twelve_left(TournamentKind kind = TournamentKind::ScheduledMtt) {
    RefundCase c;
    c.kind = kind;
    c.prizes = {60000, 40000, 25000, 20000, 15000, 12000, 10000, 8000, 6000, 4000};
    for (int i = 0; i < 88; ++i)
        c.entrants.push_back(eliminated(1000 + i, 2200, 2000));
    c.entrants.push_back(remaining(0, 2200, 2000, 60000, 2, 3));
    for (int i = 1; i <= 5; ++i)
        c.entrants.push_back(remaining(i, 2200, 2000, 40000, 1, i - 1));
    const int seats[] = {0, 1, 2, 4, 5, 6};
    for (int i = 6; i <= 11; ++i)
        c.entrants.push_back(remaining(i, 2200, 2000, 40000, 2, seats[i - 6]));
    return c;
}

TEST(Refunds, rules_7_mtt_above_the_money_half_equal_half_by_chips) {
    auto plan = plan_refunds(mtt_twelve_left());
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->residual, 176000);
    auto a = amounts(*plan);
    // Equal half 88,000 / 12 = 7,333 r 4 (to 0, 1, 2, 3); chip half 88,000: 10,560 and 7,040 each.
    EXPECT_EQ(a[0], 20094);
    for (int i = 1; i <= 3; ++i)
        EXPECT_EQ(a[i], 16574) << i;
    for (int i = 4; i <= 11; ++i)
        EXPECT_EQ(a[i], 16573) << i;
    EXPECT_EQ(plan->total(), 202400);
    EXPECT_EQ(a.count(1000), 0u);  // the eliminated get nothing
}

TEST(Refunds, rules_7_shoot_out_refunds_like_an_mtt) {
    auto plan = plan_refunds(mtt_twelve_left(TournamentKind::ShootOut));
    ASSERT_TRUE(plan.has_value());
    auto a = amounts(*plan);
    EXPECT_EQ(a[0], 20094);
    EXPECT_EQ(a[11], 16573);
}

TEST(Refunds, rules_7_guaranteed_mtt_above_the_money) {
    auto c = mtt_twelve_left();
    c.guarantee = 300000;
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->residual, 276000);  // max(200,000, 300,000) - 12 x 2,000
    auto a = amounts(*plan);
    // 138,000 / 12 = 11,500 each; chips: 16,560 and 11,040.
    EXPECT_EQ(a[0], 30260);
    for (int i = 1; i <= 11; ++i)
        EXPECT_EQ(a[i], 24740) << i;
    EXPECT_EQ(plan->total(), 302400);
}

TEST(Refunds, rules_7_rebuys_still_open_use_the_eliminated_prize_parts_even_with_a_guarantee) {
    auto c = mtt_twelve_left();
    c.guarantee = 300000;
    c.rebuy_open = true;
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->residual, 176000);
    auto a = amounts(*plan);
    EXPECT_EQ(a[0], 20094);
    EXPECT_EQ(a[4], 16573);
    EXPECT_EQ(plan->total(), 202400);
}

TEST(Refunds, rules_7_mtt_in_the_money_next_prize_plus_half_equal_half_chips) {
    RefundCase c;
    c.kind = TournamentKind::ScheduledMtt;
    c.prizes = {60000, 40000, 25000, 20000, 15000, 12000, 10000, 8000, 6000, 4000};
    for (int i = 0; i < 90; ++i)
        c.entrants.push_back(eliminated(1000 + i, 2200, 2000));
    c.entrants.push_back(eliminated(6, 2200, 2000, 12000, false));  // place 6, not yet credited
    c.entrants.push_back(eliminated(7, 2200, 2000, 10000, true));
    c.entrants.push_back(eliminated(8, 2200, 2000, 8000, true));
    c.entrants.push_back(eliminated(9, 2200, 2000, 6000, true));
    c.entrants.push_back(eliminated(10, 2200, 2000, 4000, true));
    c.entrants.push_back(remaining(1, 2200, 2000, 200000, 1, 0));
    c.entrants.push_back(remaining(2, 2200, 2000, 100000, 1, 1));
    c.entrants.push_back(remaining(3, 2200, 2000, 100000, 1, 2));
    c.entrants.push_back(remaining(4, 2200, 2000, 50000, 1, 3));
    c.entrants.push_back(remaining(5, 2200, 2000, 50000, 1, 4));
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->residual, 190000);
    EXPECT_EQ(plan->eliminated_prizes, 40000);
    EXPECT_EQ(plan->next_prize, 15000);
    EXPECT_EQ(plan->extra, 75000);  // 190,000 - 40,000 - 5 x 15,000
    auto a = amounts(*plan);
    EXPECT_EQ(a[6], 12000);
    EXPECT_EQ(a.count(7), 0u);  // already credited
    EXPECT_EQ(a[1], 39700);     // 2,200 + 15,000 + 7,500 + 15,000
    EXPECT_EQ(a[2], 32200);
    EXPECT_EQ(a[3], 32200);
    EXPECT_EQ(a[4], 28450);
    EXPECT_EQ(a[5], 28450);
    EXPECT_EQ(plan->total(), 12000 + 161000);
}

TEST(Refunds, rules_7_negative_extra_shrinks_the_next_prizes_equally) {
    RefundCase c;
    c.kind = TournamentKind::ScheduledMtt;
    c.prizes = {4000, 3500, 2500};
    for (int i = 0; i < 7; ++i)
        c.entrants.push_back(eliminated(100 + i, 1100, 1000));
    c.entrants.push_back(remaining(1, 1100, 1000, 15000, 1, 0));
    c.entrants.push_back(remaining(2, 1100, 1000, 10000, 1, 1));
    c.entrants.push_back(remaining(3, 1100, 1000, 5000, 1, 2));
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->extra, 0);  // 7,000 - 0 - 3 x 2,500 < 0
    auto a = amounts(*plan);
    EXPECT_EQ(a[1], 3434);  // 1,100 + 2,334
    EXPECT_EQ(a[2], 3433);
    EXPECT_EQ(a[3], 3433);
    EXPECT_EQ(plan->total(), 3300 + 7000);
}

TEST(Refunds, rules_7_freeroll_above_the_money_splits_the_offered_pool) {
    auto c = mtt_twelve_left();
    c.freeroll = true;
    c.offered_prize_parts = 10000;
    for (auto& e : c.entrants) {
        e.paid = 0;
        e.prize_parts = 0;
    }
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->residual, 10000);
    auto a = amounts(*plan);
    // Equal 5,000 / 12 = 416 r 8 (to 0, 1-5, 6, 7); chips 600 and 400.
    EXPECT_EQ(a[0], 1017);
    for (int i = 1; i <= 7; ++i)
        EXPECT_EQ(a[i], 817) << i;
    for (int i = 8; i <= 11; ++i)
        EXPECT_EQ(a[i], 816) << i;
    EXPECT_EQ(plan->total(), 10000);
}

TEST(Refunds, rules_7_guaranteed_freeroll_in_the_money) {
    RefundCase c;
    c.kind = TournamentKind::ScheduledMtt;
    c.freeroll = true;
    c.offered_prize_parts = 10000;
    c.guarantee = 50000;  // M = the guarantee, being higher
    c.prizes = {15000, 10000, 7000, 5000, 4000, 3000, 2500, 1500, 1000, 1000};
    for (int i = 0; i < 90; ++i)
        c.entrants.push_back(eliminated(1000 + i, 0, 0));
    c.entrants.push_back(eliminated(5, 0, 0, 4000, false));
    c.entrants.push_back(eliminated(6, 0, 0, 3000, true));
    c.entrants.push_back(eliminated(7, 0, 0, 2500, true));
    c.entrants.push_back(eliminated(8, 0, 0, 1500, true));
    c.entrants.push_back(eliminated(9, 0, 0, 1000, true));
    c.entrants.push_back(eliminated(10, 0, 0, 1000, true));
    c.entrants.push_back(remaining(1, 0, 0, 200000, 1, 0));
    c.entrants.push_back(remaining(2, 0, 0, 150000, 1, 1));
    c.entrants.push_back(remaining(3, 0, 0, 100000, 1, 2));
    c.entrants.push_back(remaining(4, 0, 0, 50000, 1, 3));
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->residual, 50000);
    EXPECT_EQ(plan->eliminated_prizes, 13000);
    EXPECT_EQ(plan->extra, 17000);  // 50,000 - 13,000 - 4 x 5,000
    auto a = amounts(*plan);
    EXPECT_EQ(a[5], 4000);
    EXPECT_EQ(a[1], 10525);  // 5,000 + 2,125 + 3,400
    EXPECT_EQ(a[2], 9675);
    EXPECT_EQ(a[3], 8825);
    EXPECT_EQ(a[4], 7975);
    EXPECT_EQ(plan->total(), 4000 + 37000);
}

TEST(Refunds, rules_7_heads_up_both_players_get_back_what_they_paid) {
    RefundCase c;
    c.kind = TournamentKind::HeadsUp;
    c.prizes = {4000};
    c.entrants.push_back(remaining(1, 2200, 2000, 4500));
    c.entrants.push_back(remaining(2, 2200, 2000, 1500));
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    auto a = amounts(*plan);
    EXPECT_EQ(a[1], 2200);
    EXPECT_EQ(a[2], 2200);
    EXPECT_EQ(plan->total(), 4400);
}

TEST(Refunds, rules_7_a_finished_tournament_has_nothing_to_cancel) {
    RefundCase c;
    c.prizes = {4000};
    c.entrants.push_back(remaining(1, 2200, 2000, 6000));
    c.entrants.push_back(eliminated(2, 2200, 2000));
    EXPECT_EQ(refusal_of(plan_refunds(c)), RefundError::TournamentOver);
}

TEST(Refunds, rules_6_mtt_below_its_minimum_refunds_every_entry_in_full) {
    std::vector<RefundEntrant> entrants{remaining(1, 2200, 2000, 0), remaining(2, 5500, 5000, 0)};
    auto lines = refund_unstarted(entrants).value();
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0].amount, 2200);
    EXPECT_EQ(lines[1].amount, 5500);
}

}  // namespace
}  // namespace tavolo::engine
