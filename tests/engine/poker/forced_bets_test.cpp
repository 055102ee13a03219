// Antes and blinds (RULES.md §2, §4): antes first, then blinds; short stacks post what they can and
// are all-in; big-blind antes; a hand without a small blind; heads-up; setup validation.
#include <gtest/gtest.h>

#include "tests/engine/poker/hand_fixture.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine::testing {
namespace {

TEST(ForcedBets, AntesFirstThenBlinds_ShortStackPostsAnteThenWhatRemainsAndIsAllIn) {
    SeededRandom rng(31);
    Hand h(make_setup(Variant::FiveCardStud, Betting::Limit, {1000, 1000, 50, 1000}, 25, 50, 10,
                      AnteMode::Classic),
           rng);
    std::size_t last_ante = 0, first_blind = h.events().size();
    for (std::size_t i = 0; i < h.events().size(); ++i) {
        if (std::holds_alternative<AntePosted>(h.events()[i])) last_ante = i;
        if (std::holds_alternative<BlindPosted>(h.events()[i])) first_blind = std::min(first_blind, i);
    }
    EXPECT_LT(last_ante, first_blind);
    ASSERT_TRUE(std::holds_alternative<HandStarted>(h.events()[0]));
    const auto& started = std::get<HandStarted>(h.events()[0]);
    EXPECT_EQ(started.seats, SeatMask{0b1111});
    EXPECT_EQ(started.stacks[2], 50);  // starting stacks, before antes and blinds
    EXPECT_EQ(events_of<AntePosted>(h).size(), 4U);
    const auto blinds = events_of<BlindPosted>(h);
    ASSERT_EQ(blinds.size(), 2U);
    EXPECT_EQ(blinds[0].kind, BlindKind::Small);
    EXPECT_EQ(blinds[0].amount, 25);
    EXPECT_EQ(blinds[1].seat, 2);
    EXPECT_EQ(blinds[1].amount, 40);  // 50 - the ante of 10
    EXPECT_TRUE(blinds[1].all_in);
    EXPECT_TRUE(h.all_in(2));
    EXPECT_EQ(h.pot_total(), 40 + 25 + 40);
    EXPECT_EQ(h.legal_actions().call_amount, 50);  // the full big blind to enter
}

TEST(ForcedBets, StackSmallerThanAnteIsAllInWithThePartialAnte) {
    SeededRandom rng(32);
    Hand h(make_setup(Variant::FiveCardDraw, Betting::NoLimit, {1000, 1000, 1000, 7}, 25, 50, 10,
                      AnteMode::Classic),
           rng);
    const auto antes = events_of<AntePosted>(h);
    ASSERT_EQ(antes.size(), 4U);
    EXPECT_EQ(antes[2].seat, 3);  // antes from the button's left: seats 1, 2, 3, 0
    EXPECT_EQ(antes[2].amount, 7);
    EXPECT_EQ(h.committed(3), 7);
    EXPECT_TRUE(h.all_in(3));
}

TEST(ForcedBets, BigBlindAntePostsTheTablesAntesAsDeadMoneyInTheMainPot) {
    SeededRandom rng(33);
    Hand h(make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000, 1000, 1000}, 25, 50, 10,
                      AnteMode::BigBlind),
           rng);
    const auto antes = events_of<AntePosted>(h);
    ASSERT_EQ(antes.size(), 1U);
    EXPECT_EQ(antes[0].seat, 2);
    EXPECT_EQ(antes[0].amount, 40);
    EXPECT_EQ(h.stack(2), 1000 - 40 - 50);
    // Everyone folds to the big blind: the small blind and dead antes are won, the blind returned.
    ASSERT_OK(h.fold(3));
    ASSERT_OK(h.fold(0));
    ASSERT_OK(h.fold(1));
    ASSERT_TRUE(h.is_over());
    EXPECT_EQ(h.stack(2), 1000 + 25);
    EXPECT_EQ(h.stack(1), 975);
}

TEST(ForcedBets, NoSmallBlindWhenSeatIsNoSeat_FirstToActLeftOfBigBlind) {
    SeededRandom rng(34);
    HandSetup s = make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000, 1000, 1000}, 25, 50);
    s.small_blind_seat = kNoSeat;
    Hand h(s, rng);
    const auto blinds = events_of<BlindPosted>(h);
    ASSERT_EQ(blinds.size(), 1U);
    EXPECT_EQ(blinds[0].kind, BlindKind::Big);
    EXPECT_EQ(h.pot_total(), 50);
    EXPECT_EQ(h.to_act(), 3);
}

TEST(ForcedBets, HeadsUp_ButtonPostsSmallBlindActsFirstPreflopAndLastAfter_Apt14_4) {
    SeededRandom rng(35);
    Hand h(make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000}, 25, 50), rng);
    EXPECT_EQ(h.bet(0), 25);
    EXPECT_EQ(h.bet(1), 50);
    EXPECT_EQ(h.to_act(), 0);
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.check(1));
    EXPECT_EQ(h.to_act(), 1);
    ASSERT_OK(h.check(1));
    EXPECT_EQ(h.to_act(), 0);
}

TEST(ForcedBets, ButtonOnEmptySeat_DealingAndActionStartFromNextDealtInSeat) {
    SeededRandom rng(36);
    HandSetup s;
    s.variant = Variant::Holdem;
    s.betting = Betting::NoLimit;
    s.small_blind = 25;
    s.big_blind = 50;
    s.table_size = 9;
    for (SeatIndex seat : {1, 4, 6, 8})
        s.seats.push_back(SeatSetup{.seat = seat, .stack = 1000});
    s.button = 5;  // empty: the player there left
    s.small_blind_seat = kNoSeat;
    s.big_blind_seat = 6;
    Hand h(s, rng);
    const auto dealt = events_of<CardDealt>(h);
    ASSERT_GE(dealt.size(), 8U);
    EXPECT_EQ(dealt[0].seat, 6);
    EXPECT_EQ(dealt[1].seat, 8);
    EXPECT_EQ(dealt[2].seat, 1);
    EXPECT_EQ(dealt[3].seat, 4);
    EXPECT_EQ(h.to_act(), 8);
}

TEST(ForcedBets, InvalidSetupsAreRefusedWithAReason) {
    SeededRandom rng(37);
    EXPECT_EQ(
        Hand::validate(make_setup(Variant::FiveCardDraw, Betting::Limit, std::vector<Chips>(7, 100), 1, 2))
            .error(),
        SetupError::TooManyPlayers);
    EXPECT_EQ(refusal_of(Hand::validate(make_setup(Variant::Holdem, Betting::Limit, {100}, 1, 2))),
              SetupError::TooFewPlayers);
    EXPECT_EQ(refusal_of(Hand::validate(make_setup(Variant::Holdem, Betting::Limit, {100, 0, 100}, 1, 2))),
              SetupError::EmptyStack);
    EXPECT_EQ(refusal_of(Hand::validate(make_setup(Variant::Holdem, Betting::Limit, {100, 100, 100}, 1, 0))),
              SetupError::BadBlinds);
    HandSetup bad_bb = make_setup(Variant::Holdem, Betting::NoLimit, {100, 100, 100}, 1, 2);
    bad_bb.big_blind_seat = 7;
    EXPECT_EQ(refusal_of(Hand::validate(bad_bb)), SetupError::BlindSeatNotDealtIn);
    Hand h(bad_bb, rng);
    EXPECT_TRUE(h.is_over());
    EXPECT_FALSE(h.setup_error().has_value());
    EXPECT_TRUE(h.events().empty());
    EXPECT_REFUSED(h.check(0), RuleError::HandOver);
}

}  // namespace
}  // namespace tavolo::engine::testing
