// RULES.md §7: every row of the refund table recomputed by hand, three or more cases each, the
// expected cents worked out in the comments (independent review of refunds.cpp).
#include <gtest/gtest.h>

#include <map>

#include "engine/tournament/refunds.hpp"
#include "tests/engine/tournament/refund_entrants.hpp"

namespace tavolo::engine {
namespace {

using testing::eliminated;
using testing::remaining;

RefundCase with(TournamentKind kind, std::vector<Cents> prizes) {
    RefundCase c;
    c.kind = kind;
    c.prizes = std::move(prizes);
    return c;
}

void add_out(RefundCase& c, int n, Cents paid, Cents parts, EntrantId first = 1000) {
    for (int i = 0; i < n; ++i)
        c.entrants.push_back(eliminated(first + i, paid, parts));
}

std::map<EntrantId, Cents> plan_of(const RefundCase& c, Cents expected_total) {
    auto plan = plan_refunds(c);
    EXPECT_TRUE(plan.has_value());
    if (!plan) return {};
    EXPECT_EQ(plan->total(), expected_total);
    std::map<EntrantId, Cents> a;
    for (const auto& l : plan->lines) {
        EXPECT_GE(l.amount, 0);
        a[l.entrant] += l.amount;
    }
    // Deterministic: the same case, the same plan line for line.
    auto again = plan_refunds(c);
    EXPECT_TRUE(again.has_value());
    if (again) {
        EXPECT_EQ(again->lines.size(), plan->lines.size());
        for (std::size_t i = 0; i < plan->lines.size() && i < again->lines.size(); ++i) {
            EXPECT_EQ(again->lines[i].entrant, plan->lines[i].entrant);
            EXPECT_EQ(again->lines[i].amount, plan->lines[i].amount);
        }
    }
    return a;
}

// --- heads-up: both players get back what they paid -------------------------------------------

TEST(RefundsByHand, rules_7_heads_up_equal_buy_ins) {
    auto c = with(TournamentKind::HeadsUp, {2000});
    c.entrants = {remaining(1, 1100, 1000, 5000), remaining(2, 1100, 1000, 1000)};
    auto a = plan_of(c, 2200);
    EXPECT_EQ(a[1], 1100);
    EXPECT_EQ(a[2], 1100);
}

TEST(RefundsByHand, rules_7_heads_up_a_rebuy_is_paid_back_too) {
    auto c = with(TournamentKind::HeadsUp, {3000});
    c.entrants = {remaining(1, 2200, 2000, 5000), remaining(2, 1100, 1000, 1000)};
    auto a = plan_of(c, 3300);
    EXPECT_EQ(a[1], 2200);
    EXPECT_EQ(a[2], 1100);
}

TEST(RefundsByHand, rules_7_heads_up_guarantee_changes_nothing) {
    auto c = with(TournamentKind::HeadsUp, {5000});
    c.guarantee = 5000;
    c.entrants = {remaining(1, 1100, 1000, 3000), remaining(2, 1100, 1000, 3000)};
    auto a = plan_of(c, 2200);
    EXPECT_EQ(a[1], 1100);
    EXPECT_EQ(a[2], 1100);
}

TEST(RefundsByHand, rules_7_heads_up_bracket_of_four_refunds_like_a_shoot_out) {
    // A heads-up tournament of 4 (two heads-up tables, winners meet): with 2 left, the two
    // eliminated players' prize parts (R = 2,000) must not vanish. The heads-up row is for a
    // two-player tournament; a bracket is a shoot-out of heads-up tables (decided). k = 2 > P = 1:
    // 1,000 equally (500 each), 1,000 by chips 3,000 / 1,000: 750 / 250.
    auto c = with(TournamentKind::HeadsUp, {4000});
    add_out(c, 2, 1100, 1000);
    c.entrants.push_back(remaining(1, 1100, 1000, 3000));
    c.entrants.push_back(remaining(2, 1100, 1000, 1000, 1));
    auto a = plan_of(c, 2 * 1100 + 2000);
    EXPECT_EQ(a[1], 1100 + 500 + 750);
    EXPECT_EQ(a[2], 1100 + 500 + 250);
}

// --- Sit&Go, k > P: eliminated nothing; remaining paid + R/k ----------------------------------

TEST(RefundsByHand, rules_7_sit_and_go_above_the_money_even_split) {
    // 6 at 5+0.50, P = 2; 2 out: R = 1,000; 4 remain: 550 + 250.
    auto c = with(TournamentKind::SitAndGo, {2000, 1000});
    add_out(c, 2, 550, 500);
    for (int i = 1; i <= 4; ++i)
        c.entrants.push_back(remaining(i, 550, 500, 1000 * i));
    auto a = plan_of(c, 4 * 550 + 1000);
    for (int i = 1; i <= 4; ++i)
        EXPECT_EQ(a[i], 800);
    EXPECT_EQ(a.size(), 4u);  // the eliminated get nothing
}

TEST(RefundsByHand, rules_7_sit_and_go_above_the_money_guaranteed_leftover_to_most_chips) {
    // Guarantee 4,000 on 3,000 of prize parts; 3 out: R = 4,000 - 1,500 = 2,500; 2,500 / 3 = 833
    // r 1: the cent to the most chips (1).
    auto c = with(TournamentKind::SitAndGo, {2500, 1500});
    c.guarantee = 4000;
    add_out(c, 3, 550, 500);
    c.entrants.push_back(remaining(1, 550, 500, 9000));
    c.entrants.push_back(remaining(2, 550, 500, 5000));
    c.entrants.push_back(remaining(3, 550, 500, 4000));
    auto a = plan_of(c, 3 * 550 + 2500);
    EXPECT_EQ(a[1], 550 + 834);
    EXPECT_EQ(a[2], 550 + 833);
    EXPECT_EQ(a[3], 550 + 833);
}

TEST(RefundsByHand, rules_7_sit_and_go_rebuys_open_ignore_the_guarantee_ties_by_seat) {
    // Re-buys still possible: R = eliminated prize parts = 500 + 1,000 (a re-buy) + 500 = 2,000,
    // guarantee or not. 2,000 / 3 = 666 r 2. Chips 6,000 / 6,000 / 3,000; the tie at table 0
    // goes by seat from the button: seat 1 (entrant 2) then seat 4 (entrant 1).
    auto c = with(TournamentKind::SitAndGo, {2000, 1000});
    c.guarantee = 10000;
    c.rebuy_open = true;
    c.entrants.push_back(eliminated(10, 550, 500));
    c.entrants.push_back(eliminated(11, 1100, 1000));
    c.entrants.push_back(eliminated(12, 550, 500));
    c.entrants.push_back(remaining(1, 1100, 1000, 6000, 0, 4));  // re-bought once
    c.entrants.push_back(remaining(2, 550, 500, 6000, 0, 1));
    c.entrants.push_back(remaining(3, 550, 500, 3000, 0, 2));
    auto a = plan_of(c, 1100 + 550 + 550 + 2000);
    EXPECT_EQ(a[1], 1100 + 667);
    EXPECT_EQ(a[2], 550 + 667);
    EXPECT_EQ(a[3], 550 + 666);
}

// --- Sit&Go, k <= P: paid places their prize; remaining paid + (R - E)/k -----------------------

// 10 at 10+1 (1,100 / 1,000), prizes 5,000 / 3,000 / 2,000.
RefundCase sng_ten() {
    return with(TournamentKind::SitAndGo, {5000, 3000, 2000});
}

TEST(RefundsByHand, rules_7_sit_and_go_in_the_money_credited_prize_not_paid_again) {
    // k = 2: third (2,000) already credited. R = 8,000, E = 2,000: (8,000 - 2,000) / 2 = 3,000.
    auto c = sng_ten();
    add_out(c, 7, 1100, 1000);
    c.entrants.push_back(eliminated(3, 1100, 1000, 2000, true));
    c.entrants.push_back(remaining(1, 1100, 1000, 20000));
    c.entrants.push_back(remaining(2, 1100, 1000, 10000));
    auto a = plan_of(c, 2 * 1100 + 6000);
    EXPECT_EQ(a[1], 4100);
    EXPECT_EQ(a[2], 4100);
    EXPECT_EQ(a.count(3), 0u);
}

TEST(RefundsByHand, rules_7_sit_and_go_at_p_equal_chips_leftover_by_seat_from_button) {
    // k = 3 = P: R = 7,000, E = 0: 2,333 r 1; all 10,000 chips at table 0: seat 0 (entrant 2).
    auto c = sng_ten();
    add_out(c, 7, 1100, 1000);
    c.entrants.push_back(remaining(1, 1100, 1000, 10000, 0, 2));
    c.entrants.push_back(remaining(2, 1100, 1000, 10000, 0, 0));
    c.entrants.push_back(remaining(3, 1100, 1000, 10000, 0, 5));
    auto a = plan_of(c, 3 * 1100 + 7000);
    EXPECT_EQ(a[2], 1100 + 2334);
    EXPECT_EQ(a[1], 1100 + 2333);
    EXPECT_EQ(a[3], 1100 + 2333);
}

TEST(RefundsByHand, rules_7_sit_and_go_in_the_money_guaranteed) {
    // Guarantee 15,000, prizes 7,500 / 4,500 / 3,000; k = 2, third out unpaid yet.
    // R = 15,000 - 2,000 = 13,000; E = 3,000; (13,000 - 3,000) / 2 = 5,000.
    auto c = with(TournamentKind::SitAndGo, {7500, 4500, 3000});
    c.guarantee = 15000;
    add_out(c, 7, 1100, 1000);
    c.entrants.push_back(eliminated(3, 1100, 1000, 3000, false));
    c.entrants.push_back(remaining(1, 1100, 1000, 20000));
    c.entrants.push_back(remaining(2, 1100, 1000, 10000));
    auto a = plan_of(c, 3000 + 2 * 1100 + 10000);
    EXPECT_EQ(a[3], 3000);
    EXPECT_EQ(a[1], 6100);
    EXPECT_EQ(a[2], 6100);
}

TEST(RefundsByHand, rules_7_sit_and_go_in_the_money_odd_cent_to_the_bigger_stack) {
    // Prizes 5,000 / 2,999 / 2,001; k = 2: R = 8,000, E = 2,001, 5,999 / 2 = 2,999 r 1.
    auto c = with(TournamentKind::SitAndGo, {5000, 2999, 2001});
    add_out(c, 7, 1100, 1000);
    c.entrants.push_back(eliminated(3, 1100, 1000, 2001, true));
    c.entrants.push_back(remaining(1, 1100, 1000, 10000));
    c.entrants.push_back(remaining(2, 1100, 1000, 20000));
    auto a = plan_of(c, 2 * 1100 + 5999);
    EXPECT_EQ(a[2], 1100 + 3000);
    EXPECT_EQ(a[1], 1100 + 2999);
}

// --- MTT / shoot-out, k > P: paid + half of R equally + half pro rata to chips ----------------

TEST(RefundsByHand, rules_7_mtt_above_the_money) {
    // 20 at 20+2; 15 out: R = 30,000. Equal 15,000 / 5 = 3,000; chips 40/25/15/12/8 % of 100,000
    // give 6,000 / 3,750 / 2,250 / 1,800 / 1,200 of the other 15,000.
    for (auto kind : {TournamentKind::ScheduledMtt, TournamentKind::ShootOut}) {
        auto c = with(kind, {20000, 12000, 8000});
        add_out(c, 15, 2200, 2000);
        c.entrants.push_back(remaining(1, 2200, 2000, 40000));
        c.entrants.push_back(remaining(2, 2200, 2000, 25000));
        c.entrants.push_back(remaining(3, 2200, 2000, 15000));
        c.entrants.push_back(remaining(4, 2200, 2000, 12000));
        c.entrants.push_back(remaining(5, 2200, 2000, 8000));
        auto a = plan_of(c, 5 * 2200 + 30000);
        EXPECT_EQ(a[1], 11200);
        EXPECT_EQ(a[2], 8950);
        EXPECT_EQ(a[3], 7450);
        EXPECT_EQ(a[4], 7000);
        EXPECT_EQ(a[5], 6400);
    }
}

TEST(RefundsByHand, rules_7_mtt_above_the_money_odd_residual_and_leftovers) {
    // R = 10,001: equal half floor = 5,000 -> 1,666 r 2 (to 1 and 2); chip half 5,001 on
    // 500 / 300 / 200: 2,500.5 / 1,500.3 / 1,000.2 -> 2,500 / 1,500 / 1,000, 1 left (to 1).
    auto c = with(TournamentKind::ScheduledMtt, {10000});
    c.entrants.push_back(eliminated(9, 10001, 10001));
    c.entrants.push_back(remaining(1, 1100, 1000, 500));
    c.entrants.push_back(remaining(2, 1100, 1000, 300));
    c.entrants.push_back(remaining(3, 1100, 1000, 200));
    auto a = plan_of(c, 3 * 1100 + 10001);
    EXPECT_EQ(a[1], 1100 + 1667 + 2501);
    EXPECT_EQ(a[2], 1100 + 1667 + 1500);
    EXPECT_EQ(a[3], 1100 + 1666 + 1000);
}

TEST(RefundsByHand, rules_7_mtt_above_the_money_guaranteed) {
    // 10 at 10+1, guarantee 20,000; 6 out: R = 20,000 - 4,000 = 16,000. Equal 2,000 each; chips
    // 20/15/10/5 of 50,000 share 8,000: 3,200 / 2,400 / 1,600 / 800.
    auto c = with(TournamentKind::ScheduledMtt, {12000, 8000});
    c.guarantee = 20000;
    add_out(c, 6, 1100, 1000);
    c.entrants.push_back(remaining(1, 1100, 1000, 20000));
    c.entrants.push_back(remaining(2, 1100, 1000, 15000));
    c.entrants.push_back(remaining(3, 1100, 1000, 10000));
    c.entrants.push_back(remaining(4, 1100, 1000, 5000));
    auto a = plan_of(c, 4 * 1100 + 16000);
    EXPECT_EQ(a[1], 6300);
    EXPECT_EQ(a[2], 5500);
    EXPECT_EQ(a[3], 4700);
    EXPECT_EQ(a[4], 3900);
}

TEST(RefundsByHand, rules_7_mtt_above_the_money_rebuys_open) {
    // The same with a re-buy still possible: R = 6,000 (eliminated parts). 750 each; 3,000 by
    // chips: 1,200 / 900 / 600 / 300.
    auto c = with(TournamentKind::ScheduledMtt, {12000, 8000});
    c.guarantee = 20000;
    c.rebuy_open = true;
    add_out(c, 6, 1100, 1000);
    c.entrants.push_back(remaining(1, 1100, 1000, 20000));
    c.entrants.push_back(remaining(2, 1100, 1000, 15000));
    c.entrants.push_back(remaining(3, 1100, 1000, 10000));
    c.entrants.push_back(remaining(4, 1100, 1000, 5000));
    auto a = plan_of(c, 4 * 1100 + 6000);
    EXPECT_EQ(a[1], 3050);
    EXPECT_EQ(a[2], 2750);
    EXPECT_EQ(a[3], 2450);
    EXPECT_EQ(a[4], 2150);
}

TEST(RefundsByHand, rules_7_leftover_cents_chips_then_table_then_seat_from_button) {
    // R = 10: equal 5 / 5 = 1 each. Chip half 5 on 2,000 + 4 x 1,000: 1.67 -> 1 and 0.83 -> 0,
    // 4 cents left: entrant 5 (most chips), then table 1 seat 1 (3), table 1 seat 3 (2), table 2
    // seat 0 (1); entrant 4 (table 2 seat 5) gets none.
    auto c = with(TournamentKind::ScheduledMtt, {10});
    c.entrants.push_back(eliminated(9, 10, 10));
    c.entrants.push_back(remaining(1, 100, 0, 1000, 2, 0));
    c.entrants.push_back(remaining(2, 100, 0, 1000, 1, 3));
    c.entrants.push_back(remaining(3, 100, 0, 1000, 1, 1));
    c.entrants.push_back(remaining(4, 100, 0, 1000, 2, 5));
    c.entrants.push_back(remaining(5, 100, 0, 2000, 3, 9));
    auto a = plan_of(c, 5 * 100 + 10);
    EXPECT_EQ(a[5], 103);
    EXPECT_EQ(a[3], 102);
    EXPECT_EQ(a[2], 102);
    EXPECT_EQ(a[1], 102);
    EXPECT_EQ(a[4], 101);
}

// --- MTT / shoot-out, k <= P: paid + next prize + X = R - E - k x next, half and half ---------

// 20 at 20+2, pool 40,000: 20,000 / 12,000 / 8,000.
RefundCase mtt_twenty() {
    return with(TournamentKind::ScheduledMtt, {20000, 12000, 8000});
}

TEST(RefundsByHand, rules_7_mtt_at_p) {
    // k = 3: R = 34,000, E = 0, next = 8,000, X = 10,000: 5,000 equally = 1,666 r 2; 5,000 by
    // chips 50/30/20 %: 2,500 / 1,500 / 1,000.
    auto c = mtt_twenty();
    add_out(c, 17, 2200, 2000);
    c.entrants.push_back(remaining(1, 2200, 2000, 50000));
    c.entrants.push_back(remaining(2, 2200, 2000, 30000));
    c.entrants.push_back(remaining(3, 2200, 2000, 20000));
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->next_prize, 8000);
    EXPECT_EQ(plan->extra, 10000);
    auto a = plan_of(c, 3 * 2200 + 34000);
    EXPECT_EQ(a[1], 2200 + 8000 + 1667 + 2500);
    EXPECT_EQ(a[2], 2200 + 8000 + 1667 + 1500);
    EXPECT_EQ(a[3], 2200 + 8000 + 1666 + 1000);
}

TEST(RefundsByHand, rules_7_mtt_in_the_money_with_an_uncredited_prize) {
    // k = 2, third (8,000) not yet credited: R = 36,000, E = 8,000, next = 12,000,
    // X = 36,000 - 8,000 - 24,000 = 4,000: 1,000 each; 2,000 by chips 60/40: 1,200 / 800.
    auto c = mtt_twenty();
    add_out(c, 17, 2200, 2000);
    c.entrants.push_back(eliminated(3, 2200, 2000, 8000, false));
    c.entrants.push_back(remaining(1, 2200, 2000, 60000));
    c.entrants.push_back(remaining(2, 2200, 2000, 40000));
    auto a = plan_of(c, 8000 + 2 * 2200 + 28000);
    EXPECT_EQ(a[3], 8000);
    EXPECT_EQ(a[1], 2200 + 12000 + 1000 + 1200);
    EXPECT_EQ(a[2], 2200 + 12000 + 1000 + 800);
    // Credited already: the same shares, no second payment.
    c.entrants[17].prize_credited = true;
    auto b = plan_of(c, 2 * 2200 + 28000);
    EXPECT_EQ(b.count(3), 0u);
    EXPECT_EQ(b[1], a[1]);
}

TEST(RefundsByHand, rules_7_mtt_negative_x_shrinks_next_prizes_equally) {
    // A 100,000 guarantee paying 50,000 / 30,000 / 20,000, re-buys still open: R = 34,000
    // (eliminated parts). k = 3: 3 x 20,000 > 34,000, so X = 0 and each next prize becomes
    // 34,000 / 3 = 11,333 r 1 (to the most chips).
    auto c = with(TournamentKind::ScheduledMtt, {50000, 30000, 20000});
    c.guarantee = 100000;
    c.rebuy_open = true;
    add_out(c, 17, 2200, 2000);
    c.entrants.push_back(remaining(1, 2200, 2000, 50000));
    c.entrants.push_back(remaining(2, 2200, 2000, 30000));
    c.entrants.push_back(remaining(3, 2200, 2000, 20000));
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->extra, 0);
    EXPECT_EQ(plan->next_prize, 11333);
    auto a = plan_of(c, 3 * 2200 + 34000);
    EXPECT_EQ(a[1], 2200 + 11334);
    EXPECT_EQ(a[2], 2200 + 11333);
    EXPECT_EQ(a[3], 2200 + 11333);
}

TEST(RefundsByHand, rules_7_mtt_negative_x_after_an_eliminated_prize) {
    // k = 2, third (20,000) unpaid: R = 36,000, E = 20,000, 16,000 left for 2 x 30,000: 8,000 each.
    auto c = with(TournamentKind::ScheduledMtt, {50000, 30000, 20000});
    c.guarantee = 100000;
    c.rebuy_open = true;
    add_out(c, 17, 2200, 2000);
    c.entrants.push_back(eliminated(3, 2200, 2000, 20000, false));
    c.entrants.push_back(remaining(1, 2200, 2000, 50000));
    c.entrants.push_back(remaining(2, 2200, 2000, 30000));
    auto a = plan_of(c, 20000 + 2 * 2200 + 16000);
    EXPECT_EQ(a[3], 20000);
    EXPECT_EQ(a[1], 2200 + 8000);
    EXPECT_EQ(a[2], 2200 + 8000);
}

// --- freeroll, k > P: half of M equally + half by chips; nothing paid back ---------------------

TEST(RefundsByHand, rules_7_freeroll_above_the_money_offered_pool) {
    // M = 5,000: 250 each; 2,500 by chips 30,000 + 9 x 20,000 = 210,000: 357.1 -> 357 and
    // 238.1 -> 238 (x 9), 1 cent left to the biggest stack.
    auto c = with(TournamentKind::ScheduledMtt, {2000, 1500, 800, 400, 300});
    c.freeroll = true;
    c.offered_prize_parts = 5000;
    add_out(c, 40, 0, 0);
    c.entrants.push_back(remaining(1, 0, 0, 30000));
    for (int i = 2; i <= 10; ++i)
        c.entrants.push_back(remaining(i, 0, 0, 20000, 0, i));
    auto a = plan_of(c, 5000);
    EXPECT_EQ(a[1], 250 + 358);
    for (int i = 2; i <= 10; ++i)
        EXPECT_EQ(a[i], 250 + 238) << i;
}

TEST(RefundsByHand, rules_7_freeroll_above_the_money_guarantee_higher) {
    // M = max(5,000, 10,000): 1,250 each; 5,000 by chips 40/30/20/10 %.
    auto c = with(TournamentKind::ScheduledMtt, {6000, 4000});
    c.freeroll = true;
    c.offered_prize_parts = 5000;
    c.guarantee = 10000;
    add_out(c, 6, 0, 0);
    c.entrants.push_back(remaining(1, 0, 0, 4000));
    c.entrants.push_back(remaining(2, 0, 0, 3000));
    c.entrants.push_back(remaining(3, 0, 0, 2000));
    c.entrants.push_back(remaining(4, 0, 0, 1000));
    auto a = plan_of(c, 10000);
    EXPECT_EQ(a[1], 3250);
    EXPECT_EQ(a[2], 2750);
    EXPECT_EQ(a[3], 2250);
    EXPECT_EQ(a[4], 1750);
}

TEST(RefundsByHand, rules_7_heads_up_freeroll_splits_the_offered_pool) {
    // M = 1,000: 250 each; 500 by chips 3,000 / 1,000: 375 / 125.
    auto c = with(TournamentKind::HeadsUp, {1000});
    c.freeroll = true;
    c.offered_prize_parts = 1000;
    c.entrants = {remaining(1, 0, 0, 3000), remaining(2, 0, 0, 1000)};
    auto a = plan_of(c, 1000);
    EXPECT_EQ(a[1], 625);
    EXPECT_EQ(a[2], 375);
}

// --- freeroll, k <= P: next prize + X = M - E - k x next ------------------------------------

TEST(RefundsByHand, rules_7_freeroll_at_p) {
    // M = 10,000, prizes 5,000 / 3,000 / 2,000, k = 3: X = 4,000: 2,000 equally = 666 r 2;
    // 2,000 by chips 50/30/20 %: 1,000 / 600 / 400.
    auto c = with(TournamentKind::ScheduledMtt, {5000, 3000, 2000});
    c.freeroll = true;
    c.offered_prize_parts = 10000;
    add_out(c, 27, 0, 0);
    c.entrants.push_back(remaining(1, 0, 0, 5000));
    c.entrants.push_back(remaining(2, 0, 0, 3000));
    c.entrants.push_back(remaining(3, 0, 0, 2000));
    auto a = plan_of(c, 10000);
    EXPECT_EQ(a[1], 2000 + 667 + 1000);
    EXPECT_EQ(a[2], 2000 + 667 + 600);
    EXPECT_EQ(a[3], 2000 + 666 + 400);
}

TEST(RefundsByHand, rules_7_freeroll_in_the_money_pays_the_eliminated_prize) {
    // k = 2, third (2,000) unpaid: E = 2,000, next = 3,000, X = 10,000 - 2,000 - 6,000 = 2,000:
    // 500 each; 1,000 by chips 60/40: 600 / 400.
    auto c = with(TournamentKind::ScheduledMtt, {5000, 3000, 2000});
    c.freeroll = true;
    c.offered_prize_parts = 10000;
    add_out(c, 27, 0, 0);
    c.entrants.push_back(eliminated(3, 0, 0, 2000, false));
    c.entrants.push_back(remaining(1, 0, 0, 6000));
    c.entrants.push_back(remaining(2, 0, 0, 4000));
    auto a = plan_of(c, 10000);
    EXPECT_EQ(a[3], 2000);
    EXPECT_EQ(a[1], 3000 + 500 + 600);
    EXPECT_EQ(a[2], 3000 + 500 + 400);
}

TEST(RefundsByHand, rules_7_guaranteed_freeroll_at_p_equal_chips) {
    // M = max(8,000, 12,000) = 12,000, prizes 6,000 / 3,600 / 2,400; k = 3: X = 4,800: 800 each;
    // 2,400 by chips 9,000 / 9,000 / 2,000 of 20,000: 1,080 / 1,080 / 240.
    auto c = with(TournamentKind::ScheduledMtt, {6000, 3600, 2400});
    c.freeroll = true;
    c.offered_prize_parts = 8000;
    c.guarantee = 12000;
    add_out(c, 27, 0, 0);
    c.entrants.push_back(remaining(1, 0, 0, 9000, 0, 1));
    c.entrants.push_back(remaining(2, 0, 0, 9000, 0, 2));
    c.entrants.push_back(remaining(3, 0, 0, 2000, 0, 3));
    auto a = plan_of(c, 12000);
    EXPECT_EQ(a[1], 2400 + 800 + 1080);
    EXPECT_EQ(a[2], 2400 + 800 + 1080);
    EXPECT_EQ(a[3], 2400 + 800 + 240);
}

}  // namespace
}  // namespace tavolo::engine
