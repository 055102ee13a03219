#include "engine/eval/hand_value.hpp"

#include "engine/eval/fast_evaluator.hpp"

namespace tavolo::engine {

// Card by card (HandKey): a showdown evaluates a few hands now and then, when the evaluator's
// tables may have left the cache; the card keys are 2 x 416 bytes, the pair table that
// HandEvaluator's loops use spans 105 KB, and its cold lines cost more than they save.
HandValue evaluate(std::span<const Card> cards) {
    if (cards.size() < 5 || cards.size() > 7) return HandValue{};
    HandKey key;
    for (const Card c : cards)
        key = key.plus(c);
    return HandEvaluator()(key);
}

const char* category_name(HandCategory category) {
    static constexpr const char* names[] = {"high card",       "pair",           "two pair",
                                            "three of a kind", "straight",       "flush",
                                            "full house",      "four of a kind", "straight flush"};
    return names[static_cast<int>(category)];
}

}  // namespace tavolo::engine
