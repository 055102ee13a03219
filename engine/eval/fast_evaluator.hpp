#pragma once
// The fast path, for loops over many hands (simulations, benchmarks, showdowns at many tables):
// sum the cards' keys (hand_key.hpp) two cards at a time (kPairCounts), test the flush bits, and
// look the rank multiset up in a perfect hash (lookup_tables.hpp). Seven cards, the case that counts
// most, sum keys the hash's multiplication is already applied to (LookupTables::seven_pairs), so
// they skip the multiplication and the suit counters' bias. A HandEvaluator only holds a pointer to
// the shared tables: make one and keep it, and the loop pays no "built yet?" check.
#include <bit>
#include <cstring>
#include <span>

#include "engine/cards.hpp"
#include "engine/eval/hand_key.hpp"
#include "engine/eval/hand_value.hpp"
#include "engine/eval/lookup_tables.hpp"

namespace tavolo::engine {

class HandEvaluator {
  public:
    HandEvaluator() : tables_(&lookup_tables()) {}

    // Exactly 5, 6 or 7 cards, no duplicates.
    HandValue five(const Card* c) const {
        const std::uint64_t k = counts(c, 5);
        if (k & hand_key::kFlushBits) [[unlikely]]
            return flush(c, 5, k);
        return HandValue(tables_->five.find(k));
    }
    HandValue six(const Card* c) const {
        const std::uint64_t k = counts(c, 6);
        if (k & hand_key::kFlushBits) [[unlikely]]
            return flush(c, 6, k);
        return HandValue(tables_->six.find(k));
    }
    // Seven cards add up their keys already multiplied for the hash (hand_key::seven_hashed): no
    // multiplication, and the flush test is on the low 16 bits.
    HandValue seven(const Card* c) const {
        const std::uint64_t h = tables_->seven_pairs[both(c)] + tables_->seven_pairs[both(c + 2)] +
                                tables_->seven_pairs[both(c + 4)] + tables_->seven_last_card[c[6].index()];
        if (h & hand_key::kHashedFlushBits) [[unlikely]]
            return flush_of_seven(c, h);
        return HandValue(tables_->seven.find_hashed(h));
    }

    // Any 5 to 7 cards; other sizes give HandValue{}.
    HandValue operator()(std::span<const Card> cards) const {
        switch (cards.size()) {
            case 5:
                return five(cards.data());
            case 6:
                return six(cards.data());
            case 7:
                return seven(cards.data());
            default:
                return HandValue{};
        }
    }

    // Any 5 to 7 cards (other sizes give HandValue{}), card by card: for a hand now and then (a
    // showdown), when the tables may have left the cache. The card keys take 416 bytes; the pair
    // table the loops above read spans 105 KB, and its cold lines cost more than they save.
    // evaluate() (hand_value.hpp) calls this.
    HandValue one_hand(std::span<const Card> cards) const {
        switch (cards.size()) {
            case 5:
                return card_by_card<5>(cards.data(), tables_->five);
            case 6:
                return card_by_card<6>(cards.data(), tables_->six);
            case 7:
                return card_by_card<7>(cards.data(), tables_->seven);
            default:
                return HandValue{};
        }
    }

    // A key built card by card (5 to 7 cards; other sizes give HandValue{}).
    HandValue operator()(HandKey key) const {
        if (const std::uint64_t f = key.flush_bits()) [[unlikely]]
            return HandValue(tables_->flush[key.suit_ranks(hand_key::flush_suit(f))]);
        switch (key.size()) {
            case 5:
                return HandValue(tables_->five.find(key.counts()));
            case 6:
                return HandValue(tables_->six.find(key.counts()));
            case 7:
                return HandValue(tables_->seven.find(key.counts()));
            default:
                return HandValue{};
        }
    }

  private:
    // Two cards at a time: a 2-byte load of their numbers indexes kPairCounts (fewer loads than
    // card by card, which is what bounds this loop).
    static std::size_t both(const Card* c) {
        static_assert(sizeof(Card) == 1);
        std::uint16_t both = 0;
        std::memcpy(&both, c, sizeof both);
        return both;
    }
    static std::uint64_t pair(const Card* c) { return hand_key::kPairCounts[both(c)]; }
    static std::uint64_t counts(const Card* c, int n) {
        std::uint64_t k = hand_key::kSuitBias + pair(c) + pair(c + 2);
        if (n >= 6) k += n == 7 ? pair(c + 4) + hand_key::kCardCounts[c[6].index()] : pair(c + 4);
        if (n == 5) k += hand_key::kCardCounts[c[4].index()];
        return k;
    }

    template <int N, class Map>
    HandValue card_by_card(const Card* c, const Map& map) const {
        std::uint64_t k = hand_key::kSuitBias;
        for (int i = 0; i < N; ++i)
            k += hand_key::kCardCounts[c[i].index()];
        if (k & hand_key::kFlushBits) [[unlikely]]
            return flush(c, N, k);
        return HandValue(map.find(k));
    }

    // About 3% of 7-card hands hold a flush. Inline: a call would make the loop reload the
    // tables' address after it.
    HandValue flush(const Card* c, int n, std::uint64_t k) const {
        std::uint64_t suited = 0;
        for (int i = 0; i < n; ++i)
            suited |= hand_key::kCardSuitBits[c[i].index()];
        const int suit = hand_key::flush_suit(k & hand_key::kFlushBits);
        return HandValue(tables_->flush[(suited >> (16 * suit)) & 0x1FFFU]);
    }

    HandValue flush_of_seven(const Card* c, std::uint64_t h) const {
        std::uint64_t suited = 0;
        for (int i = 0; i < 7; ++i)
            suited |= hand_key::kCardSuitBits[c[i].index()];
        // From the counters' top bits shifted down, not `h & kHashedFlushBits`: the caller's test then
        // keeps no copy of that mask (one instruction less on every hand).
        const int suit = std::countr_zero((h >> 3) & 0x1111U) / 4;
        return HandValue(tables_->flush[(suited >> (16 * suit)) & 0x1FFFU]);
    }

    const LookupTables* tables_;
};

}  // namespace tavolo::engine
