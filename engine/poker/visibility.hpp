#pragma once
// Who may see a card (RULES.md §8): the one rule the broadcast applies to card events (CardDealt,
// Discarded). Every other event is public; a folded or mucked hand is never in any event.
#include "engine/poker/events.hpp"

namespace tavolo::engine {

// viewer: the seat of a seated player, or kNoSeat for an observer; owner: the seat holding the card.
constexpr bool may_see(Visibility visibility, SeatIndex owner, SeatIndex viewer) {
    switch (visibility) {
        case Visibility::Everyone:
            return true;
        case Visibility::Owner:
            return viewer != kNoSeat && viewer == owner;
        case Visibility::Nobody:
            return false;
    }
    return false;
}

constexpr bool may_see(const CardDealt& card, SeatIndex viewer) {
    return may_see(card.visibility, card.seat, viewer);
}

constexpr bool may_see(const Discarded& discarded, SeatIndex viewer) {
    return may_see(discarded.visibility, discarded.seat, viewer);
}

// The Discarded event as `viewer` receives it: with the cards if the viewer may see them, otherwise
// only who discarded and how many (the cards are cleared).
constexpr Discarded as_seen_by(const Discarded& discarded, SeatIndex viewer) {
    if (may_see(discarded, viewer)) return discarded;
    Discarded seen = discarded;
    seen.cards = {};
    return seen;
}

}  // namespace tavolo::engine
