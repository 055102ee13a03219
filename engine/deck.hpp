#pragma once
// A 52-card deck dealt from the top after a Fisher-Yates shuffle.
#include <array>
#include <cstddef>
#include <vector>

#include "engine/cards.hpp"
#include "engine/random.hpp"

namespace tavolo::engine {

class Deck {
  public:
    Deck();                           // ordered 2c..As, nothing dealt
    void shuffle(RandomSource& rng);  // restores all 52 cards, then shuffles
    // Puts the given cards on top, in order (tests fix hands this way); the rest keep their order.
    void stack_top(const std::vector<Card>& top);
    Card deal();  // precondition: remaining() > 0
    std::size_t remaining() const { return cards_.size() - next_; }

  private:
    std::array<Card, kDeckSize> cards_;
    std::size_t next_ = 0;
};

}  // namespace tavolo::engine
