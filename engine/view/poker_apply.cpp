// apply(): a poker view updated by one thing its viewer received. This is the client's logic: it
// only moves chips and cards as the events say and never judges a rule (whose turn and what may
// be done arrive as the pending decision).
#include <algorithm>

#include "engine/view/poker_view.hpp"

namespace tavolo::engine::view {

namespace {

template <class... F>
struct Overload : F... {
    using F::operator()...;
};
// Spelled out for clang 16 (the fuzz tree), which does not deduce an aggregate's arguments (P1816).
template <class... F>
Overload(F...) -> Overload<F...>;

PokerSeatView& seat_of(PokerView& view, SeatIndex s) {
    return view.seats[static_cast<std::size_t>(s)];
}

// A folded or mucked hand leaves the table (RULES.md §8), except for an operator after the hand.
void off_the_table(PokerView& view, PokerSeatView& seat) {
    if (view.viewer.sees_every_hand()) return;
    seat.card_count = 0;
    seat.cards = {};
    seat.face_up = 0;
}

void start(PokerView& view, const HandStarted& e) {
    view.hand_id = e.hand_id;
    view.in_hand = true;
    view.variant = e.variant;
    view.betting = e.betting;
    view.small_blind = e.small_blind_amount;
    view.big_blind = e.big_blind_amount;
    view.ante = e.ante;
    view.ante_mode = e.ante_mode;
    view.table_size = e.table_size;
    view.button = e.button;
    view.small_blind_seat = e.small_blind;
    view.big_blind_seat = e.big_blind;
    view.street = 0;
    view.board.clear();
    view.pots.clear();
    view.pot_total = 0;
    view.to_act = kNoSeat;
    view.decision = 1;
    view.legal.reset();
    view.replacing_seat = kNoSeat;
    view.replacing_count = 0;
    view.replacing_slots = {};
    for (SeatIndex s = 0; s < kMaxSeats; ++s) {
        PokerSeatView& seat = seat_of(view, s);
        const EntrantId entrant = seat.entrant;
        const Chips stack = has_seat(e.seats, s) ? e.stacks[static_cast<std::size_t>(s)] : seat.stack;
        seat = PokerSeatView{};
        seat.entrant = entrant;
        seat.stack = stack;
        seat.dealt_in = has_seat(e.seats, s);
    }
}

void deal(PokerView& view, const SeenCardDealt& e) {
    if (e.target == CardTarget::Board) {
        if (e.card) view.board.push_back(*e.card);
        return;
    }
    if (e.target == CardTarget::Burn) return;
    PokerSeatView& seat = seat_of(view, e.seat);
    if (view.replacing_seat == e.seat && view.replacing_count > 0) {
        // A draw replacement takes the place of a discarded card.
        const int k = --view.replacing_count;
        seat.cards[view.replacing_slots[static_cast<std::size_t>(k)]] = e.card;
        if (k == 0) {
            view.replacing_seat = kNoSeat;
            view.replacing_slots = {};
        }
        return;
    }
    if (e.visibility == Visibility::Everyone)
        seat.face_up = static_cast<std::uint8_t>(seat.face_up | (1U << seat.card_count));
    seat.cards[static_cast<std::size_t>(seat.card_count++)] = e.card;
}

// Where the replacements go: the discarded cards' places when the viewer sees them, else any of
// the hidden cards (all of that player's cards are hidden to him then).
void discard(PokerView& view, const SeenDiscarded& e) {
    ++view.decision;
    if (e.count == 0) return;
    PokerSeatView& seat = seat_of(view, e.seat);
    std::array<std::uint8_t, kMaxHoleCards> slots{};
    for (int k = 0; k < e.count; ++k) {
        std::uint8_t slot = static_cast<std::uint8_t>(k);
        if (const SeenCard& thrown = e.cards[static_cast<std::size_t>(k)]) {
            for (int i = 0; i < seat.card_count; ++i)
                if (seat.cards[static_cast<std::size_t>(i)] == thrown) slot = static_cast<std::uint8_t>(i);
        }
        slots[static_cast<std::size_t>(k)] = slot;
    }
    // Replacements arrive in hand order; deal() fills from the back of the list.
    view.replacing_seat = e.seat;
    view.replacing_count = e.count;
    for (int k = 0; k < e.count; ++k)
        view.replacing_slots[static_cast<std::size_t>(k)] = slots[static_cast<std::size_t>(e.count - 1 - k)];
}

void acted(PokerView& view, const Acted& e) {
    ++view.decision;
    PokerSeatView& seat = seat_of(view, e.seat);
    seat.stack -= e.added;
    seat.bet = e.total_bet;
    view.pot_total += e.added;
    seat.all_in = seat.all_in || e.all_in;
    if (e.action == Action::Fold) {
        seat.folded = true;
        off_the_table(view, seat);
    }
}

void shown(PokerView& view, const CardsShown& e) {
    PokerSeatView& seat = seat_of(view, e.seat);
    seat.shown = true;
    seat.card_count = e.count;
    for (int i = 0; i < e.count; ++i)
        seat.cards[static_cast<std::size_t>(i)] = e.cards[static_cast<std::size_t>(i)];
}

void ended(PokerView& view, const HandEnded& e) {
    view.in_hand = false;
    view.to_act = kNoSeat;
    view.legal.reset();
    view.pots.clear();
    for (SeatIndex s = 0; s < kMaxSeats; ++s) {
        if (!has_seat(e.seats, s)) continue;
        seat_of(view, s).stack = e.stacks[static_cast<std::size_t>(s)];
        seat_of(view, s).bet = 0;
    }
}

}  // namespace

void apply(PokerView& view, const PokerSeen& seen) {
    std::visit(Overload{
                   [&](const HandStarted& e) { start(view, e); },
                   [&](const AntePosted& e) {
                       PokerSeatView& seat = seat_of(view, e.seat);
                       seat.stack -= e.amount;
                       seat.all_in = seat.all_in || e.all_in;
                       view.pot_total += e.amount;
                   },
                   [&](const BlindPosted& e) {
                       PokerSeatView& seat = seat_of(view, e.seat);
                       seat.stack -= e.amount;
                       seat.bet += e.amount;
                       seat.all_in = seat.all_in || e.all_in;
                       view.pot_total += e.amount;
                   },
                   [&](const SeenCardDealt& e) { deal(view, e); },
                   [&](const StreetDealt& e) { view.street = e.street; },
                   [&](const BettingRoundStarted& e) { view.street = e.street; },
                   [&](const DrawStarted& e) { view.street = e.street; },
                   [&](const Acted& e) { acted(view, e); },
                   [&](const SeenDiscarded& e) { discard(view, e); },
                   [&](const DeckReshuffled&) {},
                   [&](const UncalledReturned& e) {
                       PokerSeatView& seat = seat_of(view, e.seat);
                       seat.bet -= e.amount;
                       seat.stack += e.amount;
                       if (seat.stack > 0) seat.all_in = false;
                       view.pot_total -= e.amount;
                   },
                   [&](const PotsFormed& e) {
                       view.pots.assign(e.pots.begin(), e.pots.begin() + e.count);
                       for (PokerSeatView& seat : view.seats)
                           seat.bet = 0;
                   },
                   [&](const CardsShown& e) { shown(view, e); },
                   [&](const Mucked& e) {
                       seat_of(view, e.seat).mucked = true;
                       off_the_table(view, seat_of(view, e.seat));
                   },
                   [&](const PotAwarded& e) {
                       for (int w = 0; w < e.winners; ++w)
                           seat_of(view, e.seats[static_cast<std::size_t>(w)]).stack +=
                               e.shares[static_cast<std::size_t>(w)];
                       view.pot_total -= e.amount;
                   },
                   [&](const HandEnded& e) { ended(view, e); },
                   [&](const PokerDecisionPending& e) {
                       view.decision = e.decision;
                       view.to_act = e.to_act;
                       view.legal = e.legal;
                   },
               },
               seen);
}

}  // namespace tavolo::engine::view
