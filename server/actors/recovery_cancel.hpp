#pragma once
// Cancelling, at a restart, a tournament that cannot resume (tournament_recovery.hpp), with refunds
// per RULES.md §7 through the technical cancellation's one payer (tournament_cancellation.hpp:
// pay_refunds under "cancel:<registration>", so nothing is ever paid twice):
//   - a poker tournament whose director's save reads: the plan from its books (plan_cancellation);
//   - a running tournament without a readable save (poker), or any running Poker Polacco one (it
//     saves no director: each table's snapshot is its whole state): the plan from the committed
//     table snapshots (stored_cancellation.hpp; Polacco: lives left as chips, places and prizes
//     already paid from the registrations);
//   - anything else (still registering, a declaration no longer configured, a plan the engine
//     refuses): every live entry in full, fee included.
// Database work: runs where the recovery runs, before the listener accepts, never on a strand.
#include <optional>
#include <string>

#include "engine/tournament/tournament_director.hpp"
#include "persistence/database.hpp"
#include "persistence/recovery.hpp"
#include "server/tournament_config.hpp"

namespace tavolo::server::actors {

// Refunds and marks the tournament cancelled; returns what went wrong, if anything (logged too).
std::optional<std::string> cancel_at_recovery(persistence::Database& db,
                                              const persistence::RecoveredTournament& t,
                                              const TournamentDeclaration* declaration,
                                              const engine::TournamentDirector* director,
                                              const std::string& reason);

}  // namespace tavolo::server::actors
