// Every one of the 133,784,560 seven-card hands (a second or two in Release; labelled slow).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "engine/eval/fast_evaluator.hpp"

using namespace tavolo::engine;

TEST(SevenCardHands, CategoryCountsAndFourThousandEightHundredTwentyFourClasses) {
    const HandEvaluator fast;
    std::array<std::int64_t, kHandCategories> per_category{};
    std::vector<std::int64_t> per_class(kHandClasses + 1, 0);
    std::int64_t hands = 0;
    // Extend a key card by card, as a dealer adds cards to a board.
    for (int a = 0; a < kDeckSize; ++a) {
        const HandKey k1 = HandKey().plus(Card::from_index(a));
        for (int b = a + 1; b < kDeckSize; ++b) {
            const HandKey k2 = k1.plus(Card::from_index(b));
            for (int c = b + 1; c < kDeckSize; ++c) {
                const HandKey k3 = k2.plus(Card::from_index(c));
                for (int d = c + 1; d < kDeckSize; ++d) {
                    const HandKey k4 = k3.plus(Card::from_index(d));
                    for (int e = d + 1; e < kDeckSize; ++e) {
                        const HandKey k5 = k4.plus(Card::from_index(e));
                        for (int f = e + 1; f < kDeckSize; ++f) {
                            const HandKey k6 = k5.plus(Card::from_index(f));
                            for (int g = f + 1; g < kDeckSize; ++g) {
                                ++per_class[fast(k6.plus(Card::from_index(g))).raw()];
                                ++hands;
                            }
                        }
                    }
                }
            }
        }
    }
    for (std::uint32_t v = 1; v <= kHandClasses; ++v)
        per_category[static_cast<int>(HandValue(v).category())] += per_class[v];
    EXPECT_EQ(hands, 133'784'560);
    EXPECT_EQ(per_class[0], 0);
    const std::array<std::int64_t, kHandCategories> expected = {
        23'294'460, 58'627'800, 31'433'400, 6'461'620, 6'180'020, 4'047'644, 3'473'184, 224'848, 41'584};
    EXPECT_EQ(per_category, expected);
    EXPECT_EQ(std::count_if(per_class.begin(), per_class.end(), [](std::int64_t n) { return n > 0; }), 4824);
}

TEST(SevenCardHands, CardArrayAndKeyPathsAgreeOnEveryHandWithAFixedFirstCard) {
    // The Card* entry point, the one showdowns use, over the 18,009,460 hands holding the ace of
    // spades, against the key path above.
    const HandEvaluator fast;
    const Card ace = Card(Rank::Ace, Suit::Spades);
    std::array<Card, 7> cards{ace};
    std::int64_t mismatches = 0;
    std::int64_t hands = 0;
    for (int b = 0; b < kDeckSize - 1; ++b)
        for (int c = b + 1; c < kDeckSize - 1; ++c)
            for (int d = c + 1; d < kDeckSize - 1; ++d)
                for (int e = d + 1; e < kDeckSize - 1; ++e)
                    for (int f = e + 1; f < kDeckSize - 1; ++f)
                        for (int g = f + 1; g < kDeckSize - 1; ++g) {
                            HandKey key = HandKey().plus(ace);
                            const int idx[] = {b, c, d, e, f, g};
                            for (int i = 0; i < 6; ++i) {
                                cards[i + 1] = Card::from_index(idx[i]);
                                key = key.plus(cards[i + 1]);
                            }
                            mismatches += fast.seven(cards.data()) != fast(key);
                            ++hands;
                        }
    EXPECT_EQ(hands, 18'009'460);
    EXPECT_EQ(mismatches, 0);
}
