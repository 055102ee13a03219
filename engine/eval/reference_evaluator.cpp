#include "engine/eval/reference_evaluator.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <initializer_list>

namespace tavolo::engine {

namespace {

ReferenceValue pack(HandCategory cat, std::initializer_list<int> ranks) {
    std::uint32_t v = static_cast<std::uint32_t>(cat) << 20;
    int shift = 16;
    for (int r : ranks) {
        v |= static_cast<std::uint32_t>(r) << shift;
        shift -= 4;
    }
    return ReferenceValue(v);
}

// Highest rank of a 5-rank straight in the mask, or -1. The wheel A-2-3-4-5 counts as 5-high (rank 3).
int straight_high(unsigned mask) {
    for (int high = 12; high >= 4; --high) {
        unsigned need = 0x1FU << (high - 4);
        if ((mask & need) == need) return high;
    }
    if ((mask & 0x100FU) == 0x100FU) return 3;
    return -1;
}

ReferenceValue evaluate5(const Card* c) {
    std::array<int, kRanks> count{};
    unsigned mask = 0;
    bool flush = true;
    for (int i = 0; i < 5; ++i) {
        ++count[static_cast<int>(c[i].rank())];
        mask |= 1U << static_cast<int>(c[i].rank());
        flush = flush && c[i].suit() == c[0].suit();
    }
    int straight = std::popcount(mask) == 5 ? straight_high(mask) : -1;
    if (flush && straight >= 0) return pack(HandCategory::StraightFlush, {straight});
    // Ranks ordered by (count, rank) descending.
    std::array<int, 5> order{};
    int n = 0;
    for (int k = 4; k >= 1; --k)
        for (int r = 12; r >= 0; --r)
            if (count[r] == k) order[n++] = r;
    int top = count[order[0]];
    if (top == 4) return pack(HandCategory::FourOfAKind, {order[0], order[1]});
    if (top == 3 && n == 2) return pack(HandCategory::FullHouse, {order[0], order[1]});
    if (flush) return pack(HandCategory::Flush, {order[0], order[1], order[2], order[3], order[4]});
    if (straight >= 0) return pack(HandCategory::Straight, {straight});
    if (top == 3) return pack(HandCategory::ThreeOfAKind, {order[0], order[1], order[2]});
    if (top == 2 && n == 3) return pack(HandCategory::TwoPair, {order[0], order[1], order[2]});
    if (top == 2) return pack(HandCategory::Pair, {order[0], order[1], order[2], order[3]});
    return pack(HandCategory::HighCard, {order[0], order[1], order[2], order[3], order[4]});
}

}  // namespace

ReferenceValue reference_evaluate(std::span<const Card> cards) {
    const int n = static_cast<int>(cards.size());
    ReferenceValue best;
    std::array<Card, 5> five;
    // Every 5-subset: choose which (n - 5) cards to leave out.
    for (int skip1 = 0; skip1 < (n >= 6 ? n : 1); ++skip1) {
        for (int skip2 = (n == 7 ? skip1 + 1 : 0); skip2 < (n == 7 ? n : 1); ++skip2) {
            int k = 0;
            for (int i = 0; i < n; ++i) {
                if (n >= 6 && i == skip1) continue;
                if (n == 7 && i == skip2) continue;
                five[k++] = cards[i];
            }
            best = std::max(best, evaluate5(five.data()));
        }
    }
    return best;
}

}  // namespace tavolo::engine
