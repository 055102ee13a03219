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

enum class SnapshotOrder {
    after_older_hands,  // a hand's snapshot: replaces only snapshots of earlier hands
    with_same_hand,     // seats changed between hands: also replaces the snapshot of the same hand
};

// Writes each table's snapshot unless the table holds a newer one; returns how many were written.
std::size_t write_snapshots(pqxx::work& tx, std::span<const TableSnapshot* const> snapshots,
                            SnapshotOrder order);

}  // namespace tavolo::persistence::detail
