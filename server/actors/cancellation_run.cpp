#include "server/actors/cancellation_run.hpp"

#include <spdlog/spdlog.h>

#include "server/actors/tournament_payments.hpp"
#include "server/session/session_core.hpp"

namespace tavolo::server::actors {

bool CancellationRun::join(std::string reason, CancellationWaiter waiter) {
    if (over) {
        if (waiter) waiter(*over);
        return false;
    }
    if (waiter) waiters.push_back(std::move(waiter));
    if (cancelling) return false;  // one cancellation; the later caller hears its outcome
    cancelling = true;
    outcome = CancellationOutcome{};
    outcome.reason = std::move(reason);
    return true;
}

void CancellationRun::end(bool final) {
    auto callers = std::move(waiters);
    waiters.clear();
    if (final) over = outcome;
    if (!final) {
        cancelling = false;
        refunding = false;
    }
    for (auto& w : callers)
        w(outcome);
}

bool CancellationRun::paid(std::int64_t tournament,
                           const persistence::StoreResult<std::vector<engine::Cents>>& balances) {
    if (!balances) {
        outcome.error = "the refunds were not committed: " + balances.error().message +
                        " (cancel it again: the refunds already made are not paid twice)";
        spdlog::error("event=tournament_not_cancelled tournament={} error=\"{}\"", tournament, outcome.error);
        return false;
    }
    outcome.cancelled = true;
    engine::Cents total = 0;
    for (const CancelRefund& r : outcome.refunds)
        total += r.amount;
    spdlog::warn("event=tournament_cancelled tournament={} refunds={} total_cents={} reason=\"{}\"",
                 tournament, outcome.refunds.size(), total, outcome.reason);
    return true;
}

void CancellationRun::pay(std::expected<CancellationOutcome, std::string> plan,
                          persistence::WriteService& writes, persistence::TournamentId tournament,
                          const persistence::Executor& executor,
                          std::function<void(persistence::StoreResult<std::vector<engine::Cents>>)> paid) {
    refunding = true;
    if (!plan) {
        outcome.error = plan.error();
        spdlog::error("event=tournament_not_cancelled tournament={} error=\"{}\"",
                      persistence::raw(tournament), plan.error());
        return end(true);
    }
    plan->reason = std::move(outcome.reason);
    outcome = std::move(*plan);
    auto accepted = writes.submit<std::vector<engine::Cents>>(
        [tournament, refunds = outcome.refunds](persistence::Database& db) {
            return pay_refunds(db, tournament, refunds);
        },
        paid, executor);
    if (!accepted)
        executor.post([paid = std::move(paid), error = accepted.error()] { paid(std::unexpected(error)); });
}

void announce_cancelled(Outbox& outbox, LobbyNotices* lobby, persistence::TournamentId tournament,
                        const CancellationOutcome& outcome, const Roster& roster,
                        const std::vector<engine::Cents>& balances) {
    to_entrants(outbox, roster,
                tournament_message(cancelled_event(persistence::raw(tournament), outcome, roster)));
    for (std::size_t i = 0; i < outcome.refunds.size() && i < balances.size(); ++i) {
        protocol::v1::ServerMessage wallet;
        wallet.mutable_wallet()->set_balance_cents(balances[i]);
        outbox.to_account(outcome.refunds[i].account, session::serialise(wallet));
    }
    if (lobby != nullptr) lobby->tournament_cancelled(tournament);
}

}  // namespace tavolo::server::actors
