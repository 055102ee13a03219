#include "tools/client/table_fold.hpp"

#include <algorithm>

namespace tavolo::client {

namespace {

namespace v1 = ::tavolo::v1;

// The seat, grown when an event names one past the snapshot's list (a bigger table than it showed).
v1::PokerSeat& seat_at(v1::PokerTable& table, std::int32_t seat) {
    while (table.seats_size() <= seat) {
        auto* added = table.add_seats();
        added->set_seat(table.seats_size() - 1);
        added->set_entrant(-1);
    }
    return *table.mutable_seats(seat);
}

void start_hand(v1::PokerTable& t, const v1::HandStarted& e) {
    t.set_hand(e.hand());
    t.set_in_hand(true);
    t.set_game(e.game());
    t.set_betting(e.betting());
    *t.mutable_stakes() = e.stakes();
    t.set_table_size(e.table_size());
    t.set_button(e.button());
    t.set_small_blind_seat(e.small_blind_seat());
    t.set_big_blind_seat(e.big_blind_seat());
    t.set_street(0);
    t.clear_board();
    t.clear_pots();
    t.set_pot_total(0);
    t.set_to_act(-1);
    t.set_decision(1);
    t.clear_legal();
    for (std::int32_t s = 0; s < e.table_size(); ++s) {
        v1::PokerSeat& seat = seat_at(t, s);
        const bool dealt_in = std::ranges::find(e.seats(), s) != e.seats().end();
        if (dealt_in && s < e.stacks_size()) seat.set_stack(e.stacks(s));
        seat.set_dealt_in(dealt_in);
        seat.set_bet(0);
        seat.set_folded(false);
        seat.set_all_in(false);
        seat.set_shown(false);
        seat.set_mucked(false);
        seat.clear_cards();
        seat.clear_face_up();
    }
}

// Chips from a seat's stack into his bet in front (blinds, bets) or the pot directly (antes).
void put_in(v1::PokerTable& t, std::int32_t seat, std::int64_t amount, bool to_bet, bool all_in) {
    v1::PokerSeat& s = seat_at(t, seat);
    s.set_stack(s.stack() - amount);
    if (to_bet) s.set_bet(s.bet() + amount);
    if (all_in) s.set_all_in(true);
    t.set_pot_total(t.pot_total() + amount);
}

void deal(v1::PokerTable& t, const v1::CardDealt& e, DrawReplacement& draw) {
    if (e.target() == v1::CARD_TARGET_BOARD) {
        if (e.card().has_face()) t.add_board(e.card().face());
        return;
    }
    if (e.target() != v1::CARD_TARGET_PLAYER) return;  // a burn card is nobody's
    v1::PokerSeat& s = seat_at(t, e.seat());
    if (draw.seat == e.seat() && draw.count > 0) {
        const int slot = draw.slots[static_cast<std::size_t>(--draw.count)];
        if (slot < s.cards_size()) *s.mutable_cards(slot) = e.card();
        if (draw.count == 0) draw = DrawReplacement{};
        return;
    }
    *s.add_cards() = e.card();
    s.add_face_up(e.visibility() == v1::CARD_VISIBILITY_EVERYONE);
}

void act(v1::PokerTable& t, const v1::Acted& e) {
    t.set_decision(t.decision() + 1);
    v1::PokerSeat& s = seat_at(t, e.seat());
    s.set_stack(s.stack() - e.added());
    s.set_bet(e.total_bet());
    t.set_pot_total(t.pot_total() + e.added());
    if (e.all_in()) s.set_all_in(true);
    if (e.action() == v1::POKER_ACTION_KIND_FOLD) {
        s.set_folded(true);
        s.clear_cards();  // a folded hand is in no view (RULES.md §8)
        s.clear_face_up();
    }
}

// The replacements that follow take the thrown cards' places: a card the viewer sees by its face,
// else the k-th thrown goes to the k-th place (all the player's cards are hidden to him then).
void discard(v1::PokerTable& t, const v1::Discarded& e, DrawReplacement& draw) {
    t.set_decision(t.decision() + 1);
    const int count = std::min(e.cards_size(), static_cast<int>(draw.slots.size()));
    if (count == 0) return;
    const v1::PokerSeat& s = seat_at(t, e.seat());
    std::array<int, 5> slots{};
    for (int k = 0; k < count; ++k) {
        slots[static_cast<std::size_t>(k)] = k;
        const v1::SeenCard& thrown = e.cards(k);
        if (!thrown.has_face()) continue;
        for (int i = 0; i < s.cards_size(); ++i)
            if (s.cards(i).has_face() && s.cards(i).face() == thrown.face())
                slots[static_cast<std::size_t>(k)] = i;
    }
    draw.seat = e.seat();
    draw.count = count;
    for (int k = 0; k < count; ++k)
        draw.slots[static_cast<std::size_t>(k)] = slots[static_cast<std::size_t>(count - 1 - k)];
}

void collect(v1::PokerTable& t, const v1::PotsFormed& e) {
    for (auto& seat : *t.mutable_seats())
        seat.set_bet(0);
    *t.mutable_pots() = e.pots();
}

void show(v1::PokerTable& t, const v1::CardsShown& e) {
    v1::PokerSeat& s = seat_at(t, e.seat());
    s.clear_cards();
    for (std::uint32_t face : e.cards())
        s.add_cards()->set_face(face);
    while (s.face_up_size() < s.cards_size())
        s.add_face_up(false);
    s.set_shown(true);
}

void award(v1::PokerTable& t, const v1::PotAwarded& e) {
    for (int i = 0; i < e.seats_size() && i < e.shares_size(); ++i) {
        v1::PokerSeat& s = seat_at(t, e.seats(i));
        s.set_stack(s.stack() + e.shares(i));
    }
    t.set_pot_total(t.pot_total() - e.amount());
}

void end_hand(v1::PokerTable& t, const v1::HandEnded& e) {
    for (int s = 0; s < e.stacks_size(); ++s) {
        if (std::ranges::find(e.seats(), s) == e.seats().end()) continue;
        seat_at(t, s).set_stack(e.stacks(s));
        seat_at(t, s).set_bet(0);
    }
    t.set_in_hand(false);
    t.set_to_act(-1);
    t.clear_legal();
    t.clear_pots();
}

void pending(v1::PokerTable& t, const v1::PokerDecisionPending& e) {
    t.set_decision(e.decision());
    t.set_to_act(e.to_act());
    if (e.has_legal())
        *t.mutable_legal() = e.legal();
    else
        t.clear_legal();
}

void fold_poker(v1::PokerTable& t, const v1::TableEvent& event, DrawReplacement& draw) {
    switch (event.event_case()) {
        case v1::TableEvent::kHandStarted:
            return start_hand(t, event.hand_started());
        case v1::TableEvent::kAntePosted:
            return put_in(t, event.ante_posted().seat(), event.ante_posted().amount(), false,
                          event.ante_posted().all_in());
        case v1::TableEvent::kBlindPosted:
            return put_in(t, event.blind_posted().seat(), event.blind_posted().amount(), true,
                          event.blind_posted().all_in());
        case v1::TableEvent::kCardDealt:
            return deal(t, event.card_dealt(), draw);
        case v1::TableEvent::kStreetDealt:
            return t.set_street(event.street_dealt().street());
        case v1::TableEvent::kBettingRoundStarted:
            return t.set_street(event.betting_round_started().street());
        case v1::TableEvent::kDrawStarted:
            return t.set_street(event.draw_started().street());
        case v1::TableEvent::kActed:
            return act(t, event.acted());
        case v1::TableEvent::kDiscarded:
            return discard(t, event.discarded(), draw);
        case v1::TableEvent::kUncalledReturned: {
            v1::PokerSeat& s = seat_at(t, event.uncalled_returned().seat());
            s.set_stack(s.stack() + event.uncalled_returned().amount());
            s.set_bet(s.bet() - event.uncalled_returned().amount());
            if (s.stack() > 0) s.set_all_in(false);
            return t.set_pot_total(t.pot_total() - event.uncalled_returned().amount());
        }
        case v1::TableEvent::kPotsFormed:
            return collect(t, event.pots_formed());
        case v1::TableEvent::kCardsShown:
            return show(t, event.cards_shown());
        case v1::TableEvent::kMucked: {
            v1::PokerSeat& s = seat_at(t, event.mucked().seat());
            s.set_mucked(true);
            s.clear_cards();
            return s.clear_face_up();
        }
        case v1::TableEvent::kPotAwarded:
            return award(t, event.pot_awarded());
        case v1::TableEvent::kHandEnded:
            return end_hand(t, event.hand_ended());
        case v1::TableEvent::kPokerDecision:
            return pending(t, event.poker_decision());
        case v1::TableEvent::kSittingOut:
            if (event.sitting_out().seat() >= 0)
                seat_at(t, event.sitting_out().seat()).set_sitting_out(event.sitting_out().sitting_out());
            return;
        case v1::TableEvent::kConnection:
            if (event.connection().seat() >= 0)
                seat_at(t, event.connection().seat()).set_disconnected(!event.connection().connected());
            return;
        default:
            return;  // DeckReshuffled, the clock: nothing in the seats changes
    }
}

v1::PolaccoSeat* player_at(v1::PolaccoTable& t, std::int64_t player) {
    for (auto& seat : *t.mutable_seats())
        if (seat.player() == player) return &seat;
    return nullptr;
}

void start_polacco_hand(v1::PolaccoTable& t, const v1::PolaccoHandStarted& e) {
    v1::PolaccoTable next;
    for (const auto& s : e.seats()) {
        v1::PolaccoSeat* seat = next.add_seats();
        if (const v1::PolaccoSeat* before = player_at(t, s.player())) *seat = *before;
        seat->set_player(s.player());
        seat->set_penalties(s.penalties());
        seat->set_pass_available(s.pass_available());
        seat->set_eliminated(false);
        seat->clear_cards();
    }
    next.set_hand(e.hand());
    next.set_in_hand(true);
    next.set_first_speaker(e.first_speaker());
    next.set_last_declarer(-1);
    next.set_to_act(e.first_speaker());
    next.set_decision(1);
    t = std::move(next);
}

void fold_polacco(v1::PolaccoTable& t, const v1::TableEvent& event) {
    switch (event.event_case()) {
        case v1::TableEvent::kPolaccoHandStarted:
            return start_polacco_hand(t, event.polacco_hand_started());
        case v1::TableEvent::kDirectionChosen:
            // Forced by the clockwise-only rule (no decision) or by the clock (the Declared after counts it).
            if (!event.direction_chosen().forced()) t.set_decision(t.decision() + 1);
            return t.set_direction(event.direction_chosen().direction());
        case v1::TableEvent::kPolaccoCardDealt:
            if (auto* seat = player_at(t, event.polacco_card_dealt().to()))
                *seat->add_cards() = event.polacco_card_dealt().card();
            return;
        case v1::TableEvent::kDeclared:
            *t.mutable_last_punto() = event.declared().punto();
            t.set_decision(t.decision() + 1);
            return t.set_last_declarer(event.declared().by());
        case v1::TableEvent::kCardsRevealed:
            if (auto* seat = player_at(t, event.cards_revealed().player())) {
                seat->clear_cards();
                for (std::uint32_t face : event.cards_revealed().cards())
                    seat->add_cards()->set_face(face);
            }
            return;
        case v1::TableEvent::kPenaltyGiven:
            if (auto* seat = player_at(t, event.penalty_given().player()))
                seat->set_penalties(event.penalty_given().penalties());
            return;
        case v1::TableEvent::kPenaltyRemoved:
            if (auto* seat = player_at(t, event.penalty_removed().player()))
                seat->set_penalties(event.penalty_removed().penalties());
            return;
        case v1::TableEvent::kPolaccoPlayerEliminated:
            if (auto* seat = player_at(t, event.polacco_player_eliminated().player()))
                seat->set_eliminated(true);
            return;
        case v1::TableEvent::kPassed:
            t.set_decision(t.decision() + 1);
            if (auto* seat = player_at(t, event.passed().by())) seat->set_pass_available(false);
            return;
        case v1::TableEvent::kDoubted:
            return t.set_decision(t.decision() + 1);
        case v1::TableEvent::kPolaccoHandEnded:
            t.set_in_hand(false);
            t.set_to_act(-1);
            return t.clear_legal();
        case v1::TableEvent::kPolaccoDecision:
            t.set_decision(event.polacco_decision().decision());
            t.set_to_act(event.polacco_decision().to_act());
            if (event.polacco_decision().has_legal())
                *t.mutable_legal() = event.polacco_decision().legal();
            else
                t.clear_legal();
            return;
        case v1::TableEvent::kSittingOut:
            if (auto* seat = player_at(t, event.sitting_out().player()))
                seat->set_sitting_out(event.sitting_out().sitting_out());
            return;
        case v1::TableEvent::kConnection:
            if (auto* seat = player_at(t, event.connection().player()))
                seat->set_disconnected(!event.connection().connected());
            return;
        default:
            return;  // Judged: what it changes arrives in the events after it
    }
}

}  // namespace

void fold(v1::TableSnapshot& state, const v1::TableEvent& event, DrawReplacement& draw) {
    if (event.has_clock()) {
        *state.mutable_clock() = event.clock();
        return;
    }
    if (state.has_poker()) fold_poker(*state.mutable_poker(), event, draw);
    if (state.has_polacco()) fold_polacco(*state.mutable_polacco(), event);
}

}  // namespace tavolo::client
