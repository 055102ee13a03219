#include "server/actors/director_actor_impl.hpp"

namespace tavolo::server::actors {

// ---- technical cancellation (tournament_cancellation.hpp) ---------------------------------

// A tournament that cannot start is cancelled with every entry refunded in full.
void DirectorActor::Impl::not_started(const std::string& why) {
    spdlog::error("event=tournament_not_started tournament={} error=\"{}\"", id(), why);
    cancel("the tournament could not start: " + why, {});
}

void DirectorActor::Impl::cancel(std::string reason, std::function<void(const CancellationOutcome&)> waiter) {
    if (cancelled) {
        if (waiter) waiter(*cancelled);
        return;
    }
    if (waiter) cancel_waiters.push_back(std::move(waiter));
    if (cancelling) return;  // one cancellation; the later caller hears its outcome
    cancelling = true;
    cancellation.reason = std::move(reason);
    spdlog::warn("event=tournament_cancelling tournament={} reason=\"{}\"", id(), cancellation.reason);
    tick_timer.cancel();
    tables_not_void = static_cast<int>(tables.size());
    for (const auto& [table, actor] : tables) {
        (void)table;
        actor->void_and_stop([weak = weak_from_this()] {
            if (auto self = weak.lock())
                asio::post(self->strand, [self] {
                    --self->tables_not_void;
                    self->maybe_refund();
                });
        });
    }
    maybe_refund();
}

// Once every table is still and every committed hand's prizes are paid: the plan, then the money.
void DirectorActor::Impl::maybe_refund() {
    if (!cancelling || refunding || cancelled || tables_not_void > 0 || pending_finishes > 0) return;
    refunding = true;
    auto plan = set_up ? plan_cancellation(*director, rules->structure, *roster)
                       : plan_unstarted(start.declaration.buy_in(), *roster);
    if (!plan) {
        cancellation.error = plan.error();
        spdlog::error("event=tournament_not_cancelled tournament={} error=\"{}\"", id(), plan.error());
        return end_cancellation();
    }
    plan->reason = cancellation.reason;
    cancellation = std::move(*plan);
    auto accepted = ctx.writes.submit<std::vector<engine::Cents>>(
        [tournament = start.tournament, refunds = cancellation.refunds](persistence::Database& db) {
            return pay_refunds(db, tournament, refunds);
        },
        [self = shared_from_this()](persistence::StoreResult<std::vector<engine::Cents>> r) {
            self->refunds_paid(r);
        },
        executor_on(strand));
    if (!accepted) refunds_paid(std::unexpected(accepted.error()));
}

void DirectorActor::Impl::refunds_paid(const persistence::StoreResult<std::vector<engine::Cents>>& balances) {
    if (!balances) {
        cancellation.error = "the refunds were not committed: " + balances.error().message +
                             " (cancel it again: the refunds already made are not paid twice)";
        spdlog::error("event=tournament_not_cancelled tournament={} error=\"{}\"", id(), cancellation.error);
        refunding = false;
        cancelling = false;
        return end_cancellation(false);
    }
    cancellation.cancelled = true;
    engine::Cents total = 0;
    for (const CancelRefund& r : cancellation.refunds)
        total += r.amount;
    spdlog::warn("event=tournament_cancelled tournament={} refunds={} total_cents={} reason=\"{}\"", id(),
                 cancellation.refunds.size(), total, cancellation.reason);
    to_entrants(ctx.outbox, *roster, tournament_message(cancelled_event(id(), cancellation, *roster)));
    for (std::size_t i = 0; i < cancellation.refunds.size() && i < balances->size(); ++i) {
        v1::ServerMessage wallet;
        wallet.mutable_wallet()->set_balance_cents((*balances)[i]);
        ctx.outbox.to_account(cancellation.refunds[i].account, session::serialise(wallet));
    }
    if (lobby != nullptr) lobby->tournament_cancelled(start.tournament);
    end_cancellation();
}

// Tells every caller; a tournament that is over (cancelled, or refused because it finished) closes.
void DirectorActor::Impl::end_cancellation(bool final) {
    auto waiters = std::move(cancel_waiters);
    cancel_waiters.clear();
    if (final) cancelled = cancellation;
    for (auto& w : waiters)
        w(cancellation);
    if (final && cancellation.cancelled) close_all();
}

}  // namespace tavolo::server::actors
