#include "engine/eval/hand_value.hpp"

#include "engine/eval/fast_evaluator.hpp"

namespace tavolo::engine {

HandValue evaluate(std::span<const Card> cards) {
    return HandEvaluator().one_hand(cards);
}

const char* category_name(HandCategory category) {
    static constexpr const char* names[] = {"high card",       "pair",           "two pair",
                                            "three of a kind", "straight",       "flush",
                                            "full house",      "four of a kind", "straight flush"};
    return names[static_cast<int>(category)];
}

}  // namespace tavolo::engine
