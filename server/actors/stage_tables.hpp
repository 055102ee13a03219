#pragma once
// Tables a poker director opens after its start (a shoot-out's next stage): their rows in the
// database (TournamentStore::open_table), through the write service. Until a table's row exists its
// messages wait in the director (StageTables), so nothing is dealt at a table that is not recorded.
#include <map>
#include <memory>
#include <vector>

#include "engine/tournament/director_messages.hpp"
#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"
#include "server/actors/tournament_opening.hpp"

namespace tavolo::server::actors {

// Opens a row for each table (numbered as the database numbers them, from 1); the rows in that order.
persistence::StoreResult<std::vector<persistence::TableId>> open_stage_tables(
    persistence::Database& db, persistence::TournamentId tournament, const std::vector<TableToOpen>& tables);

// The director's side: the messages of tables whose rows are being opened, in order.
class StageTables {
  public:
    bool opening(engine::TableId table) const { return waiting_.contains(table); }
    // A table to open: its messages wait from now on.
    void expect(engine::TableId table) { waiting_[table]; }
    void hold(engine::TableId table, std::vector<engine::DirectorMessage> batch);
    // The row is there: what waited for it, in order.
    std::vector<engine::DirectorMessage> opened(engine::TableId table);

  private:
    std::map<engine::TableId, std::vector<engine::DirectorMessage>> waiting_;
};

}  // namespace tavolo::server::actors
