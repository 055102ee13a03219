#pragma once
// What the poker director (director_cancel.cpp) and the Polacco actor (polacco_cancel.cpp) share when
// they cancel a tournament for a technical reason (RULES.md §7): the callers waiting for the outcome
// (one cancellation however many ask; a later caller hears the outcome kept), the refunds paid through
// the write service (pay_refunds, under "cancel:<registration>"), and the news once they committed
// (the log line, TournamentCancelled to every entrant, each refunded account its wallet, the lobby).
// No Asio: each actor calls it on its own strand and passes the Executor that posts back to it.
#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "persistence/executor.hpp"
#include "persistence/write_service.hpp"
#include "server/actors/outbox.hpp"
#include "server/actors/roster.hpp"
#include "server/actors/tournament_cancellation.hpp"
#include "server/actors/tournament_links.hpp"

namespace tavolo::server::actors {

using CancellationWaiter = std::function<void(const CancellationOutcome&)>;

struct CancellationRun {
    bool cancelling = false;  // asked; the tables are stopping or the refunds are under way
    bool refunding = false;   // the plan is made and its refunds submitted
    CancellationOutcome outcome;
    std::optional<CancellationOutcome> over;  // kept for later callers (cancelled, or refused for good)
    std::vector<CancellationWaiter> waiters;

    // A caller: true when this call starts the cancellation (the actor then stops its tables); false
    // when one runs already (the caller hears its outcome) or is over (the caller heard it at once).
    bool join(std::string reason, CancellationWaiter waiter);
    // Every waiting caller told; `final` keeps the outcome for later ones, otherwise (refunds not
    // committed) a later call starts again, and the refunds already made are not paid twice.
    void end(bool final);
    // The plan made (every table still, every committed hand's places paid): its refunds as one
    // write-service job (pay_refunds), `paid` through `executor` (through it at once when the write
    // service refuses the job). A refused plan ends the run for good with its error, logged.
    void pay(std::expected<CancellationOutcome, std::string> plan, persistence::WriteService& writes,
             persistence::TournamentId tournament, const persistence::Executor& executor,
             std::function<void(persistence::StoreResult<std::vector<engine::Cents>>)> paid);
    // After pay_refunds answered: the outcome cancelled (or its error), logged; true when paid.
    bool paid(std::int64_t tournament, const persistence::StoreResult<std::vector<engine::Cents>>& balances);
};

// The refunds committed: every entrant told (the reason and every refund), each refunded account its
// wallet's balance, the lobby lists it cancelled.
void announce_cancelled(Outbox& outbox, LobbyNotices* lobby, persistence::TournamentId tournament,
                        const CancellationOutcome& outcome, const Roster& roster,
                        const std::vector<engine::Cents>& balances);

}  // namespace tavolo::server::actors
