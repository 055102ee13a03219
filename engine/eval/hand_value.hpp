#pragma once
// High-hand evaluation (RULES.md §1, APT Art.13): the best five cards of 5, 6 or 7.
#include <cstdint>
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

// A hand's strength. Higher is stronger; equal values are equal hands (no suit ranks above
// another). Values of distinct 5-card equivalence classes are distinct (7,462 of them).
class HandValue {
public:
    constexpr HandValue() = default;
    constexpr explicit HandValue(std::uint32_t raw) : raw_(raw) {}
    constexpr std::uint32_t raw() const { return raw_; }
    HandCategory category() const;
    friend constexpr auto operator<=>(HandValue, HandValue) = default;

private:
    std::uint32_t raw_ = 0;
};

// Best five of 5, 6 or 7 cards (precondition: 5 <= size <= 7, no duplicates).
HandValue evaluate(std::span<const Card> cards);

// "full house, kings over nines", "pair of aces", "ace-high straight flush"...
std::string describe(HandValue value);
const char* category_name(HandCategory category);

}  // namespace tavolo::engine
