#pragma once
// A TableState as versioned text (state_text.hpp), for the engine_state a server saves with each
// table snapshot. Version 1:
//
//     tavolo.table_state version=1
//     table size=9 started=1 hands_played=12 rebuy_window=0
//     button seat=3 entrant=17
//     last_small_blind seat=-1 entrant=-1
//     last_big_blind seat=5 entrant=9
//     seat seat=0 entrant=7 stack=5000 start_chips=5200 sitting_out=0 disconnected=0 excluded_hands=0
//     waiting=0 busted=0
//
// (one `seat` line per occupied seat, ascending; -1 is "none"). The same state always gives the same
// bytes. Decoding checks the form only; Table::restore() checks that the state is one a table can be in.
#include <expected>
#include <string>
#include <string_view>

#include "engine/table/state_text.hpp"
#include "engine/table/table_state.hpp"

namespace tavolo::engine {

inline constexpr std::string_view kTableStateKind = "tavolo.table_state";
inline constexpr int kTableStateVersion = 1;

std::string encode_table_state(const TableState& state);
std::expected<TableState, StateTextError> decode_table_state(std::string_view text);

}  // namespace tavolo::engine
