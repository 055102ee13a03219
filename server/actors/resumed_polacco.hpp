#pragma once
// A Poker Polacco tournament as a restart gives it back to a PolaccoActor (polacco_recovery.hpp): the
// engine's tournament restored from the stored tables and registrations
// (engine/polacco/tournament_restore.hpp), the database row of each of its tables, and which
// entrants' places are committed already (they are not told or paid again).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/polacco/tournament.hpp"
#include "persistence/ids.hpp"
#include "server/lobby/lobby_messages.hpp"

namespace tavolo::server::actors {

struct ResumedPolacco {
    lobby::StartTournament start;    // id, declaration, entrants by number (account, registration)
    std::vector<std::string> names;  // by entrant number
    engine::polacco::Tournament tournament;
    std::map<engine::polacco::TableId, persistence::TableId> rows;  // each open table's row
    std::vector<bool> finish_recorded;  // by entrant: his place is in the database already
    std::optional<std::string> paused;  // an operator's pause in force at the stop: its reason
};

}  // namespace tavolo::server::actors
