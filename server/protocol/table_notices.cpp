#include "server/protocol/table_notices.hpp"

namespace tavolo::server::protocol {

v1::TableEvent clock_event(const TableAddress& table, std::int64_t hand, const Someone& to_act,
                           const ClockState& clock) {
    v1::TableEvent out = addressed_event(table, hand);
    v1::TurnClock* m = out.mutable_clock();
    m->set_seat(to_act.seat);
    m->set_player(to_act.player);
    m->set_decision(clock.decision);
    m->set_time_left_ms(clock.time_left_ms);
    m->set_time_bank_ms(clock.time_bank_ms);
    return out;
}

void attach_clock(v1::TableEvent& event, const ClockState& clock) {
    v1::TurnClock* m = nullptr;
    if (event.has_poker_decision()) {
        m = event.mutable_poker_decision()->mutable_clock();
        m->set_seat(event.poker_decision().to_act());
        m->set_player(-1);
    } else if (event.has_polacco_decision()) {
        m = event.mutable_polacco_decision()->mutable_clock();
        m->set_seat(-1);
        m->set_player(event.polacco_decision().to_act());
    } else {
        return;
    }
    m->set_decision(clock.decision);
    m->set_time_left_ms(clock.time_left_ms);
    m->set_time_bank_ms(clock.time_bank_ms);
}

v1::TableEvent sitting_out_event(const TableAddress& table, std::int64_t hand, const Someone& who,
                                 bool sitting_out) {
    v1::TableEvent out = addressed_event(table, hand);
    v1::SittingOutChanged* m = out.mutable_sitting_out();
    m->set_seat(who.seat);
    m->set_player(who.player);
    m->set_sitting_out(sitting_out);
    return out;
}

v1::TableEvent connection_event(const TableAddress& table, std::int64_t hand, const Someone& who,
                                bool connected) {
    v1::TableEvent out = addressed_event(table, hand);
    v1::ConnectionChanged* m = out.mutable_connection();
    m->set_seat(who.seat);
    m->set_player(who.player);
    m->set_connected(connected);
    return out;
}

v1::ChatLine chat_line(const TableAddress& table, const std::string& from, const std::string& text) {
    v1::ChatLine out;
    set_table(out.mutable_table(), table);
    out.set_from(from);
    out.set_text(text);
    return out;
}

}  // namespace tavolo::server::protocol
