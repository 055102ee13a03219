#pragma once
// A poker tournament as a restart gives it back to a DirectorActor (tournament_recovery.hpp): the
// director restored from its last saved decision, each open table resumed from its last committed
// hand (engine/tournament/resume.hpp) with the report the director hears from it first.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/tournament/tournament_director.hpp"
#include "engine/tournament/tournament_table.hpp"
#include "persistence/ids.hpp"
#include "server/lobby/lobby_messages.hpp"

namespace tavolo::server::actors {

struct ResumedTournament {
    lobby::StartTournament start;    // id, declaration, entrants by number (account, registration)
    std::vector<std::string> names;  // by entrant number
    engine::TournamentDirector director;
    std::int64_t saved_seq = 0;  // the director's last save
    struct Table {
        engine::TableId id = 0;
        persistence::TableId row{};
        engine::TournamentTable table;
        engine::TableReport report;
    };
    std::vector<Table> tables;
    std::vector<bool> finish_recorded;  // by entrant: his place is in the database already
    std::optional<std::string> paused;  // an operator's pause in force at the stop: its reason
};

}  // namespace tavolo::server::actors
