// Every worked example of RULES.md §2-3, one test each.
#include <gtest/gtest.h>

#include "hand_fixture.hpp"

namespace tavolo::engine::testing {
namespace {

TEST(NoLimit, MinRaiseSequencePreflop_Call100Raise300Reraise500) {
    SeededRandom rng(1);
    // Seats: 0 button, 1 SB 50, 2 BB 100, 3 UTG, 4, 5.
    Hand h(make_setup(Variant::Holdem, Betting::NoLimit, {10000, 10000, 10000, 10000, 10000, 10000}, 50, 100),
           rng);
    ASSERT_EQ(h.to_act(), 3);
    ASSERT_OK(h.call(3));
    LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 4);
    EXPECT_EQ(la.min_to, 200);
    ASSERT_OK(h.bet_or_raise_to(4, 300));
    la = h.legal_actions();
    EXPECT_EQ(la.min_to, 500);
    EXPECT_REFUSED(h.bet_or_raise_to(5, 499), RuleError::BelowMinimum);
    ASSERT_OK(h.bet_or_raise_to(5, 500));
    EXPECT_EQ(h.legal_actions().min_to, 700);
}

}  // namespace
}  // namespace tavolo::engine::testing
