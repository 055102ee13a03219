#pragma once
// A 52-card deck dealt from the top after a Fisher-Yates shuffle, done in full up front: once shuffled
// it needs no random source, so it can be handed around by value (the button draw, Poker Polacco's
// hands, which tests give a stacked deck). A poker hand deals from LazyDeck (poker/lazy_deck.hpp)
// instead, which draws its random words when the hand starts and shuffles only as far as it deals. The two
// draw differently from the same source, so one cannot stand in for the other without changing what a given
// seed deals.
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
