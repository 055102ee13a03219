// Building commands from what a client sent.
#include "engine/poker/commands.hpp"

namespace tavolo::engine {

std::expected<Discard, RuleError> discard_of(std::span<const int> card_numbers) {
    Discard d;
    for (int n : card_numbers) {
        if (n < 0 || n >= kDeckSize) return std::unexpected(RuleError::NotACard);
        const Card c = Card::from_index(n);
        if (d.cards.contains(c)) return std::unexpected(RuleError::DuplicateCard);
        d.cards.insert(c);
    }
    return d;
}

}  // namespace tavolo::engine
