#include "server/actors/director_actor_impl.hpp"

namespace tavolo::server::actors {

// ---- technical cancellation (tournament_cancellation.hpp, cancellation_run.hpp) -----------

// A tournament that cannot start is cancelled with every entry refunded in full.
void DirectorActor::Impl::not_started(const std::string& why) {
    spdlog::error("event=tournament_not_started tournament={} error=\"{}\"", id(), why);
    cancel("the tournament could not start: " + why, {});
}

void DirectorActor::Impl::cancel(std::string reason, std::function<void(const CancellationOutcome&)> waiter) {
    if (!cancel_run.join(std::move(reason), std::move(waiter))) return;
    spdlog::warn("event=tournament_cancelling tournament={} reason=\"{}\"", id(), cancel_run.outcome.reason);
    tick_timer.cancel();
    for (const auto& [table, actor] : tables) {
        (void)actor;
        void_table(table);
    }
    maybe_refund();
}

void DirectorActor::Impl::void_table(engine::TableId table) {
    tables_not_void.insert(table);
    tables.at(table)->void_and_stop([weak = weak_from_this(), table] {
        if (auto self = weak.lock())
            asio::post(self->strand, [self, table] {
                self->tables_not_void.erase(table);
                self->maybe_refund();
            });
    });
}

// Once every table is still and every committed hand's prizes are paid: the plan, then the money.
void DirectorActor::Impl::maybe_refund() {
    if (!cancel_run.cancelling || cancel_run.refunding || cancel_run.over || !tables_not_void.empty() ||
        pending_finishes > 0)
        return;
    cancel_run.pay(set_up ? plan_cancellation(*director, rules->structure, *roster)
                          : plan_unstarted(start.declaration.buy_in(), *roster),
                   ctx.writes, start.tournament, executor_on(strand),
                   [self = shared_from_this()](persistence::StoreResult<std::vector<engine::Cents>> r) {
                       self->refunds_paid(r);
                   });
}

void DirectorActor::Impl::refunds_paid(const persistence::StoreResult<std::vector<engine::Cents>>& balances) {
    if (!cancel_run.paid(id(), balances)) return end_cancellation(false);
    announce_cancelled(ctx.outbox, lobby, start.tournament, cancel_run.outcome, *roster, *balances);
    end_cancellation(true);
}

// Tells every caller; a tournament that is over (cancelled, or refused because it finished) closes.
void DirectorActor::Impl::end_cancellation(bool final) {
    cancel_run.end(final);
    if (final && cancel_run.outcome.cancelled) close_all();
}

}  // namespace tavolo::server::actors
