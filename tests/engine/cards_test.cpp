#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "engine/cards.hpp"
#include "engine/deck.hpp"
#include "engine/random.hpp"

using namespace tavolo::engine;

TEST(Cards, ParseAndFormatEveryCard) {
    for (int i = 0; i < kDeckSize; ++i) {
        Card c = Card::from_index(i);
        auto back = Card::parse(c.to_string());
        ASSERT_TRUE(back);
        EXPECT_EQ(*back, c);
    }
    EXPECT_EQ(Card::parse("As")->rank(), Rank::Ace);
    EXPECT_EQ(Card::parse("10h")->rank(), Rank::Ten);
    EXPECT_EQ(Card::parse("td")->suit(), Suit::Diamonds);
    EXPECT_FALSE(Card::parse("1s"));
    EXPECT_FALSE(Card::parse("Ax"));
    EXPECT_FALSE(Card::parse("A"));
}

TEST(Cards, ParseRuns) {
    auto cards = parse_cards("AsKd7h");
    ASSERT_TRUE(cards);
    EXPECT_EQ(to_string(*cards), "AsKd7h");
    EXPECT_EQ(to_string(*parse_cards("10c 9c, 8c")), "Tc9c8c");
    EXPECT_FALSE(parse_cards("AsK"));
}

TEST(Deck, ShuffleIsAPermutation) {
    SeededRandom rng(7);
    Deck deck;
    deck.shuffle(rng);
    CardSet seen;
    while (deck.remaining() > 0)
        seen.insert(deck.deal());
    EXPECT_EQ(seen.size(), kDeckSize);
}

TEST(Deck, StackTopFixesTheFirstCards) {
    SeededRandom rng(1);
    Deck deck;
    deck.shuffle(rng);
    deck.stack_top(*parse_cards("AsAd2c"));
    EXPECT_EQ(deck.deal().to_string(), "As");
    EXPECT_EQ(deck.deal().to_string(), "Ad");
    EXPECT_EQ(deck.deal().to_string(), "2c");
    EXPECT_EQ(deck.remaining(), 49U);
}

TEST(Random, UniformBelowHasNoModuloBias) {
    // A bound just above 2^63 makes a plain modulo return the low half twice as often.
    SeededRandom rng(42);
    const std::uint64_t bound = (std::uint64_t{1} << 63) + (std::uint64_t{1} << 62);
    int low = 0;
    const int n = 200000;
    for (int i = 0; i < n; ++i)
        low += rng.uniform_below(bound) < bound / 2;
    EXPECT_NEAR(static_cast<double>(low) / n, 0.5, 0.01);
}

TEST(Deck, EveryCardEquallyLikelyInEveryPosition) {
    // Chi-square over 52 positions x 52 cards: a biased shuffle shows up far above the bound.
    SeededRandom rng(2024);
    Deck deck;
    std::array<std::array<int, kDeckSize>, kDeckSize> counts{};
    const int trials = 52 * 400;
    for (int t = 0; t < trials; ++t) {
        deck.shuffle(rng);
        for (int pos = 0; pos < kDeckSize; ++pos)
            ++counts[pos][deck.deal().index()];
    }
    const double expected = trials / 52.0;
    double chi2 = 0;
    for (auto& row : counts)
        for (int c : row)
            chi2 += (c - expected) * (c - expected) / expected;
    // 2601 degrees of freedom: mean 2601, sd ~72; 3000 is over five sd.
    EXPECT_LT(chi2, 3000.0);
    EXPECT_GT(chi2, 2200.0);
}
