// PolaccoActor's technical cancellation (polacco_actor_impl.hpp), shaped as the poker director's
// (director_cancel.cpp) and sharing its pieces (cancellation_run.hpp): the hand in play is void at
// every table, the hands finished before and the places they decided commit, then the §7 plan from
// the core (polacco_cancellation.hpp) is paid and told.
#include <spdlog/spdlog.h>

#include "server/actors/polacco_actor_impl.hpp"
#include "server/actors/polacco_cancellation.hpp"

namespace tavolo::server::actors {

namespace asio = boost::asio;

// A tournament that cannot start (or cannot open the tables of its next draw) is cancelled: in full
// when nobody played yet, per §7 from the tables as they stand otherwise.
void PolaccoActor::Impl::cannot_go_on(const std::string& why) {
    spdlog::error("event={} tournament={} error=\"{}\"",
                  set_up ? "tournament_stuck" : "tournament_not_started", id(), why);
    cancel((set_up ? "the tournament could not go on: " : "the tournament could not start: ") + why, {});
}

void PolaccoActor::Impl::cancel(std::string reason, CancellationWaiter waiter) {
    if (!cancel_run.join(std::move(reason), std::move(waiter))) return;
    spdlog::warn("event=tournament_cancelling tournament={} reason=\"{}\"", id(), cancel_run.outcome.reason);
    // The hand in play at each table is void: its clock stops and no action reaches it (handle()), so
    // it never finishes; nothing more is dealt (deal()).
    for (auto& [table, l] : links) {
        (void)table;
        l->clock_timer.cancel();
        l->pause_timer.cancel();
    }
    maybe_refund();
}

// Once every finished hand, every place it decided and every draw's rows are committed: the plan from
// the core (each table as at the end of its last completed hand), then the money.
void PolaccoActor::Impl::maybe_refund() {
    if (!cancel_run.cancelling || cancel_run.refunding || cancel_run.over || pending_commits > 0 ||
        pending_finishes > 0 || pending_opens > 0)
        return;
    cancel_run.pay(set_up && core ? plan_polacco_cancellation(*core, start.declaration, roster)
                                  : plan_unstarted(start.declaration.buy_in(), roster),
                   ctx.writes, start.tournament, executor_on(strand),
                   [self = shared_from_this()](persistence::StoreResult<std::vector<engine::Cents>> r) {
                       self->refunds_paid(r);
                   });
}

void PolaccoActor::Impl::refunds_paid(const persistence::StoreResult<std::vector<engine::Cents>>& balances) {
    if (!cancel_run.paid(id(), balances)) return cancel_run.end(false);
    announce_cancelled(ctx.outbox, lobby, start.tournament, cancel_run.outcome, roster, *balances);
    cancel_run.end(true);
    close();
}

void PolaccoActor::cancel(std::string reason, std::function<void(const CancellationOutcome&)> done) {
    asio::post(impl_->strand, [impl = impl_, reason = std::move(reason), done = std::move(done)]() mutable {
        impl->cancel(std::move(reason), std::move(done));
    });
}

}  // namespace tavolo::server::actors
