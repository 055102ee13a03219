#include "tools/simulation_bot.hpp"

#include <algorithm>

namespace tavolo::tools {

using namespace tavolo::engine;

Command RandomBot::choose(const Hand& hand, const LegalActions& legal) {
    if (legal.drawing) {
        // Exchange 0..3 cards at random.
        const auto cards = hand.hole_cards(legal.seat);
        const int n = static_cast<int>(
            rng_.uniform_below(static_cast<std::uint64_t>(std::min(3, legal.max_discards) + 1)));
        CardSet discard;
        for (int i = 0; i < n && i < static_cast<int>(cards.size()); ++i)
            discard.insert(cards[static_cast<std::size_t>(rng_.uniform_below(cards.size()))]);
        return Discard{discard};
    }
    // Push or fold, loosely: the shorter the stack in big blinds, the likelier the all-in, so blinds
    // matter and the tournament ends as real ones do.
    const auto roll = rng_.uniform_below(1000);
    const Chips stack_in_blinds = big_blind_ > 0 ? legal.all_in_to / big_blind_ : 100;
    const std::uint64_t shove = stack_in_blinds < 10 ? 250 : stack_in_blinds < 25 ? 40 : 8;
    if (roll < 5) return Timeout{};  // the clock ran out: fold, or check when free
    if (legal.may_bet_or_raise && roll < 5 + shove) return BetOrRaiseTo{legal.max_to};  // no-limit: all-in
    if (legal.may_bet_or_raise && roll < 85 + shove) return BetOrRaiseTo{legal.min_to};
    if (legal.may_check) return Check{};
    if (legal.may_call && roll < 650) return Call{};
    return Fold{};
}

}  // namespace tavolo::tools
