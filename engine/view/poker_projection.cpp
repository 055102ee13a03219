#include "engine/view/poker_projection.hpp"

#include "engine/view/card_visibility.hpp"

namespace tavolo::engine::view {

namespace {

SeenCardDealt seen(const CardDealt& e, const PokerViewer& viewer) {
    SeenCardDealt out;
    out.target = e.target;
    out.seat = e.seat;
    out.visibility = e.visibility;
    out.street = e.street;
    if (may_see(e.visibility, e.seat, viewer)) out.card = e.card;
    return out;
}

SeenDiscarded seen(const Discarded& e, const PokerViewer& viewer) {
    SeenDiscarded out;
    out.seat = e.seat;
    out.count = e.count;
    out.visibility = e.visibility;
    out.automatic = e.automatic;
    if (may_see(e.visibility, e.seat, viewer)) {
        for (int i = 0; i < e.count; ++i)
            out.cards[static_cast<std::size_t>(i)] = e.cards[static_cast<std::size_t>(i)];
    }
    return out;
}

}  // namespace

PokerSeen project(const HandEvent& event, const PokerViewer& viewer) {
    return std::visit(
        [&](const auto& e) -> PokerSeen {
            using E = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<E, CardDealt> || std::is_same_v<E, Discarded>) {
                return seen(e, viewer);
            } else {
                return e;
            }
        },
        event);
}

std::optional<PokerDecisionPending> pending_decision(const Hand& hand, const PokerViewer& viewer) {
    if (hand.is_over()) return std::nullopt;
    PokerDecisionPending pending;
    pending.decision = hand.decision();
    pending.to_act = hand.to_act();
    if (viewer.is(pending.to_act)) pending.legal = hand.legal_actions();
    return pending;
}

}  // namespace tavolo::engine::view
