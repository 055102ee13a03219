#pragma once
// Random hands for the evaluator tests: n distinct cards from a seeded source.
#include <vector>

#include "engine/cards.hpp"
#include "engine/random.hpp"

namespace tavolo::engine::testing {

inline std::vector<Card> random_hand(RandomSource& rng, int n) {
    std::vector<Card> cards;
    CardSet used;
    while (static_cast<int>(cards.size()) < n) {
        const Card c = Card::from_index(static_cast<int>(rng.uniform_below(kDeckSize)));
        if (used.contains(c)) continue;
        used.insert(c);
        cards.push_back(c);
    }
    return cards;
}

}  // namespace tavolo::engine::testing
