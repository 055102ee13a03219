// Slow property test: three million random poker hands (the fast suite plays 200,000), other seeds.
#include <gtest/gtest.h>

#include "tests/engine/poker/random_play.hpp"

namespace tavolo::engine::testing {
namespace {

TEST(PokerPropertySlow, ThreeMillionRandomHandsConserveChipsAndRefuseIllegalCommands) {
    constexpr int kRounds = 3'000'000;
    const Stats stats = play_random_hands(0x7A701010, kRounds);
    EXPECT_EQ(stats.hands, kRounds);
    EXPECT_GT(stats.showdowns, kRounds / 10);
}

}  // namespace
}  // namespace tavolo::engine::testing
