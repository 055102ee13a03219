#include <gtest/gtest.h>

#include "engine/eval/hand_value.hpp"

using namespace tavolo::engine;

namespace {
HandValue eval(const char* text) {
    return evaluate(*parse_cards(text));
}
}  // namespace

TEST(Evaluator, CategoriesOfFiveCards) {
    EXPECT_EQ(eval("AsKsQsJsTs").category(), HandCategory::StraightFlush);
    EXPECT_EQ(eval("As2s3s4s5s").category(), HandCategory::StraightFlush);
    EXPECT_EQ(eval("9c9d9h9s2c").category(), HandCategory::FourOfAKind);
    EXPECT_EQ(eval("9c9d9h2s2c").category(), HandCategory::FullHouse);
    EXPECT_EQ(eval("Ac9c7c4c2c").category(), HandCategory::Flush);
    EXPECT_EQ(eval("Ad2c3h4s5c").category(), HandCategory::Straight);
    EXPECT_EQ(eval("9c9d9h3s2c").category(), HandCategory::ThreeOfAKind);
    EXPECT_EQ(eval("9c9d3h3s2c").category(), HandCategory::TwoPair);
    EXPECT_EQ(eval("9c9d4h3s2c").category(), HandCategory::Pair);
    EXPECT_EQ(eval("Kc9d4h3s2c").category(), HandCategory::HighCard);
}

TEST(Evaluator, WheelIsTheLowestStraight) {
    EXPECT_LT(eval("Ad2c3h4s5c"), eval("2d3c4h5s6c"));
    EXPECT_LT(eval("As2s3s4s5s"), eval("2h3h4h5h6h"));
}

TEST(Evaluator, BestFiveOfSevenAndSuitsDoNotRank) {
    EXPECT_EQ(eval("AsKsQsJsTs2c3d").category(), HandCategory::StraightFlush);
    EXPECT_EQ(eval("AhKd7c7d2s3s4h"), eval("AcKs7h7s2d3d4c"));
    EXPECT_GT(eval("AhKd7c7d2s3s9h"), eval("AhQd7c7d2s3s9h"));  // kicker decides
}
