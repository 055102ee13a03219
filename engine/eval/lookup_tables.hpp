#pragma once
// The fast evaluator's tables, generated from the reference evaluator on first use:
// - the 7,462 hand classes in order, as reference values (class number - 1 -> ReferenceValue);
// - for 5, 6 and 7 cards without a flush, a perfect hash from the rank multiset (HandKey's rank
//   counts) to the class number: 6,175, 18,395 and 49,205 multisets;
// - for flushes, the ranks held in the flush suit (a 13-bit mask of 5 to 7 ranks) to the class
//   number. With at most 7 cards, five of one suit rule out four of a kind and a full house, so
//   the flush suit alone decides.
// - HandEvaluator::seven's pre-multiplied pair keys (105 KB, of which the 2,704 pairs of card numbers
//   read span about 23 KB of cache lines).
// About 400 KB in all; the 7-card path touches 183 KB, which stays in L2.
#include <array>
#include <cstdint>

#include "engine/eval/hand_key.hpp"
#include "engine/eval/perfect_hash.hpp"

namespace tavolo::engine {

struct LookupTables {
    LookupTables();  // builds everything: about 15 ms
    LookupTables(const LookupTables&) = delete;
    LookupTables& operator=(const LookupTables&) = delete;

    std::array<std::uint32_t, 7462> classes{};  // ReferenceValue raw of class number i + 1
    // Keyed by HandKey counts: the rank counts are bits 0..38; the suit and size counters above
    // bit 40 do not count.
    PerfectHashMap<13, 11, 40> five;  // rank counts of 5 cards -> class number
    PerfectHashMap<15, 12, 40> six;
    PerfectHashMap<16, 13, 40> seven;
    std::array<std::uint16_t, 8192> flush{};  // ranks of the flush suit -> class number
    // HandEvaluator::seven's keys (hand_key::seven_hashed): per two cards side by side (indexed as
    // hand_key::kPairCounts) and per card, their rank counters already multiplied by `seven`'s
    // multiplier, with their suit and size counters in the low bits the product leaves zero; the
    // single card's key brings the suit counters' bias.
    std::array<std::uint64_t, hand_key::kPairSlots> seven_pairs{};
    std::array<std::uint64_t, kDeckSize> seven_last_card{};
    bool complete = false;  // every table built (the tests check it)
};

// The one set of tables, built on first call (thread-safe; immutable afterwards). Inline, so a
// caller pays a guard check rather than a call.
inline const LookupTables& lookup_tables() {
    static const LookupTables tables;
    return tables;
}

}  // namespace tavolo::engine
