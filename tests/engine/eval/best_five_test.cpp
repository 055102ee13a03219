#include <gtest/gtest.h>

#include "engine/eval/hand_value.hpp"
#include "engine/eval/reference_evaluator.hpp"
#include "engine/random.hpp"
#include "tests/engine/eval/random_hands.hpp"

using namespace tavolo::engine;

namespace {
std::string best_of(const char* text) {
    const auto five = best_five(*parse_cards(text));
    return to_string(std::vector<Card>(five.begin(), five.end()));
}
}  // namespace

TEST(BestFive, PicksTheCardsThatMakeTheHand) {
    EXPECT_EQ(best_of("KcKdKh9s9dAsAd"), "KcKdKhAsAd");
    EXPECT_EQ(best_of("2c7dJhJsQd3c4h"), "JhJsQd7d4h");
    EXPECT_EQ(best_of("AhJh8h6h2hKcKd"), "AhJh8h6h2h");
    EXPECT_EQ(best_of("9h8h7h6h5h4h2c"), "9h8h7h6h5h");
}

TEST(BestFive, WheelAceComesLast) {
    EXPECT_EQ(best_of("As2d3h4c5sKdKh"), "5s4c3h2dAs");
}

TEST(BestFive, TiesKeepTheEarliestCards) {
    // The board plays: any fifth card gives the same straight; the first ones are kept.
    EXPECT_EQ(best_of("Ts9s8c7d6h2c2d"), "Ts9s8c7d6h");
    EXPECT_EQ(best_of("AcAdAhAsKdKhKs"), "AcAdAhAsKd");
}

TEST(BestFive, RandomHandsValueOfTheFiveEqualsTheHand) {
    SeededRandom rng(5);
    for (int i = 0; i < 20'000; ++i) {
        const auto hand = tavolo::engine::testing::random_hand(rng, 5 + i % 3);
        const auto five = best_five(hand);
        EXPECT_EQ(reference_evaluate(five), reference_evaluate(hand)) << to_string(hand);
        for (Card c : five)
            EXPECT_NE(std::find(hand.begin(), hand.end(), c), hand.end());
    }
}
