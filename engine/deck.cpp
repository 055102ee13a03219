#include "engine/deck.hpp"

#include <algorithm>
#include <utility>

namespace tavolo::engine {

Deck::Deck() {
    for (int i = 0; i < kDeckSize; ++i)
        cards_[i] = Card::from_index(i);
}

void Deck::shuffle(RandomSource& rng) {
    next_ = 0;
    for (int i = 0; i < kDeckSize; ++i)
        cards_[i] = Card::from_index(i);
    for (std::size_t i = cards_.size() - 1; i > 0; --i) {
        std::size_t j = rng.uniform_below(i + 1);
        std::swap(cards_[i], cards_[j]);
    }
}

void Deck::stack_top(const std::vector<Card>& top) {
    std::size_t pos = next_;
    for (Card c : top) {
        auto it = std::find(cards_.begin() + static_cast<std::ptrdiff_t>(pos), cards_.end(), c);
        if (it != cards_.end()) std::iter_swap(cards_.begin() + static_cast<std::ptrdiff_t>(pos++), it);
    }
}

Card Deck::deal() {
    return cards_[next_++];
}

}  // namespace tavolo::engine
