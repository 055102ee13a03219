// The example of engine/polacco/README.md, run as written.
#include <gtest/gtest.h>

#include "engine/polacco/table.hpp"

namespace tavolo::engine::polacco {
namespace {

TEST(PolaccoReadme, DrivingAHand) {
    SeededRandom rng{1};
    Rules rules;
    rules.passamano = true;
    Table table{0, rules, {{1, 0, true}, {2, 0, true}, {3, 1, true}}, 1};

    ASSERT_TRUE(table.start_hand(rng));
    Hand& hand = *table.hand();
    ASSERT_TRUE(hand.choose_direction(1, Direction::Anticlockwise));
    EXPECT_EQ(hand.cards_in_play(), 7);
    ASSERT_TRUE(hand.declare(1, *Punto::parse("Coppia di 7")));
    EXPECT_EQ(hand.to_act(), 3);
    auto refused = hand.declare(3, *Punto::parse("Carta alta A"));
    EXPECT_EQ(refused.error(), PolaccoError::NotHigher);
    EXPECT_EQ(hand.to_act(), 3);
    ASSERT_TRUE(hand.pass(3));
    EXPECT_EQ(hand.to_act(), 2);
    ASSERT_TRUE(hand.doubt(2));
    HandResult result = table.finish_hand().value();
    EXPECT_EQ(table.first_speaker(), result.penalised);
    EXPECT_TRUE(result.penalised == 1 || result.penalised == 2);
}

}  // namespace
}  // namespace tavolo::engine::polacco
