#pragma once
// The reference evaluator: straightforward and obviously correct, not fast. It tries every
// five-card subset. The fast evaluator's tables are generated from it, and the tests hold the
// fast evaluator to it.
#include <compare>
#include <cstdint>
#include <span>

#include "engine/cards.hpp"
#include "engine/eval/hand_value.hpp"

namespace tavolo::engine {

// The reference evaluator's value: category << 20, then the deciding ranks in 4-bit slots, most
// significant first (bits 16..19 hold the first). Comparing raw values compares hands.
class ReferenceValue {
  public:
    constexpr ReferenceValue() = default;
    constexpr explicit ReferenceValue(std::uint32_t raw) : raw_(raw) {}
    constexpr std::uint32_t raw() const { return raw_; }
    constexpr HandCategory category() const { return static_cast<HandCategory>(raw_ >> 20); }
    // The deciding rank in slot 0..4 (meaningful only for the slots the category uses).
    constexpr Rank rank(int slot) const { return static_cast<Rank>((raw_ >> (16 - 4 * slot)) & 0xFU); }
    friend constexpr auto operator<=>(ReferenceValue, ReferenceValue) = default;

  private:
    std::uint32_t raw_ = 0;
};

// Best five of 5, 6 or 7 cards (precondition: 5 <= size <= 7, no duplicates).
ReferenceValue reference_evaluate(std::span<const Card> cards);

}  // namespace tavolo::engine
