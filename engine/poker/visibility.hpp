#pragma once
// Who may see a card (RULES.md §8): the one rule the broadcast applies to card events. Every other
// event is public; a folded or mucked hand is never in any event.
#include "engine/poker/events.hpp"

namespace tavolo::engine {

// viewer: the seat of a seated player, or kNoSeat for an observer.
constexpr bool may_see(const CardDealt& card, SeatIndex viewer) {
    switch (card.visibility) {
        case Visibility::Everyone:
            return true;
        case Visibility::Owner:
            return viewer != kNoSeat && viewer == card.seat;
        case Visibility::Nobody:
            return false;
    }
    return false;
}

}  // namespace tavolo::engine
