#pragma once
// A running Poker Polacco tournament at a restart (tournament_recovery.hpp): read back from its open
// tables and its registrations, restored by the engine (engine/polacco/tournament_restore.hpp), or
// the reason it cannot resume (the caller cancels it with refunds and logs the reason).
//   - The entrants are the registrations still in play or placed, in registration order (the start's
//     order); every seated player's registration must be the one of his entrant number.
//   - The tables are the open rows with seats, each as of its last committed hand (a hand in flight
//     is void, RULES.md §7); their draw follows from their numbers (the wire numbers + 1). Open rows
//     with no seat and no hand are those of a redraw whose seats never committed.
//   - When every table waits at three (the hand that made the last one wait committed, the redraw
//     did not), the engine draws the new tables now and they are written here, before anything
//     deals: the rows left unseated are reused (same numbers), the others opened, the old broken.
#include <expected>
#include <memory>
#include <string>

#include "engine/random.hpp"
#include "persistence/database.hpp"
#include "persistence/recovery.hpp"
#include "server/actors/resumed_polacco.hpp"
#include "server/tournament_config.hpp"

namespace tavolo::server::actors {

std::expected<std::shared_ptr<ResumedPolacco>, std::string> prepare_polacco(
    persistence::Database& db, const persistence::RecoveredTournament& rt,
    const TournamentDeclaration& declaration, engine::RandomSource& rng);

}  // namespace tavolo::server::actors
