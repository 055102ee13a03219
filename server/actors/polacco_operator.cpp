// PolaccoActor's side of the operator API (issue 12), as the poker director's (director_operator.cpp):
// an operator's pause and resume, and the refund preview. Each runs on the actor's strand.
#include <spdlog/spdlog.h>

#include "persistence/tournament_pause.hpp"
#include "server/actors/dealing_gate.hpp"
#include "server/actors/polacco_actor_impl.hpp"
#include "server/actors/polacco_cancellation.hpp"
#include "server/session/session_core.hpp"

namespace tavolo::server::actors {

namespace asio = boost::asio;

void PolaccoActor::Impl::tell_paused(PolaccoTableNumber table, bool paused, const std::string& reason) {
    auto message = table_paused_message(address(table), paused);
    message.mutable_tournament_event()->mutable_table_paused()->set_reason(reason);
    const Frame frame = session::serialise(message);
    for (table::PolaccoPlayer p : at_table(table))
        to_player(p, frame);
}

// Paused: the hand in play at each table is played to its end, the next is not dealt (deal() adds the
// table to `held`). Resumed: every held table deals at once.
void PolaccoActor::Impl::set_paused(bool paused, const std::string& reason) {
    if (paused)
        operator_pause = reason;
    else
        operator_pause.reset();
    for (const auto& [table, l] : links) {
        (void)l;
        tell_paused(table, paused, reason);
    }
    spdlog::info("event={} tournament={} reason=\"{}\"", paused ? "tournament_paused" : "tournament_resumed",
                 id(), reason);
    // Kept with the tournament's row, so a restart resumes it as it is now (polacco_recovery.cpp).
    auto kept = ctx.writes.submit<void>(
        [tournament = start.tournament, saved = operator_pause](persistence::Database& db) {
            return persistence::save_pause(db, tournament, saved);
        },
        [tournament = id(), paused](persistence::StoreResult<void> r) {
            if (!r)
                spdlog::error("event=pause_not_saved tournament={} paused={} error=\"{}\"", tournament,
                              paused, r.error().message);
        },
        executor_on(strand));
    if (!kept)
        spdlog::error("event=pause_not_saved tournament={} paused={} error=\"{}\"", id(), paused,
                      kept.error().message);
    if (paused) return;
    const std::set<PolaccoTableNumber> waiting = std::move(held);
    held.clear();
    for (PolaccoTableNumber t : waiting)
        deal(t);
}

void PolaccoActor::set_paused(bool paused, std::string reason,
                              std::function<void(std::expected<void, std::string>)> done) {
    asio::post(impl_->strand, [impl = impl_, paused, reason = std::move(reason), done = std::move(done)] {
        if (!impl->set_up || !impl->core || impl->core->finished() || impl->closed)
            return done(std::unexpected(std::string("the tournament is not playing (starting or over)")));
        if (impl->cancel_run.cancelling)
            return done(std::unexpected(std::string("the tournament is being cancelled")));
        if (impl->operator_pause.has_value() == paused)
            return done(
                std::unexpected(std::string(paused ? "the tournament is paused already: resume it first"
                                                   : "the tournament is not paused")));
        impl->set_paused(paused, reason);
        done({});
    });
}

void PolaccoActor::preview_cancel(std::function<void(std::expected<CancellationOutcome, std::string>)> done) {
    asio::post(impl_->strand, [impl = impl_, done = std::move(done)] {
        if (impl->cancel_run.cancelling || impl->cancel_run.over)
            return done(std::unexpected(std::string("the tournament is cancelled already")));
        done(impl->set_up && impl->core
                 ? plan_polacco_cancellation(*impl->core, impl->start.declaration, impl->roster)
                 : plan_unstarted(impl->start.declaration.buy_in(), impl->roster));
    });
}

}  // namespace tavolo::server::actors
