// view_of() and apply() for Poker Polacco (see poker_view.cpp and poker_apply.cpp for poker).
#include "engine/view/polacco_view.hpp"

#include <algorithm>

#include "engine/view/card_visibility.hpp"

namespace tavolo::engine::view {

namespace pl = polacco;

namespace {

template <class... F>
struct Overload : F... {
    using F::operator()...;
};
// Spelled out for clang 16 (the fuzz tree), which does not deduce an aggregate's arguments (P1816).
template <class... F>
Overload(F...) -> Overload<F...>;

PolaccoSeatView seat_view(pl::PlayerId player, int penalties, bool pass_available) {
    PolaccoSeatView seat;
    seat.player = player;
    seat.penalties = penalties;
    seat.pass_available = pass_available;
    return seat;
}

void fill_hand(PolaccoView& view, const pl::Hand& hand, const PolaccoViewer& viewer) {
    view.hand_number = hand.hand_number();
    view.phase = hand.phase();
    view.in_hand = hand.phase() != pl::Phase::Ended;
    view.first_speaker = hand.first_speaker();
    view.direction = hand.direction();
    view.last_punto = hand.last_punto();
    view.last_declarer = hand.last_declarer();
    view.to_act = hand.to_act();
    view.decision = hand.decision();
    if (view.in_hand && viewer.is(view.to_act)) view.legal = hand.legal_actions();
    const auto& result = hand.result();
    const bool revealed = hand.phase() == pl::Phase::Ended;  // the doubt showed every hand
    view.seats.clear();
    for (const pl::HandPlayer& p : hand.players()) {
        PolaccoSeatView seat = seat_view(p.player, p.penalties, p.pass_available);
        seat.eliminated = result && result->eliminated && result->penalised == p.player;
        const bool visible = revealed || may_see(pl::Visibility::player(p.player), viewer);
        for (Card c : hand.cards_of(p.player))
            seat.cards.push_back(visible ? SeenCard{c} : SeenCard{});
        view.seats.push_back(std::move(seat));
    }
}

PolaccoSeatView* seat_of(PolaccoView& view, pl::PlayerId player) {
    auto it = std::ranges::find(view.seats, player, &PolaccoSeatView::player);
    return it == view.seats.end() ? nullptr : &*it;
}

void start(PolaccoView& view, const pl::HandStarted& e) {
    view.hand_number = e.hand_number;
    view.in_hand = true;
    view.phase = pl::Phase::ChoosingDirection;
    view.first_speaker = e.first_speaker;
    view.direction.reset();
    view.last_punto.reset();
    view.last_declarer = -1;
    view.to_act = e.first_speaker;
    view.decision = 1;
    view.legal.reset();
    view.seats.clear();
    for (const pl::HandSeat& s : e.seats)
        view.seats.push_back(seat_view(s.player, s.penalties, s.pass_available));
}

}  // namespace

PolaccoView view_of(const pl::Table& table, const PolaccoViewer& viewer) {
    PolaccoView view;
    view.viewer = viewer;
    view.table = table.id();
    if (const pl::Hand* hand = table.hand()) {
        fill_hand(view, *hand, viewer);
        return view;
    }
    view.hand_number = table.hands_played();
    view.first_speaker = table.first_speaker();
    for (const pl::HandPlayer& p : table.seats())
        view.seats.push_back(seat_view(p.player, p.penalties, p.pass_available));
    return view;
}

void apply(PolaccoView& view, const PolaccoSeen& seen) {
    std::visit(Overload{
                   [&](const pl::HandStarted& e) { start(view, e); },
                   [&](const pl::DirectionChosen& e) {
                       view.direction = e.direction;
                       view.phase = pl::Phase::Declaring;
                       // Forced by the clockwise-only rule (no decision) or by the clock (the
                       // Declared that follows counts it).
                       if (!e.forced) ++view.decision;
                   },
                   [&](const pl::CardDealt& e) {
                       if (PolaccoSeatView* seat = seat_of(view, e.to)) seat->cards.push_back(e.card);
                   },
                   [&](const pl::Declared& e) {
                       view.last_punto = e.punto;
                       view.last_declarer = e.by;
                       ++view.decision;
                   },
                   [&](const pl::Passed& e) {
                       if (PolaccoSeatView* seat = seat_of(view, e.by)) seat->pass_available = false;
                       ++view.decision;
                   },
                   [&](const pl::Doubted&) { ++view.decision; },
                   [&](const pl::CardsRevealed& e) {
                       if (PolaccoSeatView* seat = seat_of(view, e.player))
                           seat->cards.assign(e.cards.begin(), e.cards.end());
                   },
                   [&](const pl::Judged&) {},
                   [&](const pl::PenaltyGiven& e) {
                       if (PolaccoSeatView* seat = seat_of(view, e.player)) seat->penalties = e.penalties;
                   },
                   [&](const pl::PenaltyRemoved& e) {
                       if (PolaccoSeatView* seat = seat_of(view, e.player)) seat->penalties = e.penalties;
                   },
                   [&](const pl::PlayerEliminated& e) {
                       if (PolaccoSeatView* seat = seat_of(view, e.player)) seat->eliminated = true;
                   },
                   [&](const pl::HandEnded&) {
                       view.phase = pl::Phase::Ended;
                       view.in_hand = false;
                       view.to_act = -1;
                       view.legal.reset();
                   },
                   [&](const PolaccoDecisionPending& e) {
                       view.decision = e.decision;
                       view.to_act = e.to_act;
                       view.legal = e.legal;
                   },
               },
               seen);
}

}  // namespace tavolo::engine::view
