#pragma once
// RULES.md §8 in one place: which viewer may see which card. A card dealt face down is seen by its
// owner only (and by an operator reviewing the hand once it is over); face-up cards, the board and
// shown hands by everyone; burn cards by no one. Every projection and view asks these functions.
#include "engine/poker/events.hpp"
#include "engine/polacco/events.hpp"
#include "engine/view/viewer.hpp"

namespace tavolo::engine::view {

// owner: the seat holding the card (kNoSeat for the board and burns).
constexpr bool may_see(Visibility visibility, SeatIndex owner, const PokerViewer& viewer) {
    switch (visibility) {
        case Visibility::Everyone:
            return true;
        case Visibility::Owner:
            return owner != kNoSeat && (viewer.is(owner) || viewer.sees_every_hand());
        case Visibility::Nobody:
            return false;
    }
    return false;
}

inline bool may_see(const polacco::Visibility& visibility, const PolaccoViewer& viewer) {
    return !visibility.only || viewer.is(*visibility.only) || viewer.sees_every_hand();
}

}  // namespace tavolo::engine::view
