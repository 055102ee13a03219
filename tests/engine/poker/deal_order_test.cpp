// The documented deal order (hand.hpp), burn cards, and who may see each card (RULES.md §1, §8).
#include <gtest/gtest.h>

#include "tests/engine/poker/hand_fixture.hpp"

namespace tavolo::engine::testing {
namespace {

TEST(DealOrder, Holdem_HoleCardsOneAtATimeFromButtonsLeft_BurnBeforeEachStreet) {
    SeededRandom rng(41);
    HandSetup s = make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000, 1000}, 5, 10);
    const auto top = cards("2c 3c 4c 2d 3d 4d 5h 6h7h8h 5s 9h 5d Th");
    Hand h(s, rng, top);
    // Deal order from the button's left: seats 1, 2, 0.
    EXPECT_EQ(h.hole_cards(1)[0], top[0]);
    EXPECT_EQ(h.hole_cards(2)[0], top[1]);
    EXPECT_EQ(h.hole_cards(0)[0], top[2]);
    EXPECT_EQ(h.hole_cards(1)[1], top[3]);
    EXPECT_EQ(h.hole_cards(0)[1], top[5]);
    ASSERT_NO_FATAL_FAILURE(limp_and_check_through(h, 3));
    ASSERT_TRUE(h.is_over());
    const auto board = h.board();
    ASSERT_EQ(board.size(), 5U);
    EXPECT_EQ(board[0], top[7]);
    EXPECT_EQ(board[3], top[11]);
    EXPECT_EQ(board[4], top[13]);
    int burns = 0;
    for (const CardDealt& d : events_of<CardDealt>(h)) {
        switch (d.target) {
            case CardTarget::Burn:
                ++burns;
                EXPECT_EQ(d.visibility, Visibility::Nobody);
                break;
            case CardTarget::Board:
                EXPECT_EQ(d.visibility, Visibility::Everyone);
                EXPECT_EQ(d.seat, kNoSeat);
                break;
            case CardTarget::Player:
                EXPECT_EQ(d.visibility, Visibility::Owner);
                break;
        }
    }
    EXPECT_EQ(burns, 3);
    EXPECT_EQ(events_of<CardDealt>(h)[6].card, top[6]);  // the first burn
}

TEST(DealOrder, Stud_DownCardThenUpCardRound_ThenOneUpCardPerStreet_NoBurns) {
    SeededRandom rng(42);
    HandSetup s = make_setup(Variant::FiveCardStud, Betting::Limit, {1000, 1000, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"AcKcQcJcTc", "2d3d4d5d7d", "AhAsKhKsQh"}));
    const auto first = h.hole_cards(0);
    ASSERT_EQ(first.size(), 2U);
    EXPECT_FALSE(h.card_face_up(0, 0));
    EXPECT_TRUE(h.card_face_up(0, 1));
    const auto dealt = events_of<CardDealt>(h);
    ASSERT_EQ(dealt.size(), 6U);
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(dealt[i].visibility, Visibility::Owner);
    for (int i = 3; i < 6; ++i)
        EXPECT_EQ(dealt[i].visibility, Visibility::Everyone);
    EXPECT_EQ(dealt[0].seat, 1);
    EXPECT_EQ(dealt[3].seat, 1);
}

TEST(DealOrder, Draw_FiveRoundsFromButtonsLeft) {
    SeededRandom rng(43);
    HandSetup s = make_setup(Variant::FiveCardDraw, Betting::Limit, {1000, 1000, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"AcKcQcJcTc", "2d3d4d5d7d", "AhAsKhKsQh"}));
    for (SeatIndex seat : {0, 1, 2})
        EXPECT_EQ(h.hole_cards(seat).size(), 5U);
    EXPECT_EQ(h.hole_cards(1)[4], cards("7d")[0]);
    EXPECT_EQ(h.hole_cards(0)[0], cards("Ac")[0]);
}

TEST(DealOrder, RefusedCommandChangesNothing) {
    SeededRandom rng(44);
    Hand h(make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000, 1000}, 5, 10), rng);
    const auto before = std::vector<HandEvent>(h.events().begin(), h.events().end());
    const LegalActions la = h.legal_actions();
    EXPECT_REFUSED(h.check(0), RuleError::CannotCheck);
    EXPECT_REFUSED(h.check(1), RuleError::NotYourTurn);
    EXPECT_REFUSED(h.bet_or_raise_to(0, 5000), RuleError::MoreThanStack);
    EXPECT_REFUSED(h.bet_or_raise_to(0, 15), RuleError::BelowMinimum);
    EXPECT_REFUSED(h.discard(0, CardSet{}), RuleError::NotADrawRound);
    EXPECT_REFUSED(h.check(7), RuleError::UnknownSeat);
    EXPECT_REFUSED(h.act(0, ShowCards{}), RuleError::CannotShow);
    EXPECT_EQ(h.events().size(), before.size());
    EXPECT_EQ(h.to_act(), la.seat);
    EXPECT_EQ(h.stack(0), 1000);
    EXPECT_EQ(h.legal_actions().call_amount, la.call_amount);
}

}  // namespace
}  // namespace tavolo::engine::testing
