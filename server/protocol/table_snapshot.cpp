#include "server/protocol/table_snapshot.hpp"

#include "server/protocol/poker_events.hpp"
#include "server/protocol/polacco_events.hpp"

namespace tavolo::server::protocol {

namespace {

namespace view = engine::view;

const PlayerStatus* status_of(const SnapshotContext& context, std::int64_t id) {
    const auto it = context.players.find(id);
    return it == context.players.end() ? nullptr : &it->second;
}

void fill_seat(v1::PokerSeat* out, const view::PokerSeatView& seat, engine::SeatIndex index,
               const SnapshotContext& context) {
    out->set_seat(index);
    out->set_entrant(seat.entrant);
    if (const PlayerStatus* status =
            seat.entrant == engine::kNoEntrant ? nullptr : status_of(context, seat.entrant)) {
        out->set_name(status->name);
        out->set_sitting_out(status->sitting_out);
        out->set_disconnected(status->disconnected);
    }
    out->set_stack(seat.stack);
    out->set_bet(seat.bet);
    out->set_dealt_in(seat.dealt_in);
    out->set_folded(seat.folded);
    out->set_all_in(seat.all_in);
    out->set_shown(seat.shown);
    out->set_mucked(seat.mucked);
    for (int i = 0; i < seat.card_count && i < engine::kMaxHoleCards; ++i) {
        set_seen_card(out->add_cards(), seat.cards[static_cast<std::size_t>(i)]);
        out->add_face_up(((seat.face_up >> i) & 1U) != 0);
    }
}

void fill_clock(v1::TableSnapshot& out, const SnapshotContext& context, engine::SeatIndex seat,
                std::int64_t player) {
    if (!context.clock) return;
    v1::TurnClock* clock = out.mutable_clock();
    clock->set_seat(seat);
    clock->set_player(player);
    clock->set_decision(context.clock->decision);
    clock->set_time_left_ms(context.clock->time_left_ms);
    clock->set_time_bank_ms(context.clock->time_bank_ms);
}

}  // namespace

v1::TableSnapshot table_snapshot(const view::PokerView& view, const SnapshotContext& context) {
    v1::TableSnapshot out;
    set_table(out.mutable_table(), context.table);
    const bool seated = view.viewer.role == view::Role::Player;
    out.set_your_seat(seated ? view.viewer.who : engine::kNoSeat);
    out.set_your_player(-1);
    out.set_level_ends_at_ms(context.level_ends_at_ms);
    out.set_shuffle_commitment(context.shuffle_commitment);
    v1::PokerTable* table = out.mutable_poker();
    table->set_table_size(view.table_size);
    for (engine::SeatIndex s = 0; s < view.table_size && s < engine::kMaxSeats; ++s)
        fill_seat(table->add_seats(), view.seats[static_cast<std::size_t>(s)], s, context);
    table->set_hand(view.hand_id);
    table->set_in_hand(view.in_hand);
    table->set_game(game_of(view.variant));
    table->set_betting(betting_of(view.betting));
    v1::Stakes* stakes = table->mutable_stakes();
    stakes->set_level(context.level);
    stakes->set_small_blind(view.small_blind);
    stakes->set_big_blind(view.big_blind);
    stakes->set_ante(view.ante);
    stakes->set_ante_mode(ante_mode_of(view.ante_mode));
    table->set_button(view.button);
    table->set_small_blind_seat(view.small_blind_seat);
    table->set_big_blind_seat(view.big_blind_seat);
    table->set_street(view.street);
    for (engine::Card c : view.board)
        table->add_board(face_of(c));
    set_pots(table->mutable_pots(), view.pots);
    table->set_pot_total(view.pot_total);
    table->set_to_act(view.to_act);
    table->set_decision(view.decision);
    if (view.legal) set_legal(table->mutable_legal(), *view.legal);
    if (view.in_hand && view.to_act != engine::kNoSeat) fill_clock(out, context, view.to_act, -1);
    return out;
}

v1::TableSnapshot table_snapshot(const view::PolaccoView& view, const SnapshotContext& context) {
    v1::TableSnapshot out;
    set_table(out.mutable_table(), context.table);
    out.set_your_seat(engine::kNoSeat);
    out.set_your_player(view.viewer.role == view::Role::Player ? view.viewer.who : -1);
    out.set_level_ends_at_ms(context.level_ends_at_ms);
    out.set_shuffle_commitment(context.shuffle_commitment);
    v1::PolaccoTable* table = out.mutable_polacco();
    for (const view::PolaccoSeatView& seat : view.seats) {
        v1::PolaccoSeat* s = table->add_seats();
        s->set_player(seat.player);
        if (const PlayerStatus* status = status_of(context, seat.player)) {
            s->set_name(status->name);
            s->set_sitting_out(status->sitting_out);
            s->set_disconnected(status->disconnected);
        }
        s->set_penalties(seat.penalties);
        s->set_pass_available(seat.pass_available);
        s->set_eliminated(seat.eliminated);
        for (const view::SeenCard& card : seat.cards)
            set_seen_card(s->add_cards(), card);
    }
    table->set_hand(view.hand_number);
    table->set_in_hand(view.in_hand);
    table->set_first_speaker(view.first_speaker);
    if (view.direction) table->set_direction(direction_of(*view.direction));
    if (view.last_punto) set_punto(table->mutable_last_punto(), *view.last_punto);
    table->set_last_declarer(view.last_declarer);
    table->set_to_act(view.to_act);
    table->set_decision(view.decision);
    if (view.legal) set_legal(table->mutable_legal(), *view.legal);
    if (view.in_hand && view.to_act >= 0) fill_clock(out, context, engine::kNoSeat, view.to_act);
    return out;
}

}  // namespace tavolo::server::protocol
