// PolaccoActor after a restart (polacco_actor_impl.hpp): the tournament restored by
// polacco_recovery.cpp takes up its tables' rows, the seat book seats every player again (a client
// reconnecting with its resume token finds his table), the places decided before the restart and not
// committed are told and paid (those committed are not: the keys are idempotent anyway), and every
// table deals its next hand; a tournament already won finishes.
#include <spdlog/spdlog.h>

#include "persistence/tournament_store.hpp"
#include "server/actors/polacco_actor_impl.hpp"
#include "server/actors/resumed_polacco.hpp"
#include "server/actors/tournament_payments.hpp"
#include "server/protocol/tournament_events.hpp"

namespace tavolo::server::actors {

namespace asio = boost::asio;
namespace polacco = engine::polacco;
using table::PolaccoPlayer;

PolaccoActor::PolaccoActor(ActorContext context, TableRegistry& registry, LobbyNotices* lobby,
                           PolaccoOptions options, std::shared_ptr<ResumedPolacco> resumed,
                           std::function<void()> done)
    : impl_(std::make_shared<Impl>(context, registry, lobby, options, resumed->start, std::move(done))) {
    impl_->resumed = std::move(resumed);
    asio::post(impl_->strand, [impl = impl_] { impl->resume(); });
}

void PolaccoActor::Impl::resume() {
    const auto* rules = std::get_if<PolaccoTournament>(&start.declaration.rules);
    if (rules == nullptr) return;  // prepare_polacco checked it
    for (std::size_t i = 0; i < start.entrants.size(); ++i)
        roster.entrants.push_back({persistence::raw(start.entrants[i].account),
                                   start.entrants[i].registration, resumed->names.at(i)});
    seats = rules->seats;
    core.emplace(table::PolaccoCore::resume(std::move(resumed->tournament), rng));
    set_up = true;  // started before the restart: a cancellation refunds per RULES.md §7, not in full
    operator_pause = resumed->paused;  // paused by an operator before the stop: no table deals
    const std::vector<PolaccoTableNumber> tables = core->tables();
    add_tables(tables);
    persistence::TableId any_row{};
    for (PolaccoTableNumber t : tables) {
        PolaccoTableLinks& l = *links.at(t);
        const polacco::Table* engine_table = core->table(t);
        const auto row = engine_table ? resumed->rows.find(engine_table->id()) : resumed->rows.end();
        if (row == resumed->rows.end()) {
            spdlog::error("event=polacco_not_resumed tournament={} table={} error=\"the table has no row\"",
                          id(), t);
            return;
        }
        l.stored = row->second;
        l.dealing = true;
        any_row = l.stored;
        for (PolaccoPlayer p : at_table(t))
            ctx.seats.seat(roster.entrants.at(static_cast<std::size_t>(p)).account, address(t));
    }
    spdlog::info("event=polacco_resumed tournament={} tables={} remaining={} placed={} final_table={}", id(),
                 tables.size(), core->tournament().remaining(), core->tournament().standings().size(),
                 core->tournament().final_table());
    // The places decided before the restart whose finish did not commit, in the order decided.
    const auto& standings = core->tournament().standings();
    for (; standings_paid < standings.size(); ++standings_paid) {
        const polacco::Standing& s = standings[standings_paid];
        if (resumed->finish_recorded.at(static_cast<std::size_t>(s.player))) continue;
        const RosterEntry& e = roster.entrants.at(static_cast<std::size_t>(s.player));
        if (s.place != 1)
            to_entrants(ctx.outbox, roster,
                        tournament_message(protocol::eliminated(
                            id(), engine::Placing{static_cast<engine::EntrantId>(s.player), s.place, 1},
                            e.name, s.prize)));
        ++pending_finishes;
        pay_place(ctx, any_row, id(), e, s.place, s.prize, executor_on(strand),
                  [self = shared_from_this()](bool) {
                      --self->pending_finishes;
                      self->maybe_finish();
                      self->maybe_quiet();
                  });
    }
    for (PolaccoTableNumber t : tables)
        carry_out(t, core->open_table(t));
    if (core->finished()) return maybe_finish();
    for (PolaccoTableNumber t : tables)
        deal(t);
}

}  // namespace tavolo::server::actors
