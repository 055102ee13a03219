// A Poker Polacco table across hands, the operator's penalty, and the snapshot a viewer may see.
#include "engine/polacco/table.hpp"

#include <gtest/gtest.h>

#include "tests/engine/polacco/polacco_fixture.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine::polacco {

namespace {

using testing::deck;
using testing::p;

Table three_players(int penalties_of_middle = 0) {
    return Table{0, Rules{}, {{1, 0, true}, {2, penalties_of_middle, true}, {3, 0, true}}, 1};
}

TEST(PolaccoTable, OneHandAtATimeAndOnlyFinishedHandsApply) {
    Table table = three_players();
    ASSERT_TRUE(table.start_hand_with_deck(deck("")));
    EXPECT_EQ(refusal_of(table.start_hand_with_deck(deck(""))), PolaccoError::HandInProgress);
    EXPECT_EQ(refusal_of(table.finish_hand()), PolaccoError::HandNotFinished);
    EXPECT_EQ(refusal_of(table.give_penalty(2)), PolaccoError::HandInProgress);
    Table idle = three_players();
    EXPECT_EQ(refusal_of(idle.finish_hand()), PolaccoError::NoHandInProgress);
}

TEST(PolaccoTable, ThePenalisedPlayerSpeaksFirstAndHoldsOneMoreCardNextHand) {
    Table table = three_players();
    ASSERT_TRUE(table.start_hand_with_deck(deck("2c3c 4d5d 6h7h")));
    Hand& hand = *table.hand();
    ASSERT_TRUE(hand.choose_direction(1, Direction::Clockwise));
    ASSERT_TRUE(hand.declare(1, p("Carta alta A")));  // no ace: a bluff
    ASSERT_TRUE(hand.doubt(2));
    auto result = table.finish_hand().value();
    EXPECT_EQ(result.penalised, 1);
    EXPECT_EQ(table.first_speaker(), 1);
    EXPECT_EQ(table.hands_played(), 1);
    SeededRandom rng{4};
    ASSERT_TRUE(table.start_hand(rng));
    ASSERT_TRUE(table.hand()->choose_direction(1, Direction::Anticlockwise));
    EXPECT_EQ(table.hand()->cards_of(1).size(), 3U);
    EXPECT_EQ(table.hand()->cards_of(2).size(), 2U);
}

TEST(PolaccoTable, AnOperatorPenaltyMakesTheNextFirstSpeakerOrEliminates) {
    Table table = three_players(3);
    auto first = table.give_penalty(3).value();
    EXPECT_EQ(first.penalties, 1);
    EXPECT_FALSE(first.eliminated);
    EXPECT_EQ(table.first_speaker(), 3);
    EXPECT_EQ(refusal_of(table.give_penalty(99)), PolaccoError::NotSeated);
    auto out = table.give_penalty(2).value();
    EXPECT_TRUE(out.eliminated);
    EXPECT_EQ(out.next_first_speaker, 1) << "1 precedes 2 clockwise (no hand played yet: clockwise)";
    EXPECT_EQ(table.players(), 2);
}

}  // namespace
}  // namespace tavolo::engine::polacco
