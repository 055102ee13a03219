// The fast evaluator against the reference: the same class for every hand tried.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/eval/fast_evaluator.hpp"
#include "engine/eval/lookup_tables.hpp"
#include "engine/eval/reference_evaluator.hpp"
#include "tests/engine/eval/random_hands.hpp"

using namespace tavolo::engine;
using tavolo::engine::testing::random_hand;

namespace {

// The reference value of a class number: equal to the reference's own value of the hand means
// the fast evaluator put the hand in exactly the right class (so all orderings agree too).
ReferenceValue as_reference(HandValue v) {
    if (v.raw() < 1 || v.raw() > static_cast<std::uint32_t>(kHandClasses)) return ReferenceValue{};
    return ReferenceValue(lookup_tables().classes[v.raw() - 1]);
}

void expect_agreement_on_random_hands(int size, int count, std::uint64_t seed) {
    SeededRandom rng(seed);
    const HandEvaluator fast;
    int mismatches = 0;
    for (int i = 0; i < count; ++i) {
        const auto hand = random_hand(rng, size);
        const HandValue v = fast(hand);
        if (as_reference(v) != reference_evaluate(hand)) {
            if (++mismatches <= 5) ADD_FAILURE() << "hand " << to_string(hand) << ": fast class " << v.raw();
        }
    }
    EXPECT_EQ(mismatches, 0);
}

}  // namespace

TEST(FastEvaluator, TablesAreComplete) {
    EXPECT_TRUE(lookup_tables().complete);
}

TEST(FastEvaluator, ClassesAreTheReferenceValuesInIncreasingOrder) {
    const auto& classes = lookup_tables().classes;
    EXPECT_TRUE(std::is_sorted(classes.begin(), classes.end()));
    EXPECT_EQ(std::adjacent_find(classes.begin(), classes.end()), classes.end());
}

TEST(FastEvaluator, CategoryOfEveryClassMatchesTheReference) {
    std::array<int, kHandCategories> seen{};
    for (std::uint32_t v = 1; v <= kHandClasses; ++v) {
        const HandCategory cat = HandValue(v).category();
        EXPECT_EQ(cat, as_reference(HandValue(v)).category()) << "class " << v;
        ++seen[static_cast<int>(cat)];
    }
    EXPECT_EQ(seen, kClassesPerCategory);
}

TEST(FastEvaluator, ExtremeClasses) {
    EXPECT_EQ(evaluate(*parse_cards("7c5d4h3s2c")).raw(), 1U);
    EXPECT_EQ(evaluate(*parse_cards("AsKsQsJsTs")).raw(), 7462U);
    EXPECT_EQ(evaluate(*parse_cards("AsKsQsJsTs2d2c")).raw(), 7462U);
}

TEST(FastEvaluator, MatchesReferenceOnAMillionRandomFiveCardHands) {
    expect_agreement_on_random_hands(5, 1'000'000, 501);
}

TEST(FastEvaluator, MatchesReferenceOnAMillionRandomSixCardHands) {
    expect_agreement_on_random_hands(6, 1'000'000, 601);
}

TEST(FastEvaluator, MatchesReferenceOnAMillionRandomSevenCardHands) {
    expect_agreement_on_random_hands(7, 1'000'000, 701);
}

TEST(FastEvaluator, FlushesAndNearFlushesMatchReference) {
    // Random hands rarely hold flushes: deal most cards from two suits to test that path hard.
    SeededRandom rng(77);
    const HandEvaluator fast;
    int mismatches = 0;
    for (int i = 0; i < 200'000; ++i) {
        const int size = 5 + static_cast<int>(rng.uniform_below(3));
        std::vector<Card> hand;
        CardSet used;
        while (static_cast<int>(hand.size()) < size) {
            const auto rank = static_cast<Rank>(rng.uniform_below(kRanks));
            const auto suit =
                static_cast<Suit>(rng.uniform_below(8) < 7 ? rng.uniform_below(2) : rng.uniform_below(4));
            const Card c(rank, suit);
            if (used.contains(c)) continue;
            used.insert(c);
            hand.push_back(c);
        }
        if (as_reference(fast(hand)) != reference_evaluate(hand) && ++mismatches <= 5)
            ADD_FAILURE() << "hand " << to_string(hand);
    }
    EXPECT_EQ(mismatches, 0);
}

TEST(FastEvaluator, CardOrderDoesNotMatter) {
    SeededRandom rng(9);
    for (int i = 0; i < 10'000; ++i) {
        auto hand = random_hand(rng, 7);
        const HandValue v = evaluate(hand);
        std::reverse(hand.begin(), hand.end());
        EXPECT_EQ(evaluate(hand), v);
        std::rotate(hand.begin(), hand.begin() + 3, hand.end());
        EXPECT_EQ(evaluate(hand), v);
    }
}

TEST(FastEvaluator, KeyBuiltCardByCardGivesTheSameValue) {
    SeededRandom rng(11);
    const HandEvaluator fast;
    for (int i = 0; i < 100'000; ++i) {
        const int size = 5 + i % 3;
        const auto hand = random_hand(rng, size);
        HandKey key;
        for (Card c : hand)
            key = key.plus(c);
        ASSERT_EQ(key.size(), size);
        EXPECT_EQ(fast(key), fast(hand)) << to_string(hand);
    }
}

TEST(FastEvaluator, EveryPairOfCardsInEveryPlaceOfTheArrayMatchesTheReference) {
    // The Card* path adds cards two at a time from a table of pairs: every ordered pair of distinct
    // cards, at each of the places a pair is read from (0-1, 2-3, 4-5), in 5-, 6- and 7-card hands
    // whose other cards are random.
    SeededRandom rng(13);
    const HandEvaluator fast;
    int mismatches = 0;
    for (int a = 0; a < kDeckSize; ++a) {
        for (int b = 0; b < kDeckSize; ++b) {
            if (a == b) continue;
            for (int size = 5; size <= 7; ++size) {
                for (int place = 0; place + 1 < size; place += 2) {
                    auto hand = random_hand(rng, size);
                    // Move a and b into the hand (swapping out whatever stood there), then into place.
                    for (const int card : {a, b}) {
                        const Card c = Card::from_index(card);
                        if (std::find(hand.begin(), hand.end(), c) == hand.end()) hand.back() = c;
                        std::iter_swap(std::find(hand.begin(), hand.end(), c), hand.end() - 1);
                        std::rotate(hand.begin(), hand.end() - 1, hand.end());
                    }
                    std::swap(hand[0], hand[1]);  // now a, b, ...
                    std::rotate(hand.begin(), hand.begin() + (size - place), hand.end());
                    if (hand[place] != Card::from_index(a) || hand[place + 1] != Card::from_index(b)) {
                        ADD_FAILURE() << "test setup: " << to_string(hand);
                        return;
                    }
                    if (as_reference(fast(hand)) != reference_evaluate(hand) && ++mismatches <= 5)
                        ADD_FAILURE() << "hand " << to_string(hand);
                }
            }
        }
    }
    EXPECT_EQ(mismatches, 0);
}

TEST(FastEvaluator, SizesOtherThanFiveToSevenGiveNoHand) {
    EXPECT_EQ(evaluate(*parse_cards("AsAd")), HandValue{});
    EXPECT_EQ(evaluate(*parse_cards("AsAdAcAh")), HandValue{});
    EXPECT_EQ(evaluate(*parse_cards("AsAdAcAhKsKdKcKh")), HandValue{});
}
