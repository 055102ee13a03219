#pragma once
// The hand's deck: a Fisher-Yates shuffle performed lazily, one step per card dealt. Dealing card k
// swaps position k with a uniformly chosen position in [k, 52), which is exactly the k-th step of
// the forward Fisher-Yates shuffle, so the dealt sequence is uniformly distributed over all orders
// (with an unbiased RandomSource::uniform_below) while a hand only pays for the cards it deals
// (about 20 of 52 in six-handed hold'em). Stacked cards (tests, replays) are dealt first, in order.
#include <array>
#include <span>
#include <utility>

#include "engine/cards.hpp"
#include "engine/random.hpp"

namespace tavolo::engine {

class LazyDeck {
  public:
    LazyDeck() {
        for (int i = 0; i < kDeckSize; ++i)
            cards_[i] = Card::from_index(i);
    }

    // A fresh deck. The starting order does not matter for a Fisher-Yates shuffle, so the previous
    // hand's order is reused; stacked cards are moved to the top in order (duplicates ignored).
    void reset(RandomSource& rng, std::span<const Card> stacked_top) {
        rng_ = &rng;
        next_ = 0;
        stacked_ = 0;
        for (Card c : stacked_top) {
            for (int i = stacked_; i < kDeckSize; ++i) {
                if (cards_[i] == c) {
                    std::swap(cards_[stacked_++], cards_[i]);
                    break;
                }
            }
        }
    }

    Card deal() {  // precondition: remaining() > 0
        if (next_ >= stacked_) {
            const auto j =
                next_ + static_cast<int>(rng_->uniform_below(static_cast<std::uint64_t>(kDeckSize - next_)));
            std::swap(cards_[next_], cards_[j]);
        }
        return cards_[next_++];
    }

    int remaining() const { return kDeckSize - next_; }

  private:
    std::array<Card, kDeckSize> cards_;
    RandomSource* rng_ = nullptr;
    int next_ = 0;
    int stacked_ = 0;
};

}  // namespace tavolo::engine
