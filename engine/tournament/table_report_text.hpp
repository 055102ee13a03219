#pragma once
// A TableReport as versioned text (state_text.hpp): the report a table owes its director for the
// hand it just committed, saved with that hand so that a restart can give it to the director again
// when the director's answer never committed (server/actors/README.md, persistence "The durability
// point"). Version 1:
//
//     tavolo.table_report version=1
//     report table=3 size=9 in_hand=0 finished_hand=118 hands_played=14 button=2 big_blind_after=4
//     next_big_blind=5 big_blind_soonest=6 seat_changes_applied=7
//     player seat=0 entrant=7 stack=5000 sitting_out=0 disconnected=0 excluded_hands=0 waiting=0 busted=0
//     empty seat=1
//     eliminated entrant=9 seat=3 start_chips=1200 seat_from_button=1
//     bought entrant=7 seat=0 kind=0 chips=1500            (kind 0: re-buy, 1: add-on)
//     disqualified entrant=4 seat=8 chips_removed=300
//
// (one line each, in the report's order; `report` once, first). The same report gives the same bytes.
#include <expected>
#include <string>
#include <string_view>

#include "engine/table/state_text.hpp"
#include "engine/tournament/director_messages.hpp"

namespace tavolo::engine {

inline constexpr std::string_view kTableReportKind = "tavolo.table_report";
inline constexpr int kTableReportVersion = 1;

std::string encode_table_report(const TableReport& report);
std::expected<TableReport, StateTextError> decode_table_report(std::string_view text);

}  // namespace tavolo::engine
