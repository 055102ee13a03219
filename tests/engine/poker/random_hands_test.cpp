// Property test (issue 3): 200,000 random hands across every game x structure x 2-10 players
// (draw 2-6) with random legal and illegal commands; see random_play.hpp for what is checked.
#include <gtest/gtest.h>

#include "tests/engine/poker/random_play.hpp"
#include "tests/engine/property_count.hpp"

namespace tavolo::engine::testing {
namespace {

TEST(PropertyRandomHands, ChipsConservedAndIllegalCommandsRefusedAcrossAllGames) {
    constexpr int kRounds = property_count(200'000);
    const Stats stats = play_random_hands(20261122, kRounds);
    ::testing::Test::RecordProperty("commands", std::to_string(stats.commands));
    ::testing::Test::RecordProperty("refused", std::to_string(stats.refused));
    EXPECT_EQ(stats.hands, kRounds);
    EXPECT_GT(stats.commands, 5L * kRounds);
    EXPECT_GT(stats.refused, kRounds / 2);
    EXPECT_GT(stats.showdowns, kRounds / 10);
}

}  // namespace
}  // namespace tavolo::engine::testing
