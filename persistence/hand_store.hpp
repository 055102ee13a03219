#pragma once
// Committing hands with their table's snapshot, and reading them back.
#include <optional>
#include <span>
#include <string>

#include "persistence/database.hpp"
#include "persistence/hand_record.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

struct StoredHand {
    std::int64_t id = 0;
    TableId table{};
    std::int64_t hand_number = 0;
    std::string events;
    std::string phh;
    std::string result_json;
};

class HandStore {
  public:
    explicit HandStore(Database& db);

    // Commits every hand and each table's latest snapshot in ONE transaction: all of them or none.
    // A hand already committed (same table and number) is skipped, so a retry after an unknown
    // outcome is safe; an older snapshot never overwrites a newer one.
    StoreResult<void> commit(std::span<const HandRecord> hands);
    StoreResult<void> commit(const HandRecord& hand) { return commit(std::span(&hand, 1)); }

    // Seats changed between hands (the first seating, a player moved to balance tables, a table broken
    // and its players re-seated): the tables' snapshots and the broken tables in ONE transaction, so a
    // restart finds every player where they were moved. A snapshot carries the number of the table's
    // last hand; it replaces that hand's own snapshot (so a hand committed late through the write
    // service never undoes a move made after it) but never a later hand's. not_found when a table is
    // unknown (nothing is saved).
    StoreResult<void> save_snapshots(std::span<const TableSnapshot> snapshots,
                                     std::span<const TableId> broken = {});

    StoreResult<StoredHand> hand(TableId table, std::int64_t hand_number);
    StoreResult<std::int64_t> hand_count(TableId table);
    StoreResult<TableSnapshot> snapshot(TableId table);

  private:
    Database& db_;
};

}  // namespace tavolo::persistence
