// Every worked example of RULES.md §2-3, one test each, named after the rule.
#include <gtest/gtest.h>

#include "tests/engine/poker/hand_fixture.hpp"

namespace tavolo::engine::testing {
namespace {

HandSetup nl(std::vector<Chips> stacks, Chips sb = 50, Chips bb = 100) {
    return make_setup(Variant::Holdem, Betting::NoLimit, std::move(stacks), sb, bb);
}

// Three players limp to the flop: seat 0 (button) calls, seat 1 (SB) completes, seat 2 (BB) checks.
void limp_to_flop_three_handed(Hand& h) {
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.call(1));
    ASSERT_OK(h.check(2));
    ASSERT_EQ(h.street(), 1);
}

TEST(RulesNoLimit, MinRaisePreflop_Blinds50_100_Call100_RaiseTo300_ReraiseTo500) {
    SeededRandom rng(1);
    Hand h(nl({10000, 10000, 10000, 10000, 10000, 10000}), rng);
    ASSERT_EQ(h.to_act(), 3);  // left of the big blind
    EXPECT_EQ(h.legal_actions().call_amount, 100);
    ASSERT_OK(h.call(3));
    EXPECT_EQ(h.legal_actions().min_to, 200);
    ASSERT_OK(h.bet_or_raise_to(4, 300));
    EXPECT_EQ(h.legal_actions().min_to, 500);
    EXPECT_REFUSED(h.bet_or_raise_to(5, 499), RuleError::BelowMinimum);
    ASSERT_OK(h.bet_or_raise_to(5, 500));
    EXPECT_EQ(h.legal_actions().min_to, 700);
}

TEST(RulesNoLimit, MinRaisePostflop_Bet300_RaiseTo600_900_1200) {
    SeededRandom rng(2);
    Hand h(nl({10000, 10000, 10000}), rng);
    limp_to_flop_three_handed(h);
    ASSERT_EQ(h.to_act(), 1);                  // first active left of the button
    EXPECT_EQ(h.legal_actions().min_to, 100);  // the minimum opening bet is the big blind
    ASSERT_OK(h.bet_or_raise_to(1, 300));
    EXPECT_EQ(h.legal_actions().min_to, 600);
    ASSERT_OK(h.bet_or_raise_to(2, 600));
    EXPECT_EQ(h.legal_actions().min_to, 900);
    ASSERT_OK(h.bet_or_raise_to(0, 900));
    EXPECT_EQ(h.legal_actions().min_to, 1200);
    EXPECT_REFUSED(h.bet_or_raise_to(1, 1199), RuleError::BelowMinimum);
    ASSERT_OK(h.bet_or_raise_to(1, 1200));
}

TEST(RulesNoLimit, ShortAllInDoesNotChangeMinRaise_Bet100_AllIn150_NextMinIs250) {
    SeededRandom rng(3);
    Hand h(nl({10000, 10000, 250}), rng);  // seat 2 has 150 left after the big blind
    limp_to_flop_three_handed(h);
    ASSERT_OK(h.bet_or_raise_to(1, 100));
    ASSERT_OK(h.bet_or_raise_to(2, 150));  // all-in below a full raise
    EXPECT_TRUE(h.all_in(2));
    const LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 0);
    EXPECT_EQ(la.call_amount, 150);
    EXPECT_TRUE(la.may_bet_or_raise);  // seat 0 has not acted: may raise fully
    EXPECT_EQ(la.min_to, 250);
    EXPECT_REFUSED(h.bet_or_raise_to(0, 249), RuleError::BelowMinimum);
    ASSERT_OK(h.bet_or_raise_to(0, 250));
}

TEST(RulesNoLimit, Apt17_5_AllInBelowMinimumBet_CallIsAllInAmount_RaiseAtLeastTwiceMinimumBet) {
    SeededRandom rng(4);
    Hand h(nl({10000, 120, 10000}), rng);  // seat 1 has 20 left after calling pre-flop
    limp_to_flop_three_handed(h);
    ASSERT_OK(h.bet_or_raise_to(1, 20));  // all-in for 20, below the big blind
    const LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 2);
    EXPECT_TRUE(la.may_fold);
    EXPECT_TRUE(la.may_call);
    EXPECT_EQ(la.call_amount, 20);
    EXPECT_TRUE(la.may_bet_or_raise);
    EXPECT_EQ(la.min_to, 200);
    EXPECT_REFUSED(h.bet_or_raise_to(2, 199), RuleError::BelowMinimum);
    EXPECT_REFUSED(h.bet_or_raise_to(2, 100), RuleError::BelowMinimum);
    ASSERT_OK(h.bet_or_raise_to(2, 200));
}

TEST(RulesNoLimit, Apt14_1_ShortBigBlind_MinimumToEnterStaysFullBigBlind) {
    SeededRandom rng(5);
    Hand h(nl({10000, 10000, 60, 10000}), rng);
    EXPECT_TRUE(h.all_in(2));
    EXPECT_EQ(h.bet(2), 60);
    const LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 3);
    EXPECT_EQ(la.call_amount, 100);
    EXPECT_EQ(la.min_to, 200);
}

TEST(RulesPotLimit, PotIs100_Bet50_NextMayRaiseTo250) {
    SeededRandom rng(6);
    // Heads-up 25/50: the button (seat 0) completes, the big blind checks: pot 100.
    Hand h(make_setup(Variant::Holdem, Betting::PotLimit, {10000, 10000}, 25, 50), rng);
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.check(1));
    ASSERT_EQ(h.pot_total(), 100);
    ASSERT_EQ(h.to_act(), 1);  // heads-up: the big blind acts first after the flop
    ASSERT_OK(h.bet_or_raise_to(1, 50));
    const LegalActions la = h.legal_actions();
    EXPECT_EQ(la.max_to, 250);
    EXPECT_REFUSED(h.bet_or_raise_to(0, 251), RuleError::AboveMaximum);
    ASSERT_OK(h.bet_or_raise_to(0, 250));
}

TEST(RulesPotLimit, Blinds50_100_FirstToActMayRaiseTo350) {
    SeededRandom rng(7);
    Hand h(make_setup(Variant::Holdem, Betting::PotLimit, {10000, 10000, 10000, 10000}, 50, 100), rng);
    const LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 3);
    EXPECT_EQ(la.min_to, 200);
    EXPECT_EQ(la.max_to, 350);
    EXPECT_REFUSED(h.bet_or_raise_to(3, 351), RuleError::AboveMaximum);
    ASSERT_OK(h.bet_or_raise_to(3, 350));
}

TEST(RulesLimit, HalfBetRule_Bet2_AllIn3_Call3_FirstMayRaiseTo5) {
    SeededRandom rng(8);
    // Blinds 1/2 (small bet 2); seat 2 will have 3 left on the flop.
    Hand h(make_setup(Variant::Holdem, Betting::Limit, {100, 100, 5, 100}, 1, 2), rng);
    ASSERT_OK(h.call(3));
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.call(1));
    ASSERT_OK(h.check(2));
    ASSERT_EQ(h.street(), 1);
    ASSERT_OK(h.bet_or_raise_to(1, 2));
    ASSERT_OK(h.bet_or_raise_to(2, 3));  // all-in: at least half a bet over 2 counts as a raise
    ASSERT_OK(h.call(3));
    ASSERT_OK(h.fold(0));
    const LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 1);
    EXPECT_TRUE(la.may_bet_or_raise);
    EXPECT_EQ(la.min_to, 5);
    EXPECT_EQ(la.max_to, 5);
    EXPECT_REFUSED(h.bet_or_raise_to(1, 4), RuleError::BelowMinimum);
    EXPECT_REFUSED(h.bet_or_raise_to(1, 6), RuleError::AboveMaximum);
    ASSERT_OK(h.bet_or_raise_to(1, 5));
}

TEST(RulesLimit, PreflopBigBlindIsTheBet_RaisesTo2_3_4BigBlindsThenNoMore) {
    SeededRandom rng(9);
    Hand h(make_setup(Variant::Holdem, Betting::Limit, {1000, 1000, 1000, 1000, 1000}, 5, 10), rng);
    ASSERT_OK(h.bet_or_raise_to(3, 20));
    ASSERT_OK(h.bet_or_raise_to(4, 30));
    ASSERT_OK(h.bet_or_raise_to(0, 40));
    const LegalActions la = h.legal_actions();
    EXPECT_EQ(la.seat, 1);
    EXPECT_FALSE(la.may_bet_or_raise);
    EXPECT_REFUSED(h.bet_or_raise_to(1, 50), RuleError::RaiseCapReached);
    ASSERT_OK(h.call(1));
}

TEST(RulesPots, SplitPot_OddChipToFirstWinnerClockwiseFromButtonsLeft) {
    SeededRandom rng(10);
    HandSetup s = nl({1000, 1000, 1000}, 5, 10);
    // Seats 0 and 2 both make the wheel; seat 1 folds its small blind: pot 25.
    Hand h(s, rng, stacked(s, {"AcKd", "7h7s", "AdKc"}, "Qs 2c3d4h Qh 5s Qc 9c"));
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.fold(1));
    ASSERT_OK(h.check(2));
    for (int street = 1; street <= 3; ++street) {
        ASSERT_OK(h.check(2));
        ASSERT_OK(h.check(0));
    }
    ASSERT_TRUE(h.is_over());
    const auto awards = events_of<PotAwarded>(h);
    ASSERT_EQ(awards.size(), 1U);
    EXPECT_EQ(awards[0].amount, 25);
    ASSERT_EQ(awards[0].winners, 2);
    EXPECT_EQ(awards[0].seats[0], 2);  // seat 2 is first clockwise from the button's left (seat 1)
    EXPECT_EQ(awards[0].shares[0], 13);
    EXPECT_EQ(awards[0].seats[1], 0);
    EXPECT_EQ(awards[0].shares[1], 12);
    EXPECT_EQ(h.stack(0), 1002);
    EXPECT_EQ(h.stack(1), 995);
    EXPECT_EQ(h.stack(2), 1003);
}

TEST(RulesPots, SidePotsResolvedLatestFormedFirst_Apt19_7) {
    SeededRandom rng(11);
    HandSetup s = nl({100, 300, 500}, 5, 10);
    // Seat 0 best (aces), seat 1 second (kings), seat 2 worst.
    Hand h(s, rng, stacked(s, {"AcAd", "KcKd", "7h2s"}, "3c 4s8d9h 3d Jc 3h Qs"));
    ASSERT_OK(h.bet_or_raise_to(0, 100));  // all-in
    ASSERT_OK(h.bet_or_raise_to(1, 300));  // all-in
    ASSERT_OK(h.call(2));
    ASSERT_TRUE(h.is_over());
    const auto formed = events_of<PotsFormed>(h);
    ASSERT_FALSE(formed.empty());
    ASSERT_EQ(formed.back().count, 2);
    EXPECT_EQ(formed.back().pots[0].amount, 300);
    EXPECT_EQ(formed.back().pots[1].amount, 400);
    EXPECT_EQ(formed.back().pots[1].eligible, SeatMask{0b110});
    const auto awards = events_of<PotAwarded>(h);
    ASSERT_EQ(awards.size(), 2U);
    EXPECT_EQ(awards[0].pot_index, 1);  // the side pot first
    EXPECT_EQ(awards[0].seats[0], 1);
    EXPECT_EQ(awards[1].pot_index, 0);
    EXPECT_EQ(awards[1].seats[0], 0);
    EXPECT_EQ(h.stack(0), 300);
    EXPECT_EQ(h.stack(1), 400);
    EXPECT_EQ(h.stack(2), 200);
    EXPECT_TRUE(events_of<UncalledReturned>(h).empty());  // seat 2 called exactly the 300 it faced
}

}  // namespace
}  // namespace tavolo::engine::testing
