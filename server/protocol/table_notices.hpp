#pragma once
// What a table says besides its hand's events: the turn clock (started, or resumed for a player who
// reconnects), a player sitting out or back in, a connection dropped or back (RULES.md §5), chat.
// The hand's events come from engine/view; these come from the table actor's own state.
#include <cstdint>
#include <string>

#include "server/protocol/table_snapshot.hpp"
#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::protocol {

// Who a notice is about: his seat (poker) and his entrant or player id (Polacco has no seats).
struct Someone {
    engine::SeatIndex seat = engine::kNoSeat;  // kNoSeat at a Polacco table
    std::int64_t player = -1;                  // entrant (poker) or player id (Polacco)
};

v1::TableEvent clock_event(const TableAddress& table, std::int64_t hand, const Someone& to_act,
                           const ClockState& clock);
// The clock that runs for a pending decision, put on its PokerDecisionPending or PolaccoDecisionPending
// (`event` unchanged when it is neither).
void attach_clock(v1::TableEvent& event, const ClockState& clock);
v1::TableEvent sitting_out_event(const TableAddress& table, std::int64_t hand, const Someone& who,
                                 bool sitting_out);
v1::TableEvent connection_event(const TableAddress& table, std::int64_t hand, const Someone& who,
                                bool connected);
v1::ChatLine chat_line(const TableAddress& table, const std::string& from, const std::string& text);

}  // namespace tavolo::server::protocol
