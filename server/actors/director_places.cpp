#include "server/actors/director_actor_impl.hpp"

#include <set>

namespace tavolo::server::actors {

// ---- reports, places and prizes -----------------------------------------------------------

void DirectorActor::Impl::on_report(const engine::TableReport& report) {
    if (!director || director->finished()) return;
    auto answer = director->on_report(report, since_start(), rng);
    if (!answer) {
        spdlog::error("event=report_refused tournament={} table={} error=\"{}\"", id(), report.table,
                      engine::to_string(answer.error()));
        return;
    }
    if (!director->finished())
        for (auto& m : director->tick(since_start(), rng))
            answer->push_back(std::move(m));
    note_placings(report.table);
    watch.after_report(*director, report.table);
    watch.after_decision(*director);
    decide(report.table, std::move(*answer));
    after_clock();
    if (director->finished()) {
        tick_timer.cancel();
    } else {
        arm_tick();
    }
}

// Every place decided by a saved decision (the first `saved_placings` of the ranking): told to the
// player (PlayerEliminated, with his place and prize) and, coalesced, to the entrants still in
// (send_news), recorded and paid after the hand that decided it (that table's write order), the
// wallet's balance to the player. While late registration is open a place is not final (a later
// entrant outlasts everyone eliminated before him): places are told and paid once it closes.
void DirectorActor::Impl::pay_new_places() {
    // The pool grows while late entries or purchases may come: places are told and paid after.
    if (director->late_registration_open() || director->purchases_open()) return;
    if (!settle_overlay()) return;  // paid first: the places follow when it has committed
    const auto& placings = director->ranking().placings();
    const std::vector<engine::Cents> prizes = director->prizes_won();
    for (; placings_paid < std::min(saved_placings, placings.size()); ++placings_paid) {
        const engine::Placing& p = placings[placings_paid];
        const engine::Cents prize = placings_paid < prizes.size() ? prizes[placings_paid] : 0;
        const RosterEntry& e = entry(p.entrant);
        const persistence::TableId row = lane_of_placing(placings_paid);
        if (p.place != 1) {
            v1::TournamentEvent out = protocol::eliminated(id(), p, e.name, prize);
            news.add(out.eliminated());
            if (e.account != 0) ctx.outbox.to_account(e.account, session::serialise(tournament_message(out)));
        }
        ++pending_finishes;
        pay_place(ctx, row, id(), e, p.place, prize, executor_on(strand),
                  [self = shared_from_this(), place = p.place, prize](bool ok) {
                      if (ok && prize > 0)
                          spdlog::debug("event=prize_paid tournament={} place={} prize_cents={}", self->id(),
                                        place, prize);
                      --self->pending_finishes;
                      self->maybe_finish();
                      self->maybe_quiet();
                      self->maybe_refund();
                  });
    }
    send_news();
}

// The eliminations told since the last update, to every entrant still in (elimination_news.hpp): at
// once when none went within the interval, else when it has passed (a timer on the strand). Nothing
// once the results are out (they say it all) or a cancellation began (its refunds do).
void DirectorActor::Impl::send_news() {
    const auto due = news.due_at();
    if (!due || results_sent || cancel_run.cancelling) return;
    const auto now = EliminationNews::Clock::now();
    if (now < *due) {
        if (news_armed) return;
        news_armed = true;
        news_timer.expires_at(*due);
        news_timer.async_wait([self = shared_from_this()](const boost::system::error_code&) {
            self->news_armed = false;
            self->send_news();
        });
        return;
    }
    const auto& placings = director->ranking().placings();
    const std::size_t told = std::min(placings_paid, placings.size());
    std::vector<bool> out(roster->entrants.size(), false);
    for (std::size_t i = 0; i < told; ++i)
        if (const auto k = static_cast<std::size_t>(placings[i].entrant); k < out.size()) out[k] = true;
    const int entrants = static_cast<int>(entries_used);
    const int left = std::max(0, entrants - static_cast<int>(told));
    v1::TournamentEvent event;
    event.set_tournament_id(id());
    *event.mutable_players_left() = news.take(now, left, entrants);
    const Frame frame = session::serialise(tournament_message(std::move(event)));
    std::set<session::AccountIdValue> sent;  // an account with two live entries hears it once
    for (std::size_t i = 0; i < entries_used && i < roster->entrants.size(); ++i) {
        const RosterEntry& e = roster->entrants[i];
        if (!out[i] && e.account != 0 && sent.insert(e.account).second)
            ctx.outbox.to_account(e.account, frame);
    }
}

// True once the pool holds what the prizes need: the house pays the overlay of a guarantee the
// prize parts did not reach (RULES.md §6), once, before the first place is paid.
bool DirectorActor::Impl::settle_overlay() {
    if (overlay_settled) return true;
    if (placings_paid >= std::min(saved_placings, director->ranking().placings().size()))
        return false;  // nothing to pay yet
    const engine::Cents overlay = director->prize_pool() - director->prize_parts();
    if (overlay <= 0) {
        overlay_settled = true;  // the prize parts only grow: no overlay ever
        return true;
    }
    if (overlay_pending) return false;
    overlay_pending = true;
    ++pending_finishes;
    auto accepted = ctx.writes.submit<void>(
        [tournament = start.tournament, overlay](persistence::Database& db) {
            return pay_overlay(db, tournament, overlay);
        },
        [self = shared_from_this(), overlay](persistence::StoreResult<void> r) {
            --self->pending_finishes;
            self->overlay_pending = false;
            self->overlay_settled = true;
            if (r)
                spdlog::info("event=overlay_paid tournament={} overlay={}", self->id(), overlay);
            else
                spdlog::error(
                    "event=overlay_failed tournament={} overlay={} error=\"{}: fund the house "
                    "wallet; prizes above the pool will be refused\"",
                    self->id(), overlay, r.error().message);
            self->pay_new_places();
            self->maybe_finish();
            self->maybe_quiet();
        },
        executor_on(strand));
    if (!accepted) {
        --pending_finishes;
        overlay_pending = false;
        overlay_settled = true;
        spdlog::error("event=overlay_failed tournament={} overlay={} error=\"{}\"", id(), overlay,
                      accepted.error().message);
        return true;
    }
    return false;
}

// The write lane of placing i: the table whose hand decided it; a placing decided before a restart
// has none recorded, and any open table's lane will do (its prize's key pays it once).
persistence::TableId DirectorActor::Impl::lane_of_placing(std::size_t i) const {
    if (i < placing_tables.size())
        if (const auto it = stored.find(placing_tables[i]); it != stored.end()) return it->second;
    return stored.begin()->second;
}

// Each new elimination: the seat book forgets him at once (his place may wait, below); during
// late registration of a tournament with re-entry, his row becomes `eliminated` and the lobby
// lets his account enter again.
void DirectorActor::Impl::note_placings(engine::TableId table) {
    const auto& placings = director->ranking().placings();
    while (placing_tables.size() < placings.size()) {
        const engine::Placing& p = placings[placing_tables.size()];
        placing_tables.push_back(table);
        if (p.place == 1) continue;
        const RosterEntry& e = entry(p.entrant);
        ctx.seats.unseat(e.account, address(table));
        if (director->late_registration_open() && rules->structure.reentry) open_reentry(e.registration);
    }
}

void DirectorActor::Impl::open_reentry(persistence::RegistrationId registration) {
    (void)ctx.writes.submit<void>(
        [registration](persistence::Database& db) {
            return persistence::TournamentStore(db).set_registration_state(
                registration, persistence::RegistrationState::eliminated);
        },
        [self = shared_from_this(), registration](persistence::StoreResult<void> r) {
            if (!r) {
                spdlog::warn("event=reentry_not_opened tournament={} registration={} error=\"{}\"",
                             self->id(), persistence::raw(registration), r.error().message);
                return;
            }
            if (self->lobby != nullptr) self->lobby->entry_eliminated(self->start.tournament, registration);
        },
        executor_on(strand));
}

// ---- late registration (RULES.md §6) ------------------------------------------------------

// After the clock moved or a report was taken: late registration or purchases may have closed.
void DirectorActor::Impl::after_clock() {
    if (!purchases_closed_told && director && rules->structure.rebuys.enabled &&
        !director->purchases_open()) {
        purchases_closed_told = true;
        spdlog::info("event=purchases_closed tournament={} rebuys={} addons={} prize_pool={}", id(),
                     director->rebuys(), director->addons(), director->prize_pool());
        pay_new_places();  // the places held back are final now
    }
    if (late_closed_told || !director || !rules->structure.late_registration ||
        director->late_registration_open())
        return;
    late_closed_told = true;
    spdlog::info("event=late_registration_closed tournament={} entrants={} prize_pool={}", id(),
                 director->entrants(), director->prize_pool());
    if (lobby != nullptr) lobby->late_registration_closed(start.tournament);
    pay_new_places();  // the places held back are final now
}

void DirectorActor::Impl::late_entrant(lobby::Entrant e) {
    if (!set_up) {
        late_waiting.push_back(std::move(e));
        return;
    }
    if (!director || !director->late_registration_open() || entries_used >= roster->entrants.size())
        return refuse_late(e, "late registration closed before the entry reached the director");
    const auto entrant = static_cast<engine::EntrantId>(entries_used++);
    auto accepted = ctx.writes.submit<std::string>(
        [account = e.account](persistence::Database& db) { return entrant_name(db, account); },
        [self = shared_from_this(), e, entrant](persistence::StoreResult<std::string> name) {
            self->seat_late(e, entrant, name);
        },
        executor_on(strand));
    if (!accepted) {
        --entries_used;
        refuse_late(e, accepted.error().message);
    }
}

void DirectorActor::Impl::seat_late(const lobby::Entrant& e, engine::EntrantId entrant,
                                    const persistence::StoreResult<std::string>& name) {
    if (!name) return refuse_late(e, name.error().message);
    if (!director || !director->late_registration_open())
        return refuse_late(e, "late registration closed while the entrant's name was read");
    // Written before any table hears of him (the post to its strand orders it).
    roster->entrants[static_cast<std::size_t>(entrant)] = {persistence::raw(e.account), e.registration,
                                                           *name};
    auto answer = director->add_entrant(entrant, rng, e.entry_number > 1 && rules->structure.reentry);
    if (!answer) {
        roster->entrants[static_cast<std::size_t>(entrant)] = {};
        return refuse_late(e, engine::to_string(answer.error()));
    }
    spdlog::info(
        "event=late_entrant_seated tournament={} registration={} entrant={} entrants={} "
        "prize_pool={}",
        id(), persistence::raw(e.registration), entrant, director->entrants(), director->prize_pool());
    journal_entrants();              // his registration is saved with the decision that seats him
    decide(-1, std::move(*answer));  // saved, then carried out (a new table's row first: stage_tables)
}

// The entry was paid but cannot be seated: paid back in full, under the lobby's key for it.
void DirectorActor::Impl::refuse_late(const lobby::Entrant& e, const std::string& why) {
    spdlog::warn(
        "event=late_entrant_refused tournament={} registration={} error=\"{}: the entry is paid "
        "back in full\"",
        id(), persistence::raw(e.registration), why);
    const engine::BuyIn buy_in = rules != nullptr ? rules->structure.buy_in : engine::BuyIn{};
    if (rules != nullptr && rules->structure.freeroll) return;  // the house paid it: nothing to give back
    (void)ctx.writes.submit<persistence::Registration>(
        [registration = e.registration, buy_in](persistence::Database& db) {
            return refund_late_entry(db, registration, buy_in);
        },
        [tournament = id(),
         registration = e.registration](persistence::StoreResult<persistence::Registration> r) {
            if (!r)
                spdlog::error("event=late_refund_failed tournament={} registration={} error=\"{}\"",
                              tournament, persistence::raw(registration), r.error().message);
        },
        executor_on(strand));
}

void DirectorActor::Impl::maybe_finish() {
    if (!director || !director->finished() || pending_finishes > 0 || results_sent || !journal->idle() ||
        placings_paid < director->ranking().placings().size())
        return;
    results_sent = true;
    news.drop();  // the results name every place
    news_timer.cancel();
    const auto& placings = director->ranking().placings();
    const std::vector<engine::Cents> prizes = director->prizes_won();
    std::vector<protocol::FinalPlace> results;
    for (std::size_t i = 0; i < placings.size(); ++i)
        results.push_back({placings[i], entry(placings[i].entrant).name, i < prizes.size() ? prizes[i] : 0});
    tell_results(ctx.outbox, *roster, id(), std::move(results));
    spdlog::info("event=tournament_finished tournament={} entrants={}", id(), director->entrants());
    if (lobby != nullptr) lobby->tournament_finished(start.tournament);
    // Resumed after a restart: the row is closed here too (without a lobby, as in tests, nobody else would).
    if (after_restart) mark_tournament_finished(ctx, start.tournament, executor_on(strand));
    // The last tables stay a moment so players and observers see the end, then close.
    close_timer.expires_after(ctx.clock.real_of(options.close_after));
    close_timer.async_wait(
        [self = shared_from_this()](const boost::system::error_code&) { self->close_all(); });
}

void DirectorActor::Impl::close_all() {
    for (const auto& [table, actor] : tables) {
        (void)actor;
        for (const RosterEntry& e : roster->entrants)
            if (e.account != 0) ctx.seats.unseat(e.account, address(table));
    }
    while (!tables.empty())
        close_table(tables.begin()->first);
    if (done) {
        auto call = std::move(done);
        done = nullptr;
        call();
    }
}

}  // namespace tavolo::server::actors
