#pragma once
// What a viewer of a Poker Polacco table receives of each hand event (RULES.md §8, §9): every event
// is public except a dealt card's face, which reaches only the player it is dealt to (and an
// operator reviewing the hand once it is over) until the doubt reveals every hand.
#include <optional>
#include <variant>

#include "engine/polacco/events.hpp"
#include "engine/polacco/hand.hpp"
#include "engine/view/decision_pending.hpp"
#include "engine/view/viewer.hpp"

namespace tavolo::engine::view {

using PolaccoDecisionPending = DecisionPending<polacco::PlayerId, polacco::LegalActions>;

// Everything a Polacco viewer receives: hand events as he may see them (a CardDealt without its
// face when he may not see it), and the pending decision.
using PolaccoSeen = std::variant<polacco::HandStarted, polacco::DirectionChosen, polacco::CardDealt,
                                 polacco::Declared, polacco::Passed, polacco::Doubted, polacco::CardsRevealed,
                                 polacco::Judged, polacco::PenaltyGiven, polacco::PenaltyRemoved,
                                 polacco::PlayerEliminated, polacco::HandEnded, PolaccoDecisionPending>;

PolaccoSeen project(const polacco::Event& event, const PolaccoViewer& viewer);

// The decision the hand waits for, as this viewer receives it; nothing once the hand is over.
std::optional<PolaccoDecisionPending> pending_decision(const polacco::Hand& hand,
                                                       const PolaccoViewer& viewer);

}  // namespace tavolo::engine::view
