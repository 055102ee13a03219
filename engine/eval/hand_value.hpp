#pragma once
// High-hand evaluation (RULES.md §1, APT Art.13): the best five cards of 5, 6 or 7.
#include <array>
#include <cstdint>
#include <numeric>
#include <span>
#include <string>

#include "engine/cards.hpp"

namespace tavolo::engine {

enum class HandCategory : std::uint8_t {
    HighCard = 0,
    Pair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
};

inline constexpr int kHandCategories = 9;

// Distinct five-card hands (equivalence classes: suits never rank) in each category, weakest
// category first. They add up to 7,462.
inline constexpr std::array<int, kHandCategories> kClassesPerCategory = {1277, 2860, 858, 858, 10,
                                                                         1277, 156,  156, 10};
inline constexpr int kHandClasses = 7462;
static_assert(std::accumulate(kClassesPerCategory.begin(), kClassesPerCategory.end(), 0) == kHandClasses);

// A hand's strength: its class number, 1 (7-5-4-3-2 offsuit) to 7,462 (a royal flush). Higher is
// stronger; equal values are equal hands. The default value 0 is weaker than every hand.
class HandValue {
  public:
    constexpr HandValue() = default;
    constexpr explicit HandValue(std::uint32_t raw) : raw_(raw) {}
    constexpr std::uint32_t raw() const { return raw_; }
    constexpr HandCategory category() const {
        int category = 0;
        std::uint32_t first_of_next = 1 + kClassesPerCategory[0];
        while (category + 1 < kHandCategories && raw_ >= first_of_next) {
            ++category;
            first_of_next += kClassesPerCategory[category];
        }
        return static_cast<HandCategory>(category);
    }
    friend constexpr auto operator<=>(HandValue, HandValue) = default;

  private:
    std::uint32_t raw_ = 0;
};

// Best five of 5, 6 or 7 cards (precondition: 5 <= size <= 7, no duplicates; any other size gives
// HandValue{}). The lookup tables are built on first use (about 15 ms, thread-safe); for
// tight loops see HandEvaluator in fast_evaluator.hpp.
HandValue evaluate(std::span<const Card> cards);

// Five of the cards that make the hand's value (for showing the winning cards): among equal
// choices, the one that keeps the earliest cards of the input. Shown as a dealer reads them:
// larger groups first, then higher ranks ("KcKdKhAsAd"); the wheel's ace comes last. Precondition: 5 <= size
// <= 7, no duplicates.
std::array<Card, 5> best_five(std::span<const Card> cards);

// The ranks that decide between hands of one category, most significant first: straight and
// straight flush 1 (the top card; 5-high for the wheel), four of a kind and full house 2, three of
// a kind and two pair 3, pair 4, flush and high card 5. Precondition: 1 <= value.raw() <= 7462.
struct DecidingRanks {
    HandCategory category = HandCategory::HighCard;
    std::array<Rank, 5> ranks{};
    int count = 0;
};
DecidingRanks deciding_ranks(HandValue value);

// English: "full house, kings over nines", "pair of aces", "two pair, jacks and fours",
// "king-high straight", "royal flush", "ace high"... HandValue{} is "no hand".
std::string describe(HandValue value);
const char* category_name(HandCategory category);

}  // namespace tavolo::engine
