#pragma once
// Committing hands inside a caller's transaction (internal).
#include <pqxx/pqxx>
#include <span>

#include "persistence/hand_record.hpp"
#include "persistence/table_snapshot.hpp"

namespace tavolo::persistence::detail {

// Inserts the hands (skipping ones already there) and writes each table's newest snapshot. Throws
// on a database error, which aborts the caller's transaction: neither hands nor snapshots remain.
void commit_hands(pqxx::work& tx, std::span<const HandRecord> hands);

// Reads the seats JSON of tournament_tables through PostgreSQL itself.
TableSnapshot read_snapshot(pqxx::work& tx, TableId table);

}  // namespace tavolo::persistence::detail
