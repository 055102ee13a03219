// RULES.md §7: the refund case built from the director's state.
#include <gtest/gtest.h>

#include "engine/tournament/cancellation.hpp"
#include "tests/engine/tournament/floor_support.hpp"
#include "tests/engine/tournament/table_support.hpp"

namespace tavolo::engine {
namespace {

TEST(Cancellation, rules_7_refund_case_from_floor_ranking_and_payments) {
    // The director's view of two tables, from their reports.
    testing::FloorOfTables f(2, 10);
    ASSERT_TRUE(f.table(0).sit(2, 0, 9000).has_value());
    ASSERT_TRUE(f.table(0).sit(5, 1, 6000).has_value());
    ASSERT_TRUE(f.table(0).set_first_button(5).has_value());
    ASSERT_TRUE(f.table(1).sit(1, 2, 5000).has_value());
    ASSERT_TRUE(f.table(1).sit(3, 3, 5000).has_value());
    ASSERT_TRUE(f.table(1).set_first_button(1).has_value());
    f.report(0);
    f.report(1);
    const Floor& floor = f.floor;
    Ranking ranking(6);
    const std::vector<Elimination> out{{4, 0, 5000, 0}, {5, 0, 5000, 1}};
    ranking.eliminate_in_hand(out);  // places 5 and 6
    std::vector<EntrantPayments> payments(6, EntrantPayments{1100, 1000});
    CancellationTerms terms;
    terms.kind = TournamentKind::ScheduledMtt;
    terms.prizes = {4000, 2000};
    const auto built = cancellation_case(terms, floor, ranking, payments);
    ASSERT_TRUE(built.has_value());
    const RefundCase& c = *built;
    ASSERT_EQ(c.entrants.size(), 6u);
    int remaining = 0;
    for (const auto& e : c.entrants) {
        EXPECT_EQ(e.paid, 1100);
        if (!e.remaining) continue;
        ++remaining;
        if (e.entrant == 1) {
            EXPECT_EQ(e.chips, 6000);
            EXPECT_EQ(e.table, 0);
            EXPECT_EQ(e.seat_from_button, 0);  // on the button
        }
        if (e.entrant == 0) {
            EXPECT_EQ(e.seat_from_button, 7);
        }
    }
    EXPECT_EQ(remaining, 4);
    // k = 4 > P = 2: R = 2,000; half equally (250 each), half by chips (25,000 in play).
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->residual, 2000);
    EXPECT_EQ(plan->total(), 4 * 1100 + 2000);
    for (const auto& l : plan->lines) {
        if (l.entrant == 0) {
            EXPECT_EQ(l.amount, 1100 + 250 + 360);  // 1,000 x 9,000 / 25,000
        }
    }
}

TEST(Cancellation, rules_7_players_moving_to_a_table_in_hand_remain_with_their_chips) {
    // Table 0 is broken while table 1 plays a hand: its players are reserved at table 1 (arrivals)
    // and hold no seat yet. A cancellation now still counts them, with their chips.
    testing::FloorOfTables f(2, 10);
    ASSERT_TRUE(f.table(0).sit(2, 0, 7000).has_value());
    ASSERT_TRUE(f.table(0).set_first_button(2).has_value());
    ASSERT_TRUE(f.table(1).sit(1, 1, 5000).has_value());
    ASSERT_TRUE(f.table(1).sit(3, 2, 3000).has_value());
    ASSERT_TRUE(f.table(1).set_first_button(1).has_value());
    f.report(0);
    f.report(1);
    f.floor.set_in_hand(1, true);
    SeededRandom rng(3);
    ASSERT_TRUE(f.floor.break_table(0, rng).has_value());
    ASSERT_EQ(f.floor.table(1).arrivals().size(), 1u);
    Ranking ranking(3);
    std::vector<EntrantPayments> payments(3, EntrantPayments{1100, 1000});
    CancellationTerms terms;
    terms.prizes = {3000};
    const auto built = cancellation_case(terms, f.floor, ranking, payments);
    ASSERT_TRUE(built.has_value());
    ASSERT_EQ(built->entrants.size(), 3u) << "every entrant once, the one in transit included";
    Chips chips = 0;
    for (const auto& e : built->entrants) {
        EXPECT_TRUE(e.remaining);
        chips += e.chips;
        if (e.entrant == 0) {
            EXPECT_EQ(e.chips, 7000);
            EXPECT_EQ(e.table, 1);
            EXPECT_GE(e.seat_from_button, 10) << "after the seated players";
        }
    }
    EXPECT_EQ(chips, 15000);
    const auto plan = plan_refunds(*built);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->total(), 3 * 1100);
}

}  // namespace
}  // namespace tavolo::engine
