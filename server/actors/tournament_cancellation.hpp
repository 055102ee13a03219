#pragma once
// A poker tournament cancelled for a technical reason (RULES.md §7, issue 11 item 3), without Asio:
// the refund plan from the director's state (the floor as at the end of each table's last committed
// hand, the ranking so far, what each entrant paid), each refund split between the prize pool and the
// house, the database work that pays them under "cancel:<registration>" (so running it twice pays
// nothing twice) and the event that tells the players. The director actor (director_actor.cpp)
// sequences it: tables stop and void the hand in play, committed hands are reported, prizes they
// decided are paid, then this plan is computed and paid. A tournament that could not start is
// refunded in full (engine::refund_unstarted) through the same path.
#include <cstdint>
#include <expected>
#include <string>
#include <vector>

#include "engine/tournament/refunds.hpp"
#include "engine/tournament/structure.hpp"
#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"
#include "server/actors/roster.hpp"
#include "tavolo.pb.h"

namespace tavolo::engine {
class TournamentDirector;
}

namespace tavolo::server::actors {

// One entrant's refund as the ledger pays it.
struct CancelRefund {
    engine::EntrantId entrant = engine::kNoEntrant;
    persistence::RegistrationId registration{};
    session::AccountIdValue account = 0;
    engine::Cents amount = 0;      // from_pool + from_house
    engine::Cents from_pool = 0;   // the prize pool's share
    engine::Cents from_house = 0;  // the fees back, and whatever the pool no longer holds
    std::string key;               // "cancel:<registration>"
};

// What a cancellation did, for its caller (tests; the operator API later).
struct CancellationOutcome {
    bool cancelled = false;  // false: `error` says why nothing was paid
    std::string error;
    std::string reason;
    bool started = true;             // false: the tournament never started (refunded in full)
    engine::RefundCase refund_case;  // what the plan was computed from (started tournaments)
    engine::RefundPlan plan;
    std::vector<CancelRefund> refunds;  // in the plan's order
};

// The idempotency key of an entry's cancellation refund (the lobby's below-minimum refunds use the
// same: an entry is refunded once, whoever cancels).
std::string cancel_key(persistence::RegistrationId registration);

// The §7 plan of a running poker tournament, from its director's state; each line split so that the
// prize pool pays out what it still holds (prize parts in, minus the prizes already paid) and the
// house the rest (the remaining players' fees, any guarantee overlay). Refused (with what went wrong)
// when the tournament is over or the engine refuses the case.
std::expected<CancellationOutcome, std::string> plan_cancellation(
    const engine::TournamentDirector& director, const engine::TournamentStructure& structure,
    const Roster& roster);

// The plan's lines as the ledger pays them: each line from the pool while it holds something (beyond
// the line's own fees, which the house gives back), the rest from the house; in the plan's order, so
// the split is the same every time. `paid` gives each entrant's payments; `pool_holds` what the prize
// pool wallet still holds. Refused when a line names an entrant the roster lacks.
std::expected<std::vector<CancelRefund>, std::string> split_refunds(
    const std::vector<engine::RefundLine>& lines, const std::vector<engine::RefundEntrant>& paid,
    engine::Cents pool_holds, const Roster& roster);

// A tournament that never started: every entry back in full, prize part from the pool, fee from the
// house (an entry that paid nothing has no line).
std::expected<CancellationOutcome, std::string> plan_unstarted(const engine::BuyIn& buy_in,
                                                               const Roster& roster);

// Pays every refund (TournamentStore::refund under its key; a replay pays nothing) and marks the
// tournament cancelled. Returns each refunded account's wallet balance after it, in refund order.
persistence::StoreResult<std::vector<engine::Cents>> pay_refunds(persistence::Database& db,
                                                                 persistence::TournamentId tournament,
                                                                 const std::vector<CancelRefund>& refunds);

// The players' news: the reason and every refund.
protocol::v1::TournamentEvent cancelled_event(std::int64_t tournament, const CancellationOutcome& outcome,
                                              const Roster& roster);

}  // namespace tavolo::server::actors
