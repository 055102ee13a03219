#pragma once
// The hand's deck: a Fisher-Yates shuffle performed lazily, one step per card dealt. Dealing card k
// swaps position k with a uniformly chosen position in [k, 52), which is exactly the k-th step of
// the forward Fisher-Yates shuffle, so the dealt sequence is uniformly distributed over all orders
// (with an unbiased bounded draw, below()) while a hand only pays for the cards it deals
// (about 20 of 52 in six-handed hold'em). Stacked cards (tests, replays) are dealt first, in order.
#include <array>
#include <cstdint>
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
        have_half_ = false;
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
            const int j = next_ + below(static_cast<std::uint32_t>(kDeckSize - next_));
            std::swap(cards_[next_], cards_[j]);
        }
        return cards_[next_++];
    }

    int remaining() const { return kDeckSize - next_; }

  private:
    // 32 random bits: each 64-bit draw from the source serves two cards.
    std::uint32_t next32() {
        if (have_half_) {
            have_half_ = false;
            return half_;
        }
        const std::uint64_t x = rng_->next_u64();
        half_ = static_cast<std::uint32_t>(x >> 32);
        have_half_ = true;
        return static_cast<std::uint32_t>(x);
    }
    // Uniform in [0, bound) without modulo bias (Lemire's multiply-and-reject, 32-bit).
    int below(std::uint32_t bound) {
        std::uint64_t m = std::uint64_t{next32()} * bound;
        if (static_cast<std::uint32_t>(m) < bound) {
            const std::uint32_t threshold = (0U - bound) % bound;
            while (static_cast<std::uint32_t>(m) < threshold)
                m = std::uint64_t{next32()} * bound;
        }
        return static_cast<int>(m >> 32);
    }

    std::array<Card, kDeckSize> cards_;
    std::uint32_t half_ = 0;
    bool have_half_ = false;
    RandomSource* rng_ = nullptr;
    int next_ = 0;
    int stacked_ = 0;
};

}  // namespace tavolo::engine
