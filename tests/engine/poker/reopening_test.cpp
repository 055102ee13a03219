// Reopening of the betting after all-ins (RULES.md §2: TDA cumulative rule; limit half-bet rule,
// APT Art.17.3), the big blind option (APT Art.14.3), and raising when every opponent is all-in.
#include <gtest/gtest.h>

#include "tests/engine/poker/hand_fixture.hpp"

namespace tavolo::engine::testing {
namespace {

// Four players limp to the flop (seat 3 first pre-flop, then 0, 1, 2).
void limp_four_handed(Hand& h) {
    ASSERT_OK(h.call(3));
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.call(1));
    ASSERT_OK(h.check(2));
    ASSERT_EQ(h.street(), 1);
}

class ReopeningNoLimitAndPotLimit : public ::testing::TestWithParam<Betting> {};

TEST_P(ReopeningNoLimitAndPotLimit, ShortAllInDoesNotReopenForPlayerWhoAlreadyActed) {
    SeededRandom rng(21);
    Hand h(make_setup(Variant::Holdem, GetParam(), {10000, 10000, 250, 10000}, 50, 100), rng);
    limp_four_handed(h);
    ASSERT_OK(h.bet_or_raise_to(1, 100));
    ASSERT_OK(h.bet_or_raise_to(2, 150));  // all-in, short of a full raise
    ASSERT_OK(h.call(3));
    ASSERT_OK(h.call(0));
    const LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 1);
    EXPECT_TRUE(la.may_call);
    EXPECT_EQ(la.call_amount, 50);
    EXPECT_FALSE(la.may_bet_or_raise);
    EXPECT_REFUSED(h.bet_or_raise_to(1, 400), RuleError::BettingNotReopened);
    ASSERT_OK(h.call(1));
}

TEST_P(ReopeningNoLimitAndPotLimit, TdaShortAllInsAddingUpToFullRaiseReopen) {
    SeededRandom rng(22);
    // Seat 2 has 150 after the flop's 100, seat 3 has 210.
    Hand h(make_setup(Variant::Holdem, GetParam(), {10000, 10000, 250, 310}, 50, 100), rng);
    limp_four_handed(h);
    ASSERT_OK(h.bet_or_raise_to(1, 100));
    ASSERT_OK(h.bet_or_raise_to(2, 150));  // +50: short
    ASSERT_OK(h.bet_or_raise_to(3, 210));  // +60: short, but 110 over what seat 1 faced
    ASSERT_OK(h.call(0));
    const LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 1);
    EXPECT_TRUE(la.may_bet_or_raise);
    EXPECT_EQ(la.min_to, 310);  // 210 + the full raise of 100
    ASSERT_OK(h.bet_or_raise_to(1, 310));
}

TEST_P(ReopeningNoLimitAndPotLimit, BigBlindOptionSurvivesShortAllIn_Apt14_3) {
    SeededRandom rng(23);
    Hand h(make_setup(Variant::Holdem, GetParam(), {10000, 10000, 10000, 150}, 50, 100), rng);
    ASSERT_OK(h.bet_or_raise_to(3, 150));  // all-in, less than a minimum raise
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.call(1));
    const LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 2);
    EXPECT_EQ(la.call_amount, 50);
    EXPECT_TRUE(la.may_bet_or_raise);  // the big blind has not acted
    EXPECT_EQ(la.min_to, 250);
}

TEST_P(ReopeningNoLimitAndPotLimit, BigBlindOptionWhenUnraised_CheckOrRaise) {
    SeededRandom rng(24);
    Hand h(make_setup(Variant::Holdem, GetParam(), {10000, 10000, 10000, 10000}, 50, 100), rng);
    ASSERT_OK(h.call(3));
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.call(1));
    ASSERT_EQ(h.street(), 0);
    const LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 2);
    EXPECT_TRUE(la.may_check);
    EXPECT_FALSE(la.may_call);
    EXPECT_TRUE(la.may_bet_or_raise);
    EXPECT_EQ(la.min_to, 200);
    ASSERT_OK(h.bet_or_raise_to(2, 200));
    EXPECT_EQ(h.to_act(), 3);
}

TEST_P(ReopeningNoLimitAndPotLimit, NoRaiseWhenEveryOpponentIsAllIn) {
    SeededRandom rng(25);
    Hand h(make_setup(Variant::Holdem, GetParam(), {10000, 10000, 300}, 50, 100), rng);
    ASSERT_OK(h.fold(0));
    ASSERT_OK(h.call(1));
    ASSERT_OK(h.check(2));
    ASSERT_OK(h.check(1));
    ASSERT_OK(h.bet_or_raise_to(2, 200));  // all-in
    const LegalActions la = h.legal_actions();
    EXPECT_TRUE(la.may_call);
    EXPECT_FALSE(la.may_bet_or_raise);
    EXPECT_REFUSED(h.bet_or_raise_to(1, 1000), RuleError::RaiseNotAllowed);
}

TEST_P(ReopeningNoLimitAndPotLimit, PlayerWhoHasNotActedMayRaiseFullyOverShortAllIn) {
    SeededRandom rng(26);
    Hand h(make_setup(Variant::Holdem, GetParam(), {10000, 10000, 250, 10000}, 50, 100), rng);
    limp_four_handed(h);
    ASSERT_OK(h.bet_or_raise_to(1, 100));
    ASSERT_OK(h.bet_or_raise_to(2, 150));
    const LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 3);
    EXPECT_TRUE(la.may_bet_or_raise);
    EXPECT_EQ(la.min_to, 250);
}

INSTANTIATE_TEST_SUITE_P(Structures, ReopeningNoLimitAndPotLimit,
                         ::testing::Values(Betting::NoLimit, Betting::PotLimit));

TEST(ReopeningLimit, AllInBelowHalfBetDoesNotReopen_Apt17_3) {
    SeededRandom rng(27);
    // Blinds 2/4: small bet 4. Seat 2 has 5 on the flop (all-in 5 over a bet of 4: +1 < half).
    Hand h(make_setup(Variant::Holdem, Betting::Limit, {100, 100, 9, 100}, 2, 4), rng);
    limp_four_handed(h);
    ASSERT_OK(h.bet_or_raise_to(1, 4));
    ASSERT_OK(h.bet_or_raise_to(2, 5));  // all-in
    // Seat 3 has not acted: may raise, to the full level plus one bet.
    LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 3);
    EXPECT_TRUE(la.may_bet_or_raise);
    EXPECT_EQ(la.min_to, 8);
    ASSERT_OK(h.call(3));
    ASSERT_OK(h.call(0));
    la = h.legal_actions();
    EXPECT_EQ(la.seat, 1);
    EXPECT_FALSE(la.may_bet_or_raise);
    EXPECT_REFUSED(h.bet_or_raise_to(1, 8), RuleError::BettingNotReopened);
    ASSERT_OK(h.call(1));
    EXPECT_EQ(h.street(), 2);
}

TEST(ReopeningLimit, OpeningAllInBelowHalfABetMayBeCompletedToAFullBet) {
    SeededRandom rng(31);
    // Blinds 2/4: small bet 4. Seat 1 has 1 chip left on the flop.
    Hand h(make_setup(Variant::Holdem, Betting::Limit, {100, 5, 100, 100}, 2, 4), rng);
    limp_four_handed(h);
    ASSERT_OK(h.bet_or_raise_to(1, 1));  // all-in for 1: less than half a bet, not a bet
    const LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 2);
    EXPECT_EQ(la.call_amount, 1);
    EXPECT_TRUE(la.may_bet_or_raise);
    EXPECT_EQ(la.min_to, 4);  // completes to the small bet
    EXPECT_EQ(la.max_to, 4);
    ASSERT_OK(h.bet_or_raise_to(2, 4));
    EXPECT_EQ(h.legal_actions().min_to, 8);
}

TEST(ReopeningLimit, HeadsUpRoundIsUncapped) {
    SeededRandom rng(28);
    Hand h(make_setup(Variant::Holdem, Betting::Limit, {1000, 1000}, 5, 10), rng);
    // Pre-flop heads-up: the button (small blind) acts first.
    ASSERT_EQ(h.to_act(), 0);
    Chips to = 20;
    for (int i = 0; i < 8; ++i, to += 10)
        ASSERT_OK(h.bet_or_raise_to(i % 2 == 0 ? 0 : 1, to));
    EXPECT_TRUE(h.legal_actions().may_bet_or_raise);
}

TEST(ReopeningLimit, CapDoesNotLiftWhenRoundBecomesHeadsUp) {
    SeededRandom rng(29);
    Hand h(make_setup(Variant::Holdem, Betting::Limit, {1000, 1000, 1000}, 5, 10), rng);
    ASSERT_OK(h.bet_or_raise_to(0, 20));
    ASSERT_OK(h.fold(1));  // now two players, but the round started with three
    ASSERT_OK(h.bet_or_raise_to(2, 30));
    ASSERT_OK(h.bet_or_raise_to(0, 40));
    EXPECT_REFUSED(h.bet_or_raise_to(2, 50), RuleError::RaiseCapReached);
}

TEST(ReopeningLimit, BigBetOnTurnAndRiver) {
    SeededRandom rng(30);
    Hand h(make_setup(Variant::Holdem, Betting::Limit, {1000, 1000, 1000}, 5, 10), rng);
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.call(1));
    ASSERT_OK(h.check(2));
    EXPECT_EQ(h.legal_actions().min_to, 10);  // flop: small bet
    for (SeatIndex s : {1, 2, 0})
        ASSERT_OK(h.check(s));
    ASSERT_EQ(h.street(), 2);
    EXPECT_EQ(h.legal_actions().min_to, 20);  // turn: big bet
    EXPECT_REFUSED(h.bet_or_raise_to(1, 10), RuleError::BelowMinimum);
    ASSERT_OK(h.bet_or_raise_to(1, 20));
    EXPECT_EQ(h.legal_actions().min_to, 40);
}

}  // namespace
}  // namespace tavolo::engine::testing
