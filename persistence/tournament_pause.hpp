#pragma once
// An operator's pause of a running tournament, kept with its row (migration 0011), so a restart resumes
// it paused (server/actors/tournament_recovery.cpp) until an operator resumes it.
#include <optional>
#include <string>

#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

// Paused with `reason`, or no longer paused (nothing); not_found for an unknown tournament.
StoreResult<void> save_pause(Database& db, TournamentId tournament, const std::optional<std::string>& reason);
// The reason of the pause in force, or nothing.
StoreResult<std::optional<std::string>> saved_pause(Database& db, TournamentId tournament);

}  // namespace tavolo::persistence
