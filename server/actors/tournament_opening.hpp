#pragma once
// What the database gives a tournament that starts (poker director or Polacco table alike): the
// entrants' names and its tables' rows. Run on the write service, never on a strand.
#include <memory>
#include <string>
#include <vector>

#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"
#include "server/lobby/lobby_messages.hpp"

namespace tavolo::server::actors {

struct Opened {
    std::vector<std::string> names;            // by entrant, in registration order
    std::vector<persistence::TableId> tables;  // in the order asked
};

struct TableToOpen {
    int number = 1;  // as the database numbers tables, from 1 (the engine and the wire count from 0)
    int seats = 2;
};

// Reads the names of `start`'s entrants and opens a row for each table (TournamentStore::open_table).
persistence::StoreResult<std::shared_ptr<const Opened>> open_tournament(
    persistence::Database& db, const lobby::StartTournament& start, const std::vector<TableToOpen>& tables);

}  // namespace tavolo::server::actors
