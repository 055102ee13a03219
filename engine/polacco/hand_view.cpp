#include "engine/polacco/hand_view.hpp"

namespace tavolo::engine::polacco {

HandView view_of(const Hand& hand, const Viewer& viewer) {
    HandView view;
    view.hand_number = hand.hand_number();
    view.phase = hand.phase();
    view.first_speaker = hand.first_speaker();
    view.direction = hand.direction();
    view.to_act = hand.to_act();
    view.last_punto = hand.last_punto();
    view.last_declarer = hand.last_declarer();
    const bool revealed = hand.phase() == Phase::Ended;
    for (const auto& p : hand.players()) {
        SeatView seat{p.player, p.penalties, 0, {}, p.pass_available};
        const auto& cards = hand.cards_of(p.player);
        seat.cards = static_cast<int>(cards.size());
        if (revealed || Visibility::player(p.player).visible_to(viewer)) seat.shown = cards;
        view.seats.push_back(std::move(seat));
    }
    if (viewer.kind == Viewer::Kind::Player && hand.phase() != Phase::Ended &&
        viewer.player == hand.to_act()) {
        view.legal = hand.legal_actions();
    }
    return view;
}

}  // namespace tavolo::engine::polacco
