#pragma once
// Cancelling, at a restart, a tournament that cannot resume (tournament_recovery.hpp), with refunds
// per RULES.md §7. Interim: the engineer "outage" writes the technical cancellation of issue 11 item 3;
// until it is merged this small version refunds here, idempotently (keys "cancel:<registration>"):
//   - when the director's save reads, from its books (the floor at each table's last committed hand,
//     the ranking, the payments) through engine::cancellation_case and plan_refunds;
//   - when nothing was saved (no hand was ever dealt) or the save does not read, every live entry in
//     full (engine::refund_unstarted).
#include <optional>
#include <string>

#include "engine/tournament/tournament_director.hpp"
#include "persistence/database.hpp"
#include "persistence/recovery.hpp"

namespace tavolo::server::actors {

// Refunds and marks the tournament cancelled; returns what went wrong, if anything (logged too).
std::optional<std::string> cancel_at_recovery(persistence::Database& db,
                                              const persistence::RecoveredTournament& t,
                                              const engine::TournamentDirector* director,
                                              const std::string& reason);

}  // namespace tavolo::server::actors
