#pragma once
// The hand's deck: a Fisher-Yates shuffle performed lazily, one step per card dealt. Dealing card k
// swaps position k with a uniformly chosen position in [k, 52), which is exactly the k-th step of
// the forward Fisher-Yates shuffle, so the dealt sequence is uniformly distributed over all orders
// (with an unbiased bounded draw, below()) while a hand only pays for the cards it deals
// (about 20 of 52 in six-handed hold'em). Stacked cards (tests, replays) are dealt first, in order.
//
// The deck owns its randomness: reset() draws from the injected source, in one call, every random
// word the hand can need (one per two cards it can deal, and in the draw one reshuffle of the
// discards: random_words_for()), and the source is never touched again. So a copy of a hand is independent of
// the original and deals exactly what the original would (a server tries an action on a copy), and every card
// still comes from the injected (cryptographically secure) source. Should the words run out (a rejected
// bounded draw, about once in 10^8 draws, can leave the last card without one), a small generator seeded from
// a hash of all of them takes over (each card reveals only about 6 of its 32 bits, so the seed stays unknown
// to anyone who watched the deal).
#include <array>
#include <cstdint>
#include <span>
#include <utility>

#include "engine/cards.hpp"
#include "engine/random.hpp"

namespace tavolo::engine {

class LazyDeck {
  public:
    // 32 random bits serve one bounded draw: a word serves two, so 26 words deal all 52 cards.
    static constexpr int kDeckWords = kDeckSize / 2;
    // Five-card draw (at most six players) reshuffles at most 25 discards once per hand.
    static constexpr int kReshuffleWords = 13;
    static constexpr int kMaxWords = kDeckWords + kReshuffleWords;

    // The words a hand needs that deals at most `cards` cards (more than the deck: a reshuffle).
    static constexpr int random_words_for(int cards) {
        if (cards > kDeckSize) return kMaxWords;
        return (cards + 1) / 2;
    }

    LazyDeck() {
        for (int i = 0; i < kDeckSize; ++i)
            cards_[i] = Card::from_index(i);
    }

    // A fresh deck. The starting order does not matter for a Fisher-Yates shuffle, so the previous
    // hand's order is reused; stacked cards are moved to the top in order (duplicates ignored).
    // words: random_words_for() the most cards the hand can deal (at most kMaxWords).
    void reset(RandomSource& rng, std::span<const Card> stacked_top, int words) {
        word_count_ = words < kMaxWords ? words : kMaxWords;
        rng.fill(std::span<std::uint64_t>(words_.data(), static_cast<std::size_t>(word_count_)));
        next_word_ = 0;
        random_draws_ = 0;
        fallback_ready_ = false;
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
    // How many 32-bit random draws the deck has made since reset(): zero while it deals only
    // stacked cards (a replay checks that the history held every card the engine needed).
    int random_draws() const { return random_draws_; }

    // Uniform in [0, bound), bound > 0, without modulo bias (Lemire's multiply-and-reject, 32-bit).
    int below(std::uint32_t bound) {
        std::uint64_t m = std::uint64_t{next32()} * bound;
        if (static_cast<std::uint32_t>(m) < bound) {
            const std::uint32_t threshold = (0U - bound) % bound;
            while (static_cast<std::uint32_t>(m) < threshold)
                m = std::uint64_t{next32()} * bound;
        }
        return static_cast<int>(m >> 32);
    }

  private:
    std::uint32_t next32() {
        ++random_draws_;
        if (have_half_) {
            have_half_ = false;
            return half_;
        }
        const std::uint64_t x = next_word_ < word_count_ ? words_[next_word_++] : fallback();
        half_ = static_cast<std::uint32_t>(x >> 32);
        have_half_ = true;
        return static_cast<std::uint32_t>(x);
    }

    // xoshiro256**, seeded from a hash of every word drawn.
    std::uint64_t fallback() {
        auto& s = fallback_state_;
        if (!fallback_ready_) {
            std::uint64_t h = 0;
            for (int i = 0; i < word_count_; ++i) {
                h ^= words_[i];
                h = splitmix64(h);
            }
            for (auto& word : s)
                word = splitmix64(h);
            fallback_ready_ = true;
        }
        return xoshiro256ss(s);
    }

    std::array<Card, kDeckSize> cards_;
    std::array<std::uint64_t, kMaxWords> words_{};
    int word_count_ = 0;
    int next_word_ = 0;
    int random_draws_ = 0;
    std::uint64_t fallback_state_[4] = {};
    bool fallback_ready_ = false;
    std::uint32_t half_ = 0;
    bool have_half_ = false;
    int next_ = 0;
    int stacked_ = 0;
};

}  // namespace tavolo::engine
