#pragma once
// A restart and re-buys (RULES.md §6, §7): a purchase is paid before its table adds the chips, and
// travels to the director with the report of the hand after which it was made. A crash between the
// payment and that hand's record leaves it paid and never played (the hand is void, chips as at its
// start), so the restored tournament pays it back: whatever an entry paid for beyond what the
// director counted and the tables still owe it.
#include <string>

#include "persistence/recovery.hpp"
#include "server/actors/resumed_tournament.hpp"

namespace tavolo::server::actors {

// Pays back every such purchase (TournamentStore::pay_back_purchase, keyed by the director's save,
// so a second restart from the same save pays nothing twice). Returns how many; failures are logged.
int pay_back_unplayed_purchases(persistence::Database& db, const persistence::RecoveredTournament& stored,
                                const ResumedTournament& resumed, const engine::RebuyRules& rules);

}  // namespace tavolo::server::actors
