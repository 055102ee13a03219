#include "server/protocol/polacco_events.hpp"

namespace tavolo::server::protocol {

namespace {

namespace pl = engine::polacco;

void fill(v1::TableEvent& out, const pl::HandStarted& e) {
    v1::PolaccoHandStarted* m = out.mutable_polacco_hand_started();
    m->set_hand(e.hand_number);
    for (const pl::HandSeat& seat : e.seats) {
        v1::PolaccoHandSeat* s = m->add_seats();
        s->set_player(seat.player);
        s->set_penalties(seat.penalties);
        s->set_pass_available(seat.pass_available);
    }
    m->set_first_speaker(e.first_speaker);
}

void fill(v1::TableEvent& out, const pl::DirectionChosen& e) {
    v1::DirectionChosen* m = out.mutable_direction_chosen();
    m->set_by(e.by);
    m->set_direction(direction_of(e.direction));
    m->set_forced(e.forced);
}

void fill(v1::TableEvent& out, const pl::CardDealt& e) {
    v1::PolaccoCardDealt* m = out.mutable_polacco_card_dealt();
    m->set_to(e.to);
    set_seen_card(m->mutable_card(), e.card);
    m->set_visibility(visibility_of(e.visibility));
}

void fill(v1::TableEvent& out, const pl::Declared& e) {
    v1::Declared* m = out.mutable_declared();
    m->set_by(e.by);
    set_punto(m->mutable_punto(), e.punto);
    m->set_by_timeout(e.by_timeout);
}

void fill(v1::TableEvent& out, const pl::Passed& e) {
    v1::Passed* m = out.mutable_passed();
    m->set_by(e.by);
    m->set_next(e.next);
}

void fill(v1::TableEvent& out, const pl::Doubted& e) {
    v1::Doubted* m = out.mutable_doubted();
    m->set_by(e.by);
    m->set_declarer(e.declarer);
    set_punto(m->mutable_punto(), e.punto);
    m->set_by_timeout(e.by_timeout);
}

void fill(v1::TableEvent& out, const pl::CardsRevealed& e) {
    v1::CardsRevealed* m = out.mutable_cards_revealed();
    m->set_player(e.player);
    for (engine::Card c : e.cards)
        m->add_cards(face_of(c));
}

void fill(v1::TableEvent& out, const pl::Judged& e) {
    v1::Judged* m = out.mutable_judged();
    set_punto(m->mutable_punto(), e.punto);
    m->set_present(e.present);
    m->set_penalised(e.penalised);
    m->set_cards_in_play(e.cards_in_play);
}

void fill(v1::TableEvent& out, const pl::PenaltyGiven& e) {
    v1::PenaltyGiven* m = out.mutable_penalty_given();
    m->set_player(e.player);
    m->set_penalties(e.penalties);
}

void fill(v1::TableEvent& out, const pl::PenaltyRemoved& e) {
    v1::PenaltyRemoved* m = out.mutable_penalty_removed();
    m->set_player(e.player);
    m->set_penalties(e.penalties);
}

void fill(v1::TableEvent& out, const pl::PlayerEliminated& e) {
    out.mutable_polacco_player_eliminated()->set_player(e.player);
}

void fill(v1::TableEvent& out, const pl::HandEnded& e) {
    out.mutable_polacco_hand_ended()->set_next_first_speaker(e.next_first_speaker);
}

void fill(v1::TableEvent& out, const engine::view::PolaccoDecisionPending& e) {
    v1::PolaccoDecisionPending* m = out.mutable_polacco_decision();
    m->set_decision(e.decision);
    m->set_to_act(e.to_act);
    if (e.legal) set_legal(m->mutable_legal(), *e.legal);
}

}  // namespace

void set_legal(v1::PolaccoLegalActions* out, const engine::polacco::LegalActions& legal) {
    out->set_decision(legal.decision);
    out->set_player(legal.player);
    out->set_choose_direction(legal.choose_direction);
    out->set_declare(legal.declare);
    if (legal.lowest_declaration) set_punto(out->mutable_lowest_declaration(), *legal.lowest_declaration);
    out->set_doubt(legal.doubt);
    out->set_pass(legal.pass);
}

v1::TableEvent table_event(const engine::view::PolaccoSeen& seen, const TableAddress& table,
                           std::int64_t hand) {
    v1::TableEvent out = addressed_event(table, hand);
    std::visit([&out](const auto& e) { fill(out, e); }, seen);
    return out;
}

}  // namespace tavolo::server::protocol
