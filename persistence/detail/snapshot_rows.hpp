#pragma once
// Table snapshots in rows of tournament_tables (internal), for the hand store and recovery.
#include <pqxx/pqxx>

#include "persistence/table_snapshot.hpp"

namespace tavolo::persistence::detail {

// The seats as the JSON array stored in tournament_tables.seats (read back by kSeatsOfTables).
std::string seats_json(const std::vector<SeatSnapshot>& seats);

// The snapshot's columns of tournament_tables, in the order snapshot_from() reads them.
extern const char* const kSnapshotColumns;  // "hand_number, button_seat, level, engine_state"
// The seats of tournament_tables t, one row each, in the order seat_from() reads them; add a WHERE.
extern const char* const kSeatsOfTables;  // "s.seat, ... FROM tournament_tables t, jsonb_to_recordset(...) "

// The snapshot of `table` without its seats, from kSnapshotColumns starting at column `at` of `row`.
TableSnapshot snapshot_from(const pqxx::row& row, int at, TableId table);
// One seat, from kSeatsOfTables' columns starting at column `at` of `row`.
SeatSnapshot seat_from(const pqxx::row& row, int at);

}  // namespace tavolo::persistence::detail
