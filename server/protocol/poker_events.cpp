#include "server/protocol/poker_events.hpp"

#include <type_traits>

namespace tavolo::server::protocol {

namespace {

using namespace engine;  // the event records share their names with the messages: qualify v1::

void add_seats(google::protobuf::RepeatedField<std::int32_t>* out, SeatMask seats) {
    for (SeatIndex s = 0; s < kMaxSeats; ++s)
        if (has_seat(seats, s)) out->Add(s);
}

void fill(v1::TableEvent& out, const HandStarted& e) {
    v1::HandStarted* m = out.mutable_hand_started();
    m->set_hand(e.hand_id);
    m->set_game(game_of(e.variant));
    m->set_betting(betting_of(e.betting));
    v1::Stakes* stakes = m->mutable_stakes();
    stakes->set_small_blind(e.small_blind_amount);
    stakes->set_big_blind(e.big_blind_amount);
    stakes->set_ante(e.ante);
    stakes->set_ante_mode(ante_mode_of(e.ante_mode));
    m->set_table_size(e.table_size);
    m->set_button(e.button);
    m->set_small_blind_seat(e.small_blind);
    m->set_big_blind_seat(e.big_blind);
    add_seats(m->mutable_seats(), e.seats);
    for (int s = 0; s < e.table_size && s < kMaxSeats; ++s)
        m->add_stacks(e.stacks[static_cast<std::size_t>(s)]);
}

void fill(v1::TableEvent& out, const AntePosted& e) {
    v1::AntePosted* m = out.mutable_ante_posted();
    m->set_seat(e.seat);
    m->set_amount(e.amount);
    m->set_all_in(e.all_in);
}

void fill(v1::TableEvent& out, const BlindPosted& e) {
    v1::BlindPosted* m = out.mutable_blind_posted();
    m->set_seat(e.seat);
    m->set_kind(blind_kind_of(e.kind));
    m->set_amount(e.amount);
    m->set_all_in(e.all_in);
}

void fill(v1::TableEvent& out, const view::SeenCardDealt& e) {
    v1::CardDealt* m = out.mutable_card_dealt();
    m->set_target(card_target_of(e.target));
    m->set_seat(e.seat);
    set_seen_card(m->mutable_card(), e.card);
    m->set_visibility(visibility_of(e.visibility));
    m->set_street(e.street);
}

void fill(v1::TableEvent& out, const StreetDealt& e) {
    out.mutable_street_dealt()->set_street(e.street);
}

void fill(v1::TableEvent& out, const BettingRoundStarted& e) {
    v1::BettingRoundStarted* m = out.mutable_betting_round_started();
    m->set_street(e.street);
    m->set_first_to_act(e.first_to_act);
    m->set_bet_unit(e.bet_unit);
}

void fill(v1::TableEvent& out, const DrawStarted& e) {
    out.mutable_draw_started()->set_street(e.street);
}

void fill(v1::TableEvent& out, const Acted& e) {
    v1::Acted* m = out.mutable_acted();
    m->set_seat(e.seat);
    m->set_action(action_kind_of(e.action));
    m->set_added(e.added);
    m->set_total_bet(e.total_bet);
    m->set_all_in(e.all_in);
    m->set_automatic(e.automatic);
}

void fill(v1::TableEvent& out, const view::SeenDiscarded& e) {
    v1::Discarded* m = out.mutable_discarded();
    m->set_seat(e.seat);
    for (int i = 0; i < e.count && i < kMaxHoleCards; ++i)
        set_seen_card(m->add_cards(), e.cards[static_cast<std::size_t>(i)]);
    m->set_visibility(visibility_of(e.visibility));
    m->set_automatic(e.automatic);
}

void fill(v1::TableEvent& out, const DeckReshuffled& e) {
    out.mutable_deck_reshuffled()->set_cards(e.cards);
}

void fill(v1::TableEvent& out, const UncalledReturned& e) {
    v1::UncalledReturned* m = out.mutable_uncalled_returned();
    m->set_seat(e.seat);
    m->set_amount(e.amount);
}

void fill(v1::TableEvent& out, const PotsFormed& e) {
    v1::PotsFormed* m = out.mutable_pots_formed();
    m->set_street(e.street);
    m->set_collected(e.collected);
    const int count = e.count < kMaxPots ? e.count : kMaxPots;
    set_pots(m->mutable_pots(), std::span(e.pots).first(static_cast<std::size_t>(count < 0 ? 0 : count)));
}

void fill(v1::TableEvent& out, const CardsShown& e) {
    v1::CardsShown* m = out.mutable_cards_shown();
    m->set_seat(e.seat);
    for (int i = 0; i < e.count && i < kMaxHoleCards; ++i)
        m->add_cards(face_of(e.cards[static_cast<std::size_t>(i)]));
    m->set_all_in_exposure(e.all_in_exposure);
}

void fill(v1::TableEvent& out, const Mucked& e) {
    out.mutable_mucked()->set_seat(e.seat);
}

void fill(v1::TableEvent& out, const PotAwarded& e) {
    v1::PotAwarded* m = out.mutable_pot_awarded();
    m->set_pot_index(e.pot_index);
    m->set_amount(e.amount);
    for (int i = 0; i < e.winners && i < kMaxSeats; ++i) {
        m->add_seats(e.seats[static_cast<std::size_t>(i)]);
        m->add_shares(e.shares[static_cast<std::size_t>(i)]);
    }
    m->set_showdown(e.showdown);
    m->set_hand_category(hand_category_of(e.value, e.showdown));
}

void fill(v1::TableEvent& out, const HandEnded& e) {
    v1::HandEnded* m = out.mutable_hand_ended();
    add_seats(m->mutable_seats(), e.seats);
    // Indexed by seat up to the highest seat dealt in (the event does not carry the table size).
    int last = -1;
    for (SeatIndex s = 0; s < kMaxSeats; ++s)
        if (has_seat(e.seats, s)) last = s;
    for (int s = 0; s <= last; ++s)
        m->add_stacks(e.stacks[static_cast<std::size_t>(s)]);
    m->set_showdown(e.showdown);
}

void fill(v1::TableEvent& out, const view::PokerDecisionPending& e) {
    v1::PokerDecisionPending* m = out.mutable_poker_decision();
    m->set_decision(e.decision);
    m->set_to_act(e.to_act);
    if (e.legal) set_legal(m->mutable_legal(), *e.legal);
}

}  // namespace

void set_legal(v1::PokerLegalActions* out, const engine::LegalActions& legal) {
    out->set_decision(legal.decision);
    out->set_seat(legal.seat);
    out->set_betting(legal.betting);
    out->set_drawing(legal.drawing);
    out->set_may_fold(legal.may_fold);
    out->set_may_check(legal.may_check);
    out->set_may_call(legal.may_call);
    out->set_call_amount(legal.call_amount);
    out->set_may_bet_or_raise(legal.may_bet_or_raise);
    out->set_is_raise(legal.is_raise);
    out->set_min_to(legal.min_to);
    out->set_max_to(legal.max_to);
    out->set_all_in_to(legal.all_in_to);
    out->set_max_discards(legal.max_discards);
}

void set_pots(google::protobuf::RepeatedPtrField<v1::PotInfo>* out, std::span<const engine::Pot> pots) {
    for (const engine::Pot& pot : pots) {
        v1::PotInfo* m = out->Add();
        m->set_amount(pot.amount);
        add_seats(m->mutable_eligible(), pot.eligible);
    }
}

v1::TableEvent table_event(const engine::view::PokerSeen& seen, const TableAddress& table,
                           engine::HandId hand) {
    v1::TableEvent out = addressed_event(table, hand);
    std::visit([&out](const auto& e) { fill(out, e); }, seen);
    return out;
}

}  // namespace tavolo::server::protocol
