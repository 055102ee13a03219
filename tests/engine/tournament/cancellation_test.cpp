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

}  // namespace
}  // namespace tavolo::engine
