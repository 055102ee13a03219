#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/eval/hand_value.hpp"

using namespace tavolo::engine;

namespace {
std::string describe_cards(const char* text) {
    return describe(evaluate(*parse_cards(text)));
}
}  // namespace

TEST(Describe, NamesEachCategoryAsADealerWould) {
    EXPECT_EQ(describe_cards("AsKsQsJsTs"), "royal flush");
    EXPECT_EQ(describe_cards("KhQhJhTh9h"), "king-high straight flush");
    EXPECT_EQ(describe_cards("5d4d3d2dAd"), "five-high straight flush");
    EXPECT_EQ(describe_cards("AcAdAhAsKd"), "four of a kind, aces");
    EXPECT_EQ(describe_cards("KcKdKh9s9d"), "full house, kings over nines");
    EXPECT_EQ(describe_cards("9c9d9hKsKd"), "full house, nines over kings");
    EXPECT_EQ(describe_cards("Ac9c7c4c2c"), "ace-high flush");
    EXPECT_EQ(describe_cards("KdQcJhTs9c"), "king-high straight");
    EXPECT_EQ(describe_cards("AdKcQhJsTc"), "ace-high straight");
    EXPECT_EQ(describe_cards("Ad2c3h4s5c"), "five-high straight");
    EXPECT_EQ(describe_cards("7c7d7hKs2d"), "three of a kind, sevens");
    EXPECT_EQ(describe_cards("JcJd4h4sAd"), "two pair, jacks and fours");
    EXPECT_EQ(describe_cards("AcAd9h4s2d"), "pair of aces");
    EXPECT_EQ(describe_cards("6c6d9h4s2d"), "pair of sixes");
    EXPECT_EQ(describe_cards("AcQd9h4s2d"), "ace high");
    EXPECT_EQ(describe_cards("7c5d4h3s2c"), "seven high");
}

TEST(Describe, NamesTheBestFiveOfSeven) {
    EXPECT_EQ(describe_cards("KcKdKh9s9dAsAd"), "full house, kings over aces");
    EXPECT_EQ(describe_cards("JcJd4h4s2c2dAd"), "two pair, jacks and fours");
    EXPECT_EQ(describe_cards("AsKsQsJsTs9s8s"), "royal flush");
    EXPECT_EQ(describe_cards("9h8h7h6h5h4h2c"), "nine-high straight flush");
    EXPECT_EQ(describe_cards("AhJh8h6h2hKcKd"), "ace-high flush");
}

TEST(Describe, NoHandForTheDefaultValue) {
    EXPECT_EQ(describe(HandValue{}), "no hand");
}

TEST(Describe, DecidingRanksListKickers) {
    const DecidingRanks d = deciding_ranks(evaluate(*parse_cards("AcAd9h4s2dKh3c")));
    EXPECT_EQ(d.category, HandCategory::Pair);
    ASSERT_EQ(d.count, 4);
    EXPECT_EQ(d.ranks[0], Rank::Ace);
    EXPECT_EQ(d.ranks[1], Rank::King);
    EXPECT_EQ(d.ranks[2], Rank::Nine);
    EXPECT_EQ(d.ranks[3], Rank::Four);
}

TEST(Describe, EveryClassIsNamedByItsCategoryAndLeadingRanks) {
    // High card and flush by top card (7..A: 8 each), pair, trips and quads by rank (13 each), two
    // pair by both pairs (78), full house by both ranks (156), straights by top card (10 each).
    std::set<std::string> names;
    for (std::uint32_t v = 1; v <= kHandClasses; ++v)
        names.insert(describe(HandValue(v)));
    EXPECT_EQ(names.size(), 8U + 13 + 78 + 13 + 10 + 8 + 156 + 13 + 10);
    EXPECT_EQ(names.count("no hand"), 0U);
}

TEST(Describe, CategoryNames) {
    EXPECT_STREQ(category_name(HandCategory::HighCard), "high card");
    EXPECT_STREQ(category_name(HandCategory::TwoPair), "two pair");
    EXPECT_STREQ(category_name(HandCategory::StraightFlush), "straight flush");
}
