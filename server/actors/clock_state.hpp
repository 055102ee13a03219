#pragma once
// A table's clock (server/table) as the protocol carries it: the time left before the time bank
// (the action clock with its final warning) and the bank (RULES.md §5).
#include "server/protocol/table_snapshot.hpp"
#include "server/table/table_effects.hpp"

namespace tavolo::server {

inline protocol::ClockState clock_state(const table::ClockView& clock) {
    return protocol::ClockState{clock.decision, (clock.base_left + clock.warning_left).count(),
                                clock.bank_left.count()};
}

}  // namespace tavolo::server
