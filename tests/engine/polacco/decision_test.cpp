// Decision numbers in Poker Polacco (issue 9) and copies of a hand independent of the original.
#include <gtest/gtest.h>

#include "engine/polacco/hand.hpp"
#include "tests/engine/polacco/polacco_fixture.hpp"

namespace tavolo::engine::polacco {
namespace {

using testing::deck;
using testing::p;

Hand three_players(std::string_view top = "") {
    return Hand::start_with_deck(HandSetup{1, Rules{}, {{1, 0, true}, {2, 0, true}, {3, 0, true}}, 1},
                                 deck(top))
        .value();
}

TEST(PolaccoDecisionNumbers, EachCommandTakenAdvancesTheNumberLegalActionsReportIt) {
    Hand hand = three_players();
    EXPECT_EQ(hand.decision(), 1);
    EXPECT_EQ(hand.legal_actions().decision, 1);
    ASSERT_TRUE(hand.choose_direction(1, Direction::Clockwise, 1).has_value());
    EXPECT_EQ(hand.legal_actions().decision, 2);
    ASSERT_TRUE(hand.declare(1, p("pair of sevens"), 2).has_value());
    ASSERT_TRUE(hand.timeout(2, 3).has_value());  // a doubt by the clock is a decision too
    EXPECT_EQ(hand.decision(), 4);
}

TEST(PolaccoDecisionNumbers, AStaleDecisionIsRefusedWithItsOwnErrorAndChangesNothing) {
    Hand hand = three_players();
    ASSERT_TRUE(hand.choose_direction(1, Direction::Clockwise, 1).has_value());
    ASSERT_TRUE(hand.declare(1, p("pair of sevens"), 2).has_value());
    const auto events = hand.events().size();
    auto stale = hand.declare(2, p("pair of eights"), 2);
    ASSERT_FALSE(stale.has_value());
    EXPECT_EQ(stale.error(), PolaccoError::StaleDecision);
    EXPECT_EQ(hand.events().size(), events);
    EXPECT_EQ(hand.to_act(), 2);
    EXPECT_FALSE(hand.can_doubt(2, 4));
    EXPECT_TRUE(hand.can_doubt(2, 3));
    EXPECT_EQ(describe(PolaccoError::StaleDecision),
              "this action answers an earlier decision of the hand: refresh and act again");
}

TEST(PolaccoDecisionNumbers, ADuplicatedActionIsRefusedTheSecondTime) {
    Rules rules;
    rules.passamano = true;
    Hand hand =
        Hand::start_with_deck(
            HandSetup{1, rules, {{1, 0, true}, {2, 0, true}, {3, 0, true}, {4, 0, true}}, 1}, deck(""))
            .value();
    ASSERT_TRUE(hand.choose_direction(1, Direction::Clockwise, 1).has_value());
    ASSERT_TRUE(hand.declare(1, p("pair of sevens"), 2).has_value());
    ASSERT_TRUE(hand.pass(2, 3).has_value());
    auto again = hand.pass(2, 3);
    ASSERT_FALSE(again.has_value());
    EXPECT_EQ(again.error(), PolaccoError::StaleDecision);
    EXPECT_EQ(hand.to_act(), 3);
}

TEST(PolaccoHandCopy, ACopyActedOnLeavesTheOriginalUnchanged) {
    SeededRandom rng(3);
    Hand original =
        Hand::start(HandSetup{1, Rules{}, {{1, 1, true}, {2, 0, true}, {3, 2, true}}, 1}, rng).value();
    ASSERT_TRUE(original.choose_direction(1, Direction::Anticlockwise).has_value());
    Hand copy = original;
    ASSERT_TRUE(copy.declare(1, p("pair of sevens")).has_value());
    ASSERT_TRUE(copy.doubt(3).has_value());
    EXPECT_EQ(original.phase(), Phase::Declaring);
    EXPECT_EQ(original.to_act(), 1);
    EXPECT_FALSE(original.last_punto().has_value());
    EXPECT_EQ(original.decision(), 2);
    ASSERT_TRUE(original.declare(1, p("pair of sevens")).has_value());
    ASSERT_TRUE(original.doubt(3).has_value());
    ASSERT_EQ(original.events().size(), copy.events().size());
    for (PlayerId player : {1, 2, 3})
        EXPECT_EQ(original.cards_of(player), copy.cards_of(player));
    EXPECT_EQ(original.result()->penalised, copy.result()->penalised);
}

}  // namespace
}  // namespace tavolo::engine::polacco
