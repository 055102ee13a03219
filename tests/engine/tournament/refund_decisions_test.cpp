// RULES.md §7, "Decided 2026-11-25": the five gaps of the refund table, one test each.
#include <gtest/gtest.h>

#include <map>

#include "engine/tournament/payouts.hpp"
#include "engine/tournament/ranking.hpp"
#include "engine/tournament/refunds.hpp"
#include "tests/engine/tournament/refund_entrants.hpp"

namespace tavolo::engine {
namespace {

using testing::amounts;
using testing::eliminated;
using testing::remaining;

// Four entrants at 11+1 (prize part 1,000), prizes 5,000 / 3,000 / 2,500 from a guarantee of
// 10,500 that re-buys still open leave out of R: R = 2,000 (two eliminated), E = 2,500 (third
// place, not yet credited), so R - E = -500.
RefundCase r_below_e(TournamentKind kind) {
    RefundCase c;
    c.kind = kind;
    c.guarantee = 10500;
    c.rebuy_open = true;
    c.prizes = {5000, 3000, 2500};
    c.entrants = {eliminated(4, 1100, 1000), eliminated(3, 1100, 1000, 2500, false),
                  remaining(1, 1100, 1000, 30000, 0, 0), remaining(2, 1100, 1000, 10000, 0, 1)};
    return c;
}

TEST(RefundDecisions, rules_7_decided_r_minus_e_below_zero_counts_as_zero) {
    for (TournamentKind kind :
         {TournamentKind::ScheduledMtt, TournamentKind::SitAndGo, TournamentKind::ShootOut}) {
        auto plan = plan_refunds(r_below_e(kind));
        ASSERT_TRUE(plan.has_value()) << to_string(kind);
        EXPECT_EQ(plan->residual, 2000);
        EXPECT_EQ(plan->eliminated_prizes, 2500);
        EXPECT_EQ(plan->next_prize, 0);
        EXPECT_EQ(plan->extra, 0);
        auto a = amounts(*plan);
        EXPECT_EQ(a[3], 2500);  // the eliminated prize is paid in full: the room bears the difference
        EXPECT_EQ(a[1], 1100);  // the remaining get back what they paid, no next prize
        EXPECT_EQ(a[2], 1100);
        EXPECT_EQ(plan->total(), 4700);
    }
    // A freeroll: M - E below zero leaves the remaining players nothing (and so no line).
    auto c = r_below_e(TournamentKind::ScheduledMtt);
    c.freeroll = true;
    c.guarantee = 0;
    c.offered_prize_parts = 2000;
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->residual, 2000);
    ASSERT_EQ(plan->lines.size(), 1u);
    EXPECT_EQ(plan->lines[0].entrant, 3);
    EXPECT_EQ(plan->lines[0].amount, 2500);
}

TEST(RefundDecisions, rules_7_decided_heads_up_freeroll_follows_the_freeroll_row) {
    RefundCase c;
    c.kind = TournamentKind::HeadsUp;
    c.freeroll = true;
    c.offered_prize_parts = 1001;  // M; one prize (k = 2 > P = 1)
    c.prizes = {1001};
    c.entrants = {remaining(1, 0, 0, 1000, 0, 1), remaining(2, 0, 0, 3000, 0, 0)};
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->residual, 1001);
    auto a = amounts(*plan);
    // Equal half floor(1,001 / 2) = 500: 250 each. Chip half 501 by 3,000 : 1,000 = 375.75 and
    // 125.25: 375 and 125, the leftover cent to the bigger stack.
    EXPECT_EQ(a[2], 250 + 376);
    EXPECT_EQ(a[1], 250 + 125);
    EXPECT_EQ(plan->total(), 1001);
    // Not the heads-up row: that would pay back what they paid, nothing.
}

TEST(RefundDecisions, rules_7_decided_stage_prize_while_k_above_p_is_not_paid_again) {
    // A shoot-out: player 9 won a stage prize of 500 and was then eliminated; 3 remain for 2 prizes.
    RefundCase c;
    c.kind = TournamentKind::ShootOut;
    c.prizes = {4000, 2000};
    c.entrants = {eliminated(9, 1100, 1000, 500, false), eliminated(8, 1100, 1000),
                  remaining(1, 1100, 1000, 6000, 0, 0), remaining(2, 1100, 1000, 6000, 1, 0),
                  remaining(3, 1100, 1000, 6000, 2, 0)};
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    auto a = amounts(*plan);
    EXPECT_EQ(a.count(9), 0u);  // credited when it was won: nothing more from the refund row
    EXPECT_EQ(a.count(8), 0u);
    // R = 2,000: equal half 1,000 / 3 = 333 r 1, chip half 1,000 / 3 = 333 r 1; the leftover cents
    // by table number (equal chips).
    EXPECT_EQ(a[1], 1100 + 334 + 334);
    EXPECT_EQ(a[2], 1100 + 333 + 333);
    EXPECT_EQ(a[3], 1100 + 333 + 333);
    EXPECT_EQ(plan->total(), 3300 + 2000);
}

TEST(RefundDecisions, rules_7_decided_shared_places_leftover_cents_to_the_better_places_first) {
    // Places 2 to 4 shared by three players of equal starting chips at three tables: 3,001 + 2,000 +
    // 1,000 = 6,001 split three ways, 2,000 each and the leftover cent to the better place.
    Ranking r(4);
    ASSERT_TRUE(r.eliminate_in_round({{13, 4000, 3, 0}, {11, 4000, 1, 2}, {12, 4000, 2, 1}}).has_value());
    const std::vector<Cents> prizes{5000, 3001, 2000, 1000};
    const auto won = prizes_for_placings(r.placings(), prizes);
    ASSERT_EQ(won.size(), 3u);
    EXPECT_EQ(r.placings()[0].place, 2);
    EXPECT_EQ(r.placings()[0].shared, 3);
    EXPECT_EQ(r.placings()[0].entrant, 11);  // the tier in table order: table 1 holds the better place
    EXPECT_EQ(won[0], 2001);
    EXPECT_EQ(won[1], 2000);
    EXPECT_EQ(won[2], 2000);
    // Two leftover cents go to the first two places of the tie.
    EXPECT_EQ(shared_prizes(std::vector<Cents>{5000, 3001, 2000, 1001}, 2, 3),
              (std::vector<Cents>{2001, 2001, 2000}));
}

TEST(RefundDecisions, rules_7_decided_no_refund_line_of_zero) {
    // A freeroll with nothing offered: the remaining players receive nothing, so have no line.
    RefundCase freeroll;
    freeroll.kind = TournamentKind::ScheduledMtt;
    freeroll.freeroll = true;
    freeroll.prizes = {0};
    freeroll.entrants = {remaining(1, 0, 0, 5000), remaining(2, 0, 0, 3000), eliminated(3, 0, 0)};
    auto plan = plan_refunds(freeroll);
    ASSERT_TRUE(plan.has_value());
    EXPECT_TRUE(plan->lines.empty());
    // Heads-up: a player who entered with a ticket paid nothing and gets no line.
    RefundCase heads_up;
    heads_up.kind = TournamentKind::HeadsUp;
    heads_up.prizes = {2000};
    heads_up.entrants = {remaining(1, 1100, 1000, 5000), remaining(2, 0, 0, 1000)};
    plan = plan_refunds(heads_up);
    ASSERT_TRUE(plan.has_value());
    ASSERT_EQ(plan->lines.size(), 1u);
    EXPECT_EQ(plan->lines[0].entrant, 1);
    // A tournament that never started: the freeroll entries have no line.
    auto lines =
        refund_unstarted({remaining(1, 1100, 1000, 0), remaining(2, 0, 0, 0), remaining(3, 550, 500, 0)});
    ASSERT_TRUE(lines.has_value());
    ASSERT_EQ(lines->size(), 2u);
    EXPECT_EQ((*lines)[0].entrant, 1);
    EXPECT_EQ((*lines)[1].entrant, 3);
    for (const auto& l : *lines)
        EXPECT_GT(l.amount, 0);
}

}  // namespace
}  // namespace tavolo::engine
