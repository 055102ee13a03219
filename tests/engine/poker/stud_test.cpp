// Five-card stud, our default (RULES.md §1, APT Art.10): blinds, lowest up-card opens the first
// round (ties: nearest the button's left), later rounds open left of the button, small bets on the
// first two rounds, the highest showing board shows first at a checked-through showdown.
#include <gtest/gtest.h>

#include "tests/engine/poker/hand_fixture.hpp"

namespace tavolo::engine::testing {
namespace {

TEST(Stud, LowestUpCardActsFirstInFirstRound_Apt10) {
    SeededRandom rng(51);
    HandSetup s = make_setup(Variant::FiveCardStud, Betting::Limit, {1000, 1000, 1000, 1000}, 5, 10);
    // Up-cards: seat 0 seven, seat 1 king, seat 2 nine, seat 3 three.
    Hand h(s, rng, stacked(s, {"2c7c", "2dKd", "2h9h", "2s3s"}));
    EXPECT_EQ(h.to_act(), 3);
    EXPECT_EQ(h.legal_actions().call_amount, 10);  // faces the big blind like anyone else
}

TEST(Stud, EqualLowestUpCardsNearestButtonsLeftActsFirst) {
    SeededRandom rng(52);
    HandSetup s = make_setup(Variant::FiveCardStud, Betting::NoLimit, {1000, 1000, 1000, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"2c7c", "2d3d", "2h9h", "4s3s"}));
    EXPECT_EQ(h.to_act(), 1);
}

TEST(Stud, BigBlindWithLowestUpCardMayCheckOrRaise) {
    SeededRandom rng(53);
    HandSetup s = make_setup(Variant::FiveCardStud, Betting::NoLimit, {1000, 1000, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"2c7c", "2dKd", "9h2h"}));
    ASSERT_EQ(h.to_act(), 2);
    const LegalActions la = h.legal_actions();
    EXPECT_TRUE(la.may_check);
    EXPECT_TRUE(la.may_bet_or_raise);
    ASSERT_OK(h.check(2));
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.call(1));
    EXPECT_EQ(h.street(), 1);  // the big blind had acted: the round is over
}

TEST(Stud, LaterRoundsOpenLeftOfButton_SmallThenBigBets) {
    SeededRandom rng(54);
    HandSetup s = make_setup(Variant::FiveCardStud, Betting::Limit, {1000, 1000, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"2c5d5h9c9d", "AcKdQhJc3s", "As7c7d7h2d"}));
    ASSERT_EQ(h.to_act(), 0);  // five is the lowest up-card
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.call(1));
    ASSERT_OK(h.check(2));
    ASSERT_EQ(h.street(), 1);
    EXPECT_EQ(h.to_act(), 1);
    EXPECT_EQ(h.legal_actions().min_to, 10);  // second round: small bet
    for (SeatIndex seat : {1, 2, 0})
        ASSERT_OK(h.check(seat));
    EXPECT_EQ(h.legal_actions().min_to, 20);  // third round: big bet
}

TEST(Stud, CheckedThroughShowdownHighestShowingBoardShowsFirst_LosersMuck) {
    SeededRandom rng(55);
    HandSetup s = make_setup(Variant::FiveCardStud, Betting::Limit, {1000, 1000, 1000}, 5, 10);
    // Showing: seat 0 two pair (9s and 5s), seat 1 K-Q-J-3, seat 2 three sevens.
    Hand h(s, rng, stacked(s, {"2c5d5h9c9d", "AcKdQhJc3s", "As7c7d7h2d"}));
    ASSERT_NO_FATAL_FAILURE(limp_and_check_through(h, 3));
    ASSERT_TRUE(h.is_over());
    const auto shown = events_of<CardsShown>(h);
    ASSERT_EQ(shown.size(), 1U);
    EXPECT_EQ(shown[0].seat, 2);
    const auto mucked = events_of<Mucked>(h);
    ASSERT_EQ(mucked.size(), 2U);
    EXPECT_EQ(mucked[0].seat, 0);
    EXPECT_EQ(mucked[1].seat, 1);
    EXPECT_EQ(h.stack(2), 1020);
}

}  // namespace
}  // namespace tavolo::engine::testing

namespace tavolo::engine::testing {
namespace {

TEST(Stud, TenPlayersAllInGetFiveDistinctCardsEach_NoBurnsSoTheDeckSuffices) {
    SeededRandom rng(56);
    Hand h(make_setup(Variant::FiveCardStud, Betting::NoLimit, std::vector<Chips>(10, 100), 5, 10), rng);
    while (!h.is_over()) {
        const LegalActions la = h.legal_actions();
        ASSERT_OK(la.may_bet_or_raise ? h.bet_or_raise_to(la.seat, la.max_to) : h.call(la.seat));
    }
    CardSet seen;
    for (SeatIndex seat = 0; seat < 10; ++seat) {
        ASSERT_EQ(h.hole_cards(seat).size(), 5U);
        for (Card c : h.hole_cards(seat)) {
            EXPECT_FALSE(seen.contains(c));
            seen.insert(c);
        }
    }
    EXPECT_EQ(seen.size(), 50);
    EXPECT_EQ(h.total_chips(), 1000);
}

}  // namespace
}  // namespace tavolo::engine::testing
