#pragma once
// A hand as the sum of its cards' keys, the form the fast evaluator looks up. Each card's key
// adds one to a 3-bit counter for its rank (bits 0..38: a rank multiset, unique with no
// carries since no rank appears more than four times) and one to a 4-bit counter for its suit
// (bits 40..55). Suit counters start at 3, so a fifth card of a suit sets the counter's top
// bit: a flush is one mask away. Bits 56..59 count the cards. Adding a card is one addition,
// so loops that enumerate hands can extend a key card by card.
#include <array>
#include <bit>
#include <cstdint>

#include "engine/cards.hpp"

namespace tavolo::engine {

namespace hand_key {
inline constexpr std::uint64_t kRankCounts = (std::uint64_t{1} << 39) - 1;
inline constexpr int kSuitShift = 40;
inline constexpr std::uint64_t kSuitBias = std::uint64_t{0x3333} << kSuitShift;
inline constexpr std::uint64_t kFlushBits = std::uint64_t{0x8888} << kSuitShift;
inline constexpr int kSizeShift = 56;

constexpr std::uint64_t rank_digit(int rank) {
    return std::uint64_t{1} << (3 * rank);
}

// Per card: its counters, and its bit in a 4 x 16-bit suit-by-suit rank mask.
inline constexpr auto kCardCounts = [] {
    std::array<std::uint64_t, kDeckSize> keys{};
    for (int i = 0; i < kDeckSize; ++i) {
        const Card c = Card::from_index(i);
        keys[i] = rank_digit(static_cast<int>(c.rank())) +
                  (std::uint64_t{1} << (kSuitShift + 4 * static_cast<int>(c.suit()))) +
                  (std::uint64_t{1} << kSizeShift);
    }
    return keys;
}();
inline constexpr auto kCardSuitBits = [] {
    std::array<std::uint64_t, kDeckSize> bits{};
    for (int i = 0; i < kDeckSize; ++i) {
        const Card c = Card::from_index(i);
        bits[i] = std::uint64_t{1} << (16 * static_cast<int>(c.suit()) + static_cast<int>(c.rank()));
    }
    return bits;
}();

// Per two cards side by side in memory: the sum of their counters, at the 16 bits the two card
// numbers make (first | second << 8, or the other way round on a big-endian machine: the sum does
// not care). One 2-byte load and one table load add two cards. 13,108 entries, of which the 2,704
// pairs of card numbers are ever read: about 23 KB of cache lines.
inline constexpr int kPairSlots = (kDeckSize - 1) * 257 + 1;
inline constexpr auto kPairCounts = [] {
    std::array<std::uint64_t, kPairSlots> keys{};
    for (int a = 0; a < kDeckSize; ++a)
        for (int b = 0; b < kDeckSize; ++b)
            keys[a | (b << 8)] = kCardCounts[a] + kCardCounts[b];
    return keys;
}();

// The 7-card fast path's key (HandEvaluator::seven, LookupTables::seven_pairs): the rank counters
// multiplied by the perfect hash's multiplier in the top 40 bits, the suit counters (4 bits each,
// from kHashedSuitBias: a fifth card of a suit sets kHashedFlushBits) in bits 0..15 and the card
// count in bits 16..19, below the 24 low bits the product leaves zero: a sum of cards never carries
// into the product, the hash reads only the product, and a flush is one 32-bit test away.
inline constexpr std::uint64_t kHashedSuitBias = 0x3333;
inline constexpr std::uint64_t kHashedFlushBits = 0x8888;
inline constexpr int kHashedSizeShift = 16;
constexpr std::uint64_t seven_hashed(int card, std::uint64_t multiplier) {
    const Card c = Card::from_index(card);
    return rank_digit(static_cast<int>(c.rank())) * multiplier +
           (std::uint64_t{1} << (4 * static_cast<int>(c.suit()))) + (std::uint64_t{1} << kHashedSizeShift);
}

// The suit with five or more cards, given non-zero flush bits.
constexpr int flush_suit(std::uint64_t flush_bits) {
    return (std::countr_zero(flush_bits) - kSuitShift - 3) / 4;
}
}  // namespace hand_key

class HandKey {
  public:
    constexpr HandKey() = default;  // no cards
    constexpr HandKey plus(Card c) const {
        return HandKey(counts_ + hand_key::kCardCounts[c.index()],
                       suited_ | hand_key::kCardSuitBits[c.index()]);
    }
    // All counters: the form the lookup tables take (they ignore everything above the ranks).
    constexpr std::uint64_t counts() const { return counts_; }
    constexpr int size() const { return static_cast<int>(counts_ >> hand_key::kSizeShift); }
    // The rank multiset, 3 bits per rank (2 in bits 0..2).
    constexpr std::uint64_t rank_counts() const { return counts_ & hand_key::kRankCounts; }
    // Non-zero when five or more cards share a suit.
    constexpr std::uint64_t flush_bits() const { return counts_ & hand_key::kFlushBits; }
    // Ranks held in a suit, bit r for rank r.
    constexpr unsigned suit_ranks(int suit) const { return (suited_ >> (16 * suit)) & 0x1FFFU; }

  private:
    constexpr HandKey(std::uint64_t counts, std::uint64_t suited) : counts_(counts), suited_(suited) {}
    std::uint64_t counts_ = hand_key::kSuitBias;
    std::uint64_t suited_ = 0;
};

}  // namespace tavolo::engine
