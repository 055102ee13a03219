#pragma once
// Loading for recovery: every unfinished tournament as it stood at its last commits. Hands that
// never committed are simply absent: they are void (RULES.md §7).
#include <optional>
#include <string>
#include <vector>

#include "persistence/database.hpp"
#include "persistence/director_store.hpp"
#include "persistence/table_snapshot.hpp"
#include "persistence/tournament_store.hpp"

namespace tavolo::persistence {

struct RecoveredTable {
    TableId id{};
    int table_number = 0;
    int max_seats = 0;
    TableSnapshot snapshot;  // hand_number 0: no hand committed yet
    // The report the table owed its director for that hand (HandRecord::director_report); empty: none.
    std::string director_report;
};

struct RecoveredTournament {
    Tournament tournament;                    // configuration, state, schedule and clock as last saved
    std::vector<RecoveredTable> tables;       // open tables, by number
    std::vector<Registration> registrations;  // by id
    std::optional<SavedDirector> director;    // a poker tournament's director as last saved, if it saved
};

// Every tournament that is neither finished nor cancelled, by id.
StoreResult<std::vector<RecoveredTournament>> load_unfinished_tournaments(Database& db);
// One tournament the same way (a node taking it over, server/cluster/); nothing when it is over or unknown.
StoreResult<std::optional<RecoveredTournament>> load_unfinished_tournament(Database& db, TournamentId id);
// One open table of an unfinished tournament, as its last committed hand left it (a director's node
// taking a table back from its dead host, server/cluster/table_spread.hpp); nothing when it is not open.
StoreResult<std::optional<RecoveredTable>> load_open_table(Database& db, TableId id);

}  // namespace tavolo::persistence
