// view_of(): a poker table as one viewer may see it, read from the table and the hand.
#include "engine/view/poker_view.hpp"

#include "engine/view/card_visibility.hpp"

namespace tavolo::engine::view {

namespace {

void fill_cards(PokerSeatView& seat, const Hand& hand, SeatIndex s, const PokerViewer& viewer) {
    if ((hand.folded(s) || hand.mucked(s)) && !viewer.sees_every_hand()) return;  // off the table
    const auto held = hand.hole_cards(s);
    seat.card_count = static_cast<int>(held.size());
    for (std::size_t i = 0; i < held.size(); ++i) {
        const int index = static_cast<int>(i);
        const bool up = hand.card_face_up(s, index);
        if (up) seat.face_up = static_cast<std::uint8_t>(seat.face_up | (1U << index));
        const Visibility visibility = up || hand.shown(s) ? Visibility::Everyone : Visibility::Owner;
        if (may_see(visibility, s, viewer)) seat.cards[i] = held[i];
    }
}

void fill_hand(PokerView& view, const Hand& hand, const PokerViewer& viewer) {
    view.hand_id = hand.hand_id();
    view.in_hand = !hand.is_over();
    view.variant = hand.variant();
    view.betting = hand.betting();
    view.small_blind = hand.small_blind();
    view.big_blind = hand.big_blind();
    view.ante = hand.ante();
    view.ante_mode = hand.ante_mode();
    view.table_size = hand.table_size();
    view.button = hand.button();
    view.small_blind_seat = hand.small_blind_seat();
    view.big_blind_seat = hand.big_blind_seat();
    view.street = hand.street();
    view.board.assign(hand.board().begin(), hand.board().end());
    view.pots.assign(hand.pots().begin(), hand.pots().end());
    view.pot_total = hand.pot_total();
    view.to_act = hand.to_act();
    view.decision = hand.decision();
    if (view.in_hand && viewer.is(view.to_act)) view.legal = hand.legal_actions();
    for (SeatIndex s = 0; s < kMaxSeats; ++s) {
        if (!hand.dealt_in(s)) continue;
        PokerSeatView& seat = view.seats[static_cast<std::size_t>(s)];
        seat.dealt_in = true;
        seat.stack = hand.stack(s);
        seat.bet = hand.bet(s);
        seat.folded = hand.folded(s);
        seat.all_in = hand.all_in(s);
        seat.shown = hand.shown(s);
        seat.mucked = hand.mucked(s);
        fill_cards(seat, hand, s, viewer);
    }
}

}  // namespace

PokerView view_of(const Table& table, const Hand* hand, const PokerViewer& viewer) {
    PokerView view;
    view.viewer = viewer;
    view.table_size = table.size();
    view.button = table.button();
    for (SeatIndex s = 0; s < table.size() && s < kMaxSeats; ++s) {
        view.seats[static_cast<std::size_t>(s)].entrant = table.at(s).entrant;
        view.seats[static_cast<std::size_t>(s)].stack = table.at(s).stack;
    }
    if (hand != nullptr && hand->setup_error() && hand->table_size() > 0) fill_hand(view, *hand, viewer);
    return view;
}

}  // namespace tavolo::engine::view
