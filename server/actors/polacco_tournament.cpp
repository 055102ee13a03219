// PolaccoActor's duties toward the tournament as a whole (polacco_actor_impl.hpp): places and prizes
// as they fall, recompositions, the results and the closing.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/actors/polacco_actor_impl.hpp"
#include "server/actors/tournament_payments.hpp"
#include "server/protocol/tournament_events.hpp"
#include "server/session/session_core.hpp"

namespace tavolo::server::actors {

namespace v1 = protocol::v1;
namespace polacco = engine::polacco;

namespace {

// RULES.md §9 / POLACCO §4.2: every table closed and the player was drawn to a new one.
v1::TournamentEvent moved(std::int64_t tournament, const table::PolaccoMove& move) {
    v1::TournamentEvent out;
    out.set_tournament_id(tournament);
    v1::MovedTable* m = out.mutable_moved();
    m->set_entrant(move.player);
    if (move.from >= 0) protocol::set_table(m->mutable_from(), {tournament, move.from});
    protocol::set_table(m->mutable_to(), {tournament, move.to});
    m->set_seat(move.seat);
    m->set_breaking(true);  // a recomposition closes every table
    return out;
}

// POLACCO §4.1: the table is down to three and waits for the others.
v1::TournamentEvent waiting(std::int64_t tournament, PolaccoTableNumber table, int players,
                            const polacco::Tournament& t) {
    v1::TournamentEvent out;
    out.set_tournament_id(tournament);
    v1::TableWaiting* w = out.mutable_waiting();
    protocol::set_table(w->mutable_table(), {tournament, table});
    w->set_players(players);
    w->set_tables_waiting(t.paused_tables());
    w->set_tables(static_cast<int>(t.tables().size()));
    return out;
}

}  // namespace

// A table that pauses at three (the news of its hand, with no redraw after it) tells its players and
// observers why no hand comes.
void PolaccoActor::Impl::tell_waiting(PolaccoTableNumber table, const table::PolaccoTournamentNews& n) {
    for (const polacco::TournamentEvent& e : n.events)
        if (const auto* paused = std::get_if<polacco::TablePaused>(&e))
            to_everyone(table, session::serialise(tournament_message(
                                   waiting(id(), table, paused->players, core->tournament()))));
}

// Every place decided by the hand just played at `table`: told to everyone, recorded and paid after
// that hand (the table's write order), the wallet's balance to the player.
void PolaccoActor::Impl::pay_new_places(PolaccoTableNumber table) {
    const PolaccoTableLinks* l = links_of(table);
    if (l == nullptr) return;
    const persistence::TableId row = l->stored;
    const auto& standings = core->tournament().standings();
    for (; standings_paid < standings.size(); ++standings_paid) {
        const polacco::Standing& s = standings[standings_paid];
        const RosterEntry& e = roster.entrants.at(static_cast<std::size_t>(s.player));
        if (s.place != 1) {
            to_entrants(ctx.outbox, roster,
                        tournament_message(protocol::eliminated(
                            id(), engine::Placing{static_cast<engine::EntrantId>(s.player), s.place, 1},
                            e.name, s.prize)));
            ctx.seats.unseat(e.account, address(table));
        }
        ++pending_finishes;
        pay_place(ctx, row, id(), e, s.place, s.prize, executor_on(strand),
                  [self = shared_from_this()](bool) {
                      --self->pending_finishes;
                      self->maybe_finish();
                      self->maybe_quiet();
                      self->maybe_refund();
                  });
    }
}

// The hand at `last` paused the last table: the core closed them all and drew new ones. The old
// tables are broken in the database after their last hand, leave the registry and the seat book; the
// new ones take their place, each player is told his move and gets his new table's snapshot at once
// (before its row is committed: a client follows it from there), and they deal once their rows are.
void PolaccoActor::Impl::redraw(PolaccoTableNumber last, const table::PolaccoTablesDrawn& drawn) {
    spdlog::debug(
        "event=polacco_redraw tournament={} draw={} tables={} players={} final_table={} after_table={}", id(),
        drawn.draw, drawn.tables.size(), drawn.moves.size(), drawn.final_table, last);
    const PolaccoTableLinks* closing = links_of(last);
    const persistence::TableId after = closing ? closing->stored : persistence::TableId{};
    std::vector<persistence::TableId> broken;
    std::vector<PolaccoTableNumber> old;
    for (const auto& [t, links_of_t] : links)
        if (std::ranges::find(drawn.tables, t) == drawn.tables.end()) old.push_back(t);
    for (PolaccoTableNumber t : old) {
        broken.push_back(links.at(t)->stored);
        registry.remove(address(t));
        links.erase(t);  // its timers are cancelled: nothing more happens there
    }
    add_tables(drawn.tables);
    for (const table::PolaccoMove& m : drawn.moves) {
        const RosterEntry* e = roster.find(m.player);
        if (e == nullptr) continue;
        if (m.from >= 0) ctx.seats.unseat(e->account, address(m.from));
        ctx.seats.seat(e->account, address(m.to));
        ctx.outbox.to_account(e->account, session::serialise(tournament_message(moved(id(), m))));
    }
    for (PolaccoTableNumber t : drawn.tables)
        carry_out(t, core->open_table(t));
    // The new rows, their seats and the old tables broken, after the hand that closed them (the names
    // are read already).
    ++pending_opens;
    auto accepted = ctx.writes.submit<std::shared_ptr<const Opened>>(
        after,
        [tables = lobby::StartTournament{start.tournament, start.declaration, {}},
         rows = drawn_rows(drawn.tables), broken, owners = owners()](persistence::Database& db) {
            return seat_drawn_tables(db, tables, rows, broken, owners);
        },
        [self = shared_from_this(),
         new_tables = drawn.tables](persistence::StoreResult<std::shared_ptr<const Opened>> r) {
            --self->pending_opens;
            self->rows_opened(new_tables, r);
        },
        executor_on(strand));
    if (!accepted) {
        --pending_opens;
        spdlog::error("event=tables_not_opened tournament={} draw={} error=\"{}\"", id(), drawn.draw,
                      accepted.error().message);
        cannot_go_on("the tables of draw " + std::to_string(drawn.draw) +
                     " could not be opened: " + accepted.error().message);
    }
}

// Each table's database row and its seats as drawn.
std::vector<DrawnTable> PolaccoActor::Impl::drawn_rows(const std::vector<PolaccoTableNumber>& tables) const {
    std::vector<DrawnTable> rows;
    for (PolaccoTableNumber t : tables) {
        DrawnTable row{{t + 1, seats}, {}};
        if (const polacco::Table* drawn = core->table(t))
            if (auto state = drawn->snapshot()) row.state = std::move(*state);
        rows.push_back(std::move(row));
    }
    return rows;
}

std::map<std::int64_t, persistence::SeatOwner> PolaccoActor::Impl::owners() const {
    std::map<std::int64_t, persistence::SeatOwner> out;
    for (std::size_t i = 0; i < roster.entrants.size(); ++i)
        out[static_cast<std::int64_t>(i)] = {roster.entrants[i].registration,
                                             persistence::AccountId{roster.entrants[i].account}};
    return out;
}

// The tables' rows are committed: their hands can be recorded, so they deal.
void PolaccoActor::Impl::rows_opened(const std::vector<PolaccoTableNumber>& tables,
                                     const persistence::StoreResult<std::shared_ptr<const Opened>>& r) {
    if (!r) {
        spdlog::error("event=tables_not_opened tournament={} error=\"{}\"", id(), r.error().message);
        return cannot_go_on("the tables of the next draw could not be opened: " + r.error().message);
    }
    if (cancel_run.cancelling) return maybe_refund();
    for (std::size_t i = 0; i < tables.size() && i < (*r)->tables.size(); ++i) {
        PolaccoTableLinks* l = links_of(tables[i]);
        if (l == nullptr) continue;
        l->stored = (*r)->tables[i];
        l->dealing = true;
    }
    for (PolaccoTableNumber t : tables)
        deal(t);
}

void PolaccoActor::Impl::maybe_finish() {
    if (!core || !core->finished() || pending_finishes > 0 || results_sent) return;
    results_sent = true;
    std::vector<protocol::FinalPlace> results;
    for (const polacco::Standing& s : core->tournament().standings())
        results.push_back({engine::Placing{static_cast<engine::EntrantId>(s.player), s.place, 1},
                           roster.name_of(s.player), s.prize});
    tell_results(ctx.outbox, roster, id(), std::move(results));
    spdlog::info("event=tournament_finished tournament={} entrants={}", id(), core->tournament().entrants());
    if (lobby != nullptr) lobby->tournament_finished(start.tournament);
    // Resumed after a restart: the row is closed here too (without a lobby, as in tests, nobody else would).
    if (resumed) mark_tournament_finished(ctx, start.tournament, executor_on(strand));
    for (auto& [t, l] : links)
        l->pause_timer.cancel();
    // The last table stays a moment so players and observers see the end, then closes.
    close_timer.expires_after(ctx.clock.real_of(options.close_after));
    close_timer.async_wait([self = shared_from_this()](const boost::system::error_code&) { self->close(); });
}

void PolaccoActor::Impl::close() {
    if (closed) return;
    closed = true;
    for (auto& [t, l] : links) {
        l->clock_timer.cancel();
        l->pause_timer.cancel();
        registry.remove(address(t));
        for (const RosterEntry& e : roster.entrants)
            ctx.seats.unseat(e.account, address(t));
        l->observers.clear();
    }
    maybe_quiet();
    if (done) {
        auto call = std::move(done);
        done = nullptr;
        call();
    }
}

void PolaccoActor::Impl::maybe_quiet() {
    if (!stopping || !quiet) return;
    const bool in_hand = !closed && core && core->any_in_hand();
    if (in_hand || pending_commits > 0 || pending_finishes > 0) return;
    auto call = std::move(quiet);
    quiet = nullptr;
    call();
}

}  // namespace tavolo::server::actors
