#include "server/secure_random.hpp"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <set>

#include "engine/deck.hpp"

using tavolo::server::SecureRandom;

TEST(SecureRandom, BitsAreBalancedAndDrawsDistinct) {
    SecureRandom rng;
    std::set<std::uint64_t> seen;
    long ones = 0;
    const int draws = 20000;  // crosses many refills of the 64-draw buffer
    for (int i = 0; i < draws; ++i) {
        std::uint64_t x = rng.next_u64();
        seen.insert(x);
        ones += std::popcount(x);
    }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(draws));
    // 1,280,000 bits: mean 640,000, sd 566; 5,000 is about nine sd.
    EXPECT_NEAR(static_cast<double>(ones), draws * 32.0, 5000.0);
}

TEST(SecureRandom, TwoGeneratorsShuffleDifferently) {
    SecureRandom a, b;
    tavolo::engine::Deck da, db;
    da.shuffle(a);
    db.shuffle(b);
    int same = 0;
    for (int i = 0; i < tavolo::engine::kDeckSize; ++i)
        same += da.deal() == db.deal();
    EXPECT_LT(same, 20);
}

TEST(SecureRandom, UniformBelowCoversTheRange) {
    SecureRandom rng;
    std::array<int, 52> counts{};
    for (int i = 0; i < 52000; ++i)
        ++counts[rng.uniform_below(52)];
    for (int c : counts)
        EXPECT_NEAR(c, 1000, 200);
}
