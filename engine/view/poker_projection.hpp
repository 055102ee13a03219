#pragma once
// What a viewer of a poker table receives of each hand event (RULES.md §8): the one path from a
// hand to the wire. Every event is public except the faces of cards: a CardDealt or Discarded
// reaches each viewer with the faces he may see (card_visibility.hpp) and the others hidden, so a
// client still learns that a card was dealt or how many were exchanged. Folded and mucked hands are
// in no event; burn cards reach everyone face down.
#include <array>
#include <optional>
#include <variant>

#include "engine/poker/events.hpp"
#include "engine/poker/hand.hpp"
#include "engine/view/decision_pending.hpp"
#include "engine/view/viewer.hpp"

namespace tavolo::engine::view {

// A card as a viewer receives it: its face, or nothing when he may not see it.
using SeenCard = std::optional<Card>;

struct SeenCardDealt {
    CardTarget target = CardTarget::Player;
    SeatIndex seat = kNoSeat;  // kNoSeat for board and burn cards
    SeenCard card;
    Visibility visibility = Visibility::Owner;  // Everyone: a face-up card (stud up-card, exposed hand)
    int street = 0;
    friend bool operator==(const SeenCardDealt&, const SeenCardDealt&) = default;
};

struct SeenDiscarded {
    SeatIndex seat = kNoSeat;
    int count = 0;
    std::array<SeenCard, kMaxHoleCards> cards{};  // the first `count`, in hand order
    Visibility visibility = Visibility::Owner;
    bool automatic = false;
    friend bool operator==(const SeenDiscarded&, const SeenDiscarded&) = default;
};

using PokerDecisionPending = DecisionPending<SeatIndex, LegalActions>;

// Everything a poker viewer receives: hand events as he may see them, and the pending decision.
using PokerSeen =
    std::variant<HandStarted, AntePosted, BlindPosted, SeenCardDealt, StreetDealt, BettingRoundStarted,
                 DrawStarted, Acted, SeenDiscarded, DeckReshuffled, UncalledReturned, PotsFormed, CardsShown,
                 Mucked, PotAwarded, HandEnded, PokerDecisionPending>;

// The event as this viewer receives it.
PokerSeen project(const HandEvent& event, const PokerViewer& viewer);

// The decision the hand waits for, as this viewer receives it; nothing once the hand is over.
std::optional<PokerDecisionPending> pending_decision(const Hand& hand, const PokerViewer& viewer);

}  // namespace tavolo::engine::view
