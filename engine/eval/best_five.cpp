#include <algorithm>

#include "engine/eval/fast_evaluator.hpp"
#include "engine/eval/hand_value.hpp"

namespace tavolo::engine {

namespace {
bool is_wheel(const std::array<Card, 5>& sorted, HandCategory category) {
    return (category == HandCategory::Straight || category == HandCategory::StraightFlush) &&
           sorted[0].rank() == Rank::Ace && sorted[1].rank() == Rank::Five;
}
// As a dealer reads a hand: the largest group first (trips before the pair), higher ranks first.
void sort_for_showing(std::array<Card, 5>& five) {
    std::array<int, kRanks> count{};
    for (Card c : five)
        ++count[static_cast<int>(c.rank())];
    std::stable_sort(five.begin(), five.end(), [&](Card x, Card y) {
        const int cx = count[static_cast<int>(x.rank())];
        const int cy = count[static_cast<int>(y.rank())];
        return cx != cy ? cx > cy : x.rank() > y.rank();
    });
}
}  // namespace

std::array<Card, 5> best_five(std::span<const Card> cards) {
    const HandEvaluator eval;
    const HandValue target = eval(cards);
    const int n = static_cast<int>(cards.size());
    std::array<Card, 5> five{};
    // Kept positions in lexicographic order: the first match keeps the earliest cards.
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
            for (int c = b + 1; c < n; ++c)
                for (int d = c + 1; d < n; ++d)
                    for (int e = d + 1; e < n; ++e) {
                        five = {cards[a], cards[b], cards[c], cards[d], cards[e]};
                        if (eval.five(five.data()) != target) continue;
                        sort_for_showing(five);
                        if (is_wheel(five, target.category()))
                            std::rotate(five.begin(), five.begin() + 1, five.end());
                        return five;
                    }
    return five;
}

}  // namespace tavolo::engine
