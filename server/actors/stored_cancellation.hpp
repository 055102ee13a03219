#pragma once
// The technical cancellation of a tournament no director holds in memory (RULES.md §7): one whose
// state cannot be resumed after a restart (issue 11 item 4), cancelled from what the database
// committed. The last committed snapshot of each table gives the remaining players' chips, table and
// seat from the button (a player found at two tables, moved between them, counts where his latest
// snapshot puts him); the registrations give what each entry paid, its place and the prize already
// paid. The plan is engine::plan_refunds on that case; pay_refunds (tournament_cancellation.hpp)
// pays it under "cancel:<registration>", so it never pays an entry twice. Runs on a write-service
// worker (database work, no Asio).
#include <optional>
#include <string>

#include "engine/tournament/payouts.hpp"
#include "engine/tournament/structure.hpp"
#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/recovery.hpp"
#include "persistence/store_error.hpp"
#include "server/actors/tournament_cancellation.hpp"
#include "server/tournament_config.hpp"

namespace tavolo::server::actors {

// The plan from a tournament as loaded for recovery (persistence::load_unfinished_tournaments).
// Entrants are numbered in registration order. A remaining entry that no open table's snapshot
// seats (moved from a broken table, not yet seated by a committed hand) counts with no chips: he is
// paid back what he paid and his equal shares; `outcome.error` names him (the refunds still go).
std::expected<CancellationOutcome, std::string> plan_recovered_cancellation(
    const persistence::RecoveredTournament& stored, const engine::TournamentStructure& structure,
    const std::optional<engine::PayoutTable>& payout_table);

// The same for any declaration: poker as above; Poker Polacco with "chips" = lives left (the
// snapshot's stacks: 6 - cards held) and "seat from the button" counted from the table's next first
// speaker, as the live plan (polacco_cancellation.hpp) counts them, so both give the same refunds.
// A Polacco entry no snapshot seats was eliminated by a committed hand whose place had not committed:
// it is placed in the places no registration holds (several share those places' prizes equally).
std::expected<CancellationOutcome, std::string> plan_recovered_cancellation(
    const persistence::RecoveredTournament& stored, const TournamentDeclaration& declaration);

// The plan from the database. Entrants are numbered in registration order (as the director numbers
// them). `payout_table`: the declaration's, none for the engine's default for the field. An entry
// already paid back counts as it paid, and its line replays as nothing (its key).
persistence::StoreResult<CancellationOutcome> plan_stored_cancellation(
    persistence::Database& db, persistence::TournamentId tournament,
    const engine::TournamentStructure& structure, const std::optional<engine::PayoutTable>& payout_table);

// The plan, then every refund paid and the tournament marked cancelled; `reason` goes in the outcome
// (the caller logs it and tells whoever must know).
persistence::StoreResult<CancellationOutcome> cancel_stored_tournament(
    persistence::Database& db, persistence::TournamentId tournament,
    const engine::TournamentStructure& structure, const std::optional<engine::PayoutTable>& payout_table,
    std::string reason);

}  // namespace tavolo::server::actors
