#include "engine/eval/lookup_tables.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <vector>

#include "engine/eval/hand_key.hpp"
#include "engine/eval/hand_value.hpp"
#include "engine/eval/reference_evaluator.hpp"

namespace tavolo::engine {

namespace {

using Counts = std::array<int, kRanks>;

// Calls visit(counts) for every multiset of `size` ranks with at most four of each rank.
void for_each_rank_multiset(int size, const std::function<void(const Counts&)>& visit) {
    Counts counts{};
    std::function<void(int, int)> fill = [&](int rank, int left) {
        if (rank == kRanks) {
            if (left == 0) visit(counts);
            return;
        }
        for (int c = 0; c <= std::min(4, left); ++c) {
            counts[rank] = c;
            fill(rank + 1, left - c);
        }
        counts[rank] = 0;
    };
    fill(0, size);
}

std::uint64_t rank_counts_of(const Counts& counts) {
    std::uint64_t key = 0;
    for (int r = 0; r < kRanks; ++r)
        key += static_cast<std::uint64_t>(counts[r]) * hand_key::rank_digit(r);
    return key;
}

// Cards with these ranks and no five of a suit: suits go round in turn, so a rank's copies
// differ in suit and no suit gets more than two of seven cards.
std::vector<Card> unsuited_cards(const Counts& counts) {
    std::vector<Card> cards;
    int next_suit = 0;
    for (int r = 0; r < kRanks; ++r)
        for (int c = 0; c < counts[r]; ++c)
            cards.emplace_back(static_cast<Rank>(r), static_cast<Suit>(next_suit++ % 4));
    return cards;
}

std::vector<Card> suited_cards(unsigned rank_mask) {
    std::vector<Card> cards;
    for (int r = 0; r < kRanks; ++r)
        if (rank_mask & (1U << r)) cards.emplace_back(static_cast<Rank>(r), Suit::Spades);
    return cards;
}

}  // namespace

LookupTables::LookupTables() {
    // Every five-card class, as the reference evaluator values it: each multiset of 5 ranks
    // unsuited, and each set of 5 distinct ranks suited.
    std::vector<std::uint32_t> refs;
    for_each_rank_multiset(
        5, [&](const Counts& counts) { refs.push_back(reference_evaluate(unsuited_cards(counts)).raw()); });
    for (unsigned mask = 0; mask < 8192; ++mask)
        if (std::popcount(mask) == 5) refs.push_back(reference_evaluate(suited_cards(mask)).raw());
    std::sort(refs.begin(), refs.end());
    refs.erase(std::unique(refs.begin(), refs.end()), refs.end());
    std::copy_n(refs.begin(), std::min(refs.size(), classes.size()), classes.begin());
    auto class_of = [&](ReferenceValue v) {
        return static_cast<std::uint16_t>(std::lower_bound(classes.begin(), classes.end(), v.raw()) -
                                          classes.begin() + 1);
    };

    // Five cards: straight from the reference. Six and seven: the best of the hands left after
    // dropping one card, which the smaller table already knows.
    std::vector<decltype(five)::Entry> five_entries;
    for_each_rank_multiset(5, [&](const Counts& counts) {
        five_entries.push_back(
            {rank_counts_of(counts), class_of(reference_evaluate(unsuited_cards(counts)))});
    });
    const bool five_built = five.build(five_entries);

    auto best_after_dropping_one = [](const Counts& counts, const auto& smaller) {
        const std::uint64_t key = rank_counts_of(counts);
        std::uint16_t best = 0;
        for (int r = 0; r < kRanks; ++r)
            if (counts[r] > 0) best = std::max(best, smaller.find(key - hand_key::rank_digit(r)));
        return best;
    };
    std::vector<decltype(six)::Entry> six_entries;
    for_each_rank_multiset(6, [&](const Counts& counts) {
        six_entries.push_back({rank_counts_of(counts), best_after_dropping_one(counts, five)});
    });
    const bool six_built = six.build(six_entries);
    std::vector<decltype(seven)::Entry> seven_entries;
    for_each_rank_multiset(7, [&](const Counts& counts) {
        seven_entries.push_back({rank_counts_of(counts), best_after_dropping_one(counts, six)});
    });
    const bool seven_built = seven.build(seven_entries);
    const std::uint64_t m = seven.multiplier();
    static_assert(hand_key::kHashedFlushBits < (std::uint64_t{1} << 24),
                  "the suit and size counters must stay below the product's low zero bits (KeyBits 40)");
    for (int a = 0; a < kDeckSize; ++a) {
        seven_last_card[a] = hand_key::seven_hashed(a, m) + hand_key::kHashedSuitBias;
        for (int b = 0; b < kDeckSize; ++b)
            seven_pairs[a | (b << 8)] = hand_key::seven_hashed(a, m) + hand_key::seven_hashed(b, m);
    }

    // Flushes: a mask's proper submasks are smaller numbers, so they are filled first.
    for (unsigned mask = 0; mask < 8192; ++mask) {
        const int n = std::popcount(mask);
        if (n == 5) flush[mask] = class_of(reference_evaluate(suited_cards(mask)));
        if (n < 6 || n > 7) continue;
        for (unsigned rest = mask; rest != 0; rest &= rest - 1)
            flush[mask] = std::max(flush[mask], flush[mask & ~(rest & (0U - rest))]);
    }
    complete = refs.size() == classes.size() && five_built && six_built && seven_built;
}

}  // namespace tavolo::engine
