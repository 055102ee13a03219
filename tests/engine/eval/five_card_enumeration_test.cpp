// Every one of the 2,598,960 five-card hands.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "engine/eval/fast_evaluator.hpp"
#include "engine/eval/lookup_tables.hpp"
#include "engine/eval/reference_evaluator.hpp"

using namespace tavolo::engine;

TEST(FiveCardHands, CategoryCountsAndSevenThousandFourHundredSixtyTwoClasses) {
    const HandEvaluator fast;
    const auto& classes = lookup_tables().classes;
    std::array<std::int64_t, kHandCategories> per_category{};
    std::vector<bool> seen(kHandClasses + 1, false);
    std::int64_t hands = 0;
    std::int64_t mismatches = 0;
    std::array<Card, 5> c;
    for (int a = 0; a < kDeckSize; ++a)
        for (int b = a + 1; b < kDeckSize; ++b)
            for (int d = b + 1; d < kDeckSize; ++d)
                for (int e = d + 1; e < kDeckSize; ++e)
                    for (int f = e + 1; f < kDeckSize; ++f) {
                        c = {Card::from_index(a), Card::from_index(b), Card::from_index(d),
                             Card::from_index(e), Card::from_index(f)};
                        const HandValue v = fast.five(c.data());
                        ++hands;
                        ++per_category[static_cast<int>(v.category())];
                        seen[v.raw()] = true;
                        mismatches += ReferenceValue(classes[v.raw() - 1]) != reference_evaluate(c);
                    }
    EXPECT_EQ(hands, 2'598'960);
    EXPECT_EQ(mismatches, 0);
    const std::array<std::int64_t, kHandCategories> expected = {1'302'540, 1'098'240, 123'552, 54'912, 10'200,
                                                                5'108,     3'744,     624,     40};
    EXPECT_EQ(per_category, expected);
    EXPECT_FALSE(seen[0]);
    EXPECT_EQ(std::count(seen.begin(), seen.end(), true), kHandClasses);
}
