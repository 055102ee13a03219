// The legal-action query and the verifiers never disagree (STYLE.md "check, ask, do"): at random
// decisions of random hands, every bet-or-raise amount from 0 to beyond the stack is accepted by
// can() exactly when legal_actions() says it is, and the same for fold, check, call and discard.
#include <gtest/gtest.h>

#include "tests/engine/poker/random_play.hpp"

namespace tavolo::engine::testing {
namespace {

TEST(LegalActions, QueryAgreesWithVerifiersForEveryAmount) {
    SeededRandom rng(91);
    Hand hand;
    int decisions = 0;
    for (int i = 0; i < 2'000; ++i) {
        const auto [v, b] = cycled_game(i);
        const int players = random_player_count(rng, v);
        ASSERT_TRUE(hand.reset(random_setup(rng, v, b, players), rng).has_value());
        while (!hand.is_over()) {
            const LegalActions la = hand.legal_actions();
            const SeatIndex seat = la.seat;
            ++decisions;
            if (la.drawing) {
                EXPECT_TRUE(hand.can(seat, Discard{}));
                EXPECT_FALSE(hand.can(seat, Check{}));
            } else {
                EXPECT_EQ(la.may_fold, hand.can(seat, Fold{}));
                EXPECT_EQ(la.may_check, hand.can(seat, Check{}));
                EXPECT_EQ(la.may_call, hand.can(seat, Call{}));
                EXPECT_NE(la.may_check, la.may_call);
                const Chips step = std::max<Chips>(1, la.all_in_to / 400);
                for (Chips a = 0; a <= la.all_in_to + 2;
                     a += (a + step > la.all_in_to && a < la.all_in_to) ? la.all_in_to - a : step) {
                    // A stack short of a full bet or raise makes the all-in the minimum.
                    const bool expected = la.may_bet_or_raise && la.min_to <= a && a <= la.max_to;
                    ASSERT_EQ(hand.can(seat, BetOrRaiseTo{a}), expected)
                        << "amount " << a << " min " << la.min_to << " max " << la.max_to << " all-in "
                        << la.all_in_to;
                }
            }
            ASSERT_TRUE(hand.act(seat, random_legal(rng, hand, la)).has_value());
        }
    }
    EXPECT_GT(decisions, 10'000);
}

}  // namespace
}  // namespace tavolo::engine::testing
