#include "engine/view/polacco_projection.hpp"

#include "engine/view/card_visibility.hpp"

namespace tavolo::engine::view {

PolaccoSeen project(const polacco::Event& event, const PolaccoViewer& viewer) {
    return std::visit(
        [&](const auto& e) -> PolaccoSeen {
            using E = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<E, polacco::CardDealt>) {
                polacco::CardDealt seen = e;
                if (!may_see(e.visibility, viewer)) seen.card.reset();
                return seen;
            } else {
                return e;
            }
        },
        event);
}

std::optional<PolaccoDecisionPending> pending_decision(const polacco::Hand& hand,
                                                       const PolaccoViewer& viewer) {
    if (hand.phase() == polacco::Phase::Ended) return std::nullopt;
    PolaccoDecisionPending pending;
    pending.decision = hand.decision();
    pending.to_act = hand.to_act();
    if (viewer.is(pending.to_act)) pending.legal = hand.legal_actions();
    return pending;
}

}  // namespace tavolo::engine::view
