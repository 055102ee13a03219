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
    const auto roll = rng_.uniform_below(100);
    if (roll == 0) return Timeout{};  // the clock ran out: fold, or check when free
    if (legal.may_bet_or_raise && roll < 5) return BetOrRaiseTo{legal.max_to};  // no-limit: all-in
    if (legal.may_bet_or_raise && roll < 15) return BetOrRaiseTo{legal.min_to};
    if (legal.may_check) return Check{};
    if (legal.may_call && roll < 70) return Call{};
    return Fold{};
}

}  // namespace tavolo::tools
