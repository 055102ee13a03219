#include <algorithm>

#include "server/actors/director_actor_impl.hpp"

namespace tavolo::server::actors {

// ---- starting -----------------------------------------------------------------------------

void DirectorActor::Impl::begin() {
    for (const lobby::Entrant& e : start.entrants)
        roster->entrants.push_back({persistence::raw(e.account), e.registration, {}});
    rules = std::get_if<PokerTournament>(&start.declaration.rules);
    if (rules == nullptr || start.entrants.size() < 2) {
        not_started("not a poker tournament of two entrants or more");
        return;
    }
    std::vector<engine::EntrantId> ids(start.entrants.size());
    std::iota(ids.begin(), ids.end(), engine::EntrantId{0});
    size_roster();
    auto started = engine::TournamentDirector::start(
        ids, engine::DirectorConfig{rules->structure, engine::Pace::Free, rules->payout_table}, rng);
    if (!started) {
        not_started(engine::to_string(started.error()));
        return;
    }
    director.emplace(std::move(started->director));
    first_messages = std::move(started->messages);
    make_journal(1);
    std::vector<std::pair<engine::TableId, int>> opens;
    for (const auto& m : first_messages)
        if (const auto* open = std::get_if<engine::OpenTable>(&m))
            opens.emplace_back(open->table, open->size);
    std::vector<TableToOpen> rows;
    for (const auto& [table, size] : opens)
        rows.push_back({table + 1, size});
    auto accepted = ctx.writes.submit<std::shared_ptr<const Opened>>(
        [start = start, rows](persistence::Database& db) { return open_tournament(db, start, rows); },
        [self = shared_from_this(), opens](persistence::StoreResult<std::shared_ptr<const Opened>> r) {
            self->opened(r, opens);
        },
        executor_on(strand));
    if (!accepted) not_started(accepted.error().message);
}

void DirectorActor::Impl::opened(const persistence::StoreResult<std::shared_ptr<const Opened>>& r,
                                 const std::vector<std::pair<engine::TableId, int>>& opens) {
    if (!r) {
        not_started(r.error().message);
        return;
    }
    if (cancel_run.cancelling) return;  // cancelled while the tables were opened: nothing is dealt
    for (std::size_t i = 0; i < (*r)->names.size(); ++i)
        roster->entrants[i].name = (*r)->names[i];
    started_at = ctx.clock.now();
    for (std::size_t i = 0; i < opens.size(); ++i)
        open_table(opens[i].first, (*r)->tables[i]);
    set_up = true;
    spdlog::info("event=tournament_started tournament={} entrants={} tables={}", id(), director->entrants(),
                 opens.size());
    v1::TournamentEvent started;
    started.set_tournament_id(id());
    started.mutable_started()->set_entrants(director->entrants());
    started.mutable_started()->set_prize_pool_cents(director->prize_pool());
    to_entrants(ctx.outbox, *roster, tournament_message(std::move(started)));
    auto messages = std::move(first_messages);
    for (auto& m : director->tick(since_start(), rng))
        messages.push_back(std::move(m));
    decide(-1, std::move(messages));
    if (stopping) stop_tables();
    for (lobby::Entrant& e : std::exchange(late_waiting, {}))
        late_entrant(std::move(e));
    after_clock();
    arm_tick();
}

void DirectorActor::Impl::open_table(engine::TableId table, persistence::TableId row,
                                     std::optional<engine::TournamentTable> resumed) {
    TableSetup setup;
    setup.resumed = std::move(resumed);
    setup.address = address(table);
    setup.stored = row;
    setup.clock = rules->clock;
    const engine::RebuyRules& buys = rules->structure.rebuys;
    setup.purchases.rebuys = buys.enabled;
    setup.purchases.addon = buys.enabled && buys.addon;
    setup.purchases.starting_stack = rules->structure.starting_stack;
    setup.purchases.rebuy_price = buys.price;
    setup.purchases.max_rebuys = buys.max_rebuys;
    setup.purchases.addon_price = buys.addon_price;
    setup.purchases.addon_chips = buys.addon_chips;
    setup.roster = roster;
    setup.pause_between_hands = options.pause_between_hands;
    setup.report = [weak = weak_from_this()](engine::TableReport report) {
        if (auto self = weak.lock())
            asio::post(self->strand, [self, report = std::move(report)] { self->on_report(report); });
    };
    // Here, or on another node when a placement is configured ([cluster] spread_tables). A table
    // resumed after a restart, or one that sells re-buys and add-ons (their registrations are the
    // tournament's writes), stays here.
    TablePlacement::OpenLocally local = [ctx = ctx, reg = &registry,
                                         setup]() -> std::shared_ptr<DirectedTable> {
        auto actor = std::make_shared<TableActor>(ctx, setup);
        reg->add(setup.address, actor);
        return actor;
    };
    std::shared_ptr<DirectedTable> placed;
    if (ctx.placement != nullptr && !setup.resumed && !setup.purchases.rebuys && !setup.purchases.addon)
        placed =
            ctx.placement->place(setup, local, [weak = weak_from_this(), table](engine::CommittedTable t) {
                if (auto self = weak.lock())
                    asio::post(self->strand, [self, table, t = std::move(t)]() mutable {
                        self->take_back(table, std::move(t));
                    });
            });
    tables[table] = placed ? std::move(placed) : local();
    stored[table] = row;
}

// A table whose host died ([cluster] spread_tables, docs/SCALING.md): reopened here from its last
// committed hand, as a restart would (engine/tournament/resume.hpp: the hand in play at the death
// never committed and is void), its connected players re-attached, then the director hears it.
void DirectorActor::Impl::take_back(engine::TableId table, engine::CommittedTable committed) {
    // Not reopened: nothing is left to wait for of it (its old host's answer was dropped).
    const auto not_reopened = [&] {
        tables_not_quiet.erase(table);
        tables_not_void.erase(table);
        maybe_quiet();
        maybe_refund();
    };
    if (!director || director->finished() || !tables.contains(table) || !stored.contains(table)) {
        spdlog::warn("event=table_not_taken_over tournament={} table={} detail=\"not open here any more\"",
                     id(), table + 1);
        return not_reopened();
    }
    const engine::HandId hand = committed.hand;
    auto resumed = engine::resume_table(*director, std::move(committed), rng);
    if (!resumed) {
        spdlog::error("event=table_not_taken_over tournament={} table={} error=\"{}\"", id(), table + 1,
                      resumed.error());
        return not_reopened();
    }
    std::vector<AccountIdValue> accounts;
    const engine::Table& seated = resumed->table.table();
    for (engine::SeatIndex s = 0; s < seated.size(); ++s)
        if (seated.occupied(s)) accounts.push_back(entry(seated.at(s).entrant).account);
    tables.erase(table);  // the proxy of the dead host's table
    open_table(table, stored.at(table), std::move(resumed->table));
    const auto& taken = tables.at(table);
    if (paused_at) taken->hold(true, "the tournament is paused");
    // What the director waited for of the dead host's table, it asks of the new one.
    if (cancel_run.cancelling) void_table(table);
    if (stopping) stop_table(table);
    if (ctx.placement != nullptr) ctx.placement->reattach(address(table), accounts);
    spdlog::warn("event=table_taken_over tournament={} table={} last_committed_hand={} how={}", id(),
                 table + 1, hand, static_cast<int>(resumed->how));
    on_report(resumed->report);
}

// ---- after a restart ----------------------------------------------------------------------

// The tournament carries on where its last saved decision left it (tournament_recovery.hpp): its
// tables resumed, the clock where it stood (the time the server was down does not count), every
// place already decided paid (again: the keys make it once), then the director hears each table.
void DirectorActor::Impl::resume(std::shared_ptr<ResumedTournament> r) {
    rules = std::get_if<PokerTournament>(&start.declaration.rules);
    for (std::size_t i = 0; i < start.entrants.size(); ++i)
        roster->entrants.push_back({persistence::raw(start.entrants[i].account),
                                    start.entrants[i].registration,
                                    i < r->names.size() ? r->names[i] : std::string()});
    size_roster();
    director.emplace(std::move(r->director));
    make_journal(r->saved_seq + 1);
    resuming = true;
    after_restart = true;
    started_at = ctx.clock.now() - std::chrono::duration_cast<Millis>(director->now());
    announced_level = director->level();
    announced_break = director->on_break();
    std::vector<engine::TableReport> reports;
    for (auto& t : r->tables) {
        const engine::Table& seated = t.table.table();
        for (engine::SeatIndex s = 0; s < seated.size(); ++s)
            if (seated.occupied(s)) ctx.seats.seat(entry(seated.at(s).entrant).account, address(t.id));
        open_table(t.id, t.row, std::move(t.table));
        reports.push_back(std::move(t.report));
    }
    // Paused by an operator before the stop: the tables hold before they hear anything.
    if (r->paused) set_paused(true, *r->paused);
    set_up = true;
    const auto& placings = director->ranking().placings();
    const std::vector<engine::Cents> prizes = director->prizes_won();
    // While late entries or purchases may still grow the pool, no place is final: they are paid
    // when it is (pay_new_places), as before the restart.
    const bool final_places = !director->late_registration_open() && !director->purchases_open();
    for (; final_places && placings_paid < placings.size(); ++placings_paid) {
        const engine::Placing& p = placings[placings_paid];
        if (static_cast<std::size_t>(p.entrant) < r->finish_recorded.size() &&
            r->finish_recorded[static_cast<std::size_t>(p.entrant)])
            continue;
        ++pending_finishes;
        pay_place(ctx, stored.begin()->second, id(), entry(p.entrant), p.place,
                  placings_paid < prizes.size() ? prizes[placings_paid] : 0, executor_on(strand),
                  [self = shared_from_this()](bool) {
                      --self->pending_finishes;
                      self->maybe_finish();
                      self->maybe_quiet();
                  });
    }
    saved_placings = placings.size();
    // Changes between hands first, then the hands closed (void or heard again): a hand-for-hand
    // round closed by the last of them moves players at tables whose reports were all heard.
    std::stable_partition(reports.begin(), reports.end(),
                          [](const engine::TableReport& one) { return one.finished_hand == 0; });
    std::vector<engine::DirectorMessage> messages;
    for (const auto& report : reports) {
        if (director->finished()) break;
        auto answer = director->on_report(report, director->now(), rng);
        if (!answer) {
            spdlog::error("event=resume_report_refused tournament={} table={} error=\"{}\"", id(),
                          report.table, engine::to_string(answer.error()));
            continue;
        }
        for (auto& m : *answer)
            messages.push_back(std::move(m));
    }
    if (!director->finished())
        for (auto& m : director->tick(since_start(), rng))
            messages.push_back(std::move(m));
    spdlog::info("event=tournament_resumed tournament={} tables={} remaining={} level={} seq={}", id(),
                 r->tables.size(), director->remaining(), director->level(), r->saved_seq);
    // The first decision after the restart: saved, then every table hears it (and plays on).
    decide(reports.empty() ? -1 : reports.front().table, std::move(messages));
    if (stopping) stop_tables();
    arm_tick();
}

// ---- decisions: saved, then carried out (director_journal.hpp) -----------------------------

void DirectorActor::Impl::make_journal(std::int64_t next_seq) {
    journal.emplace(
        ctx.writes, start.tournament, executor_on(strand), [this](Decision d) { carry_out(std::move(d)); },
        next_seq);
    journal_entrants();
}

// The registrations the director's saves name by entrant number: the entries so far (the roster's
// slots for late entrants still to come are not entrants; one whose seating is under way is saved
// with no registration, and a restart leaves his slot empty).
void DirectorActor::Impl::journal_entrants() {
    std::vector<persistence::RegistrationId> registrations;
    for (std::size_t i = 0; i < entries_used; ++i)
        registrations.push_back(roster->entrants[i].registration);
    journal->set_entrants(std::move(registrations));
}

// Room for every late entry up to the field's maximum, made before any table reads the roster (it
// never reallocates after).
void DirectorActor::Impl::size_roster() {
    entries_used = roster->entrants.size();
    roster->entrants.resize(std::max<std::size_t>(
        entries_used, static_cast<std::size_t>(std::max(0, rules->structure.max_players))));
}

// `table`: the table whose report the decision answers (-1: the clock's). Saved on that table's
// lane, after its hand and before the prizes the decision pays.
void DirectorActor::Impl::decide(engine::TableId table, std::vector<engine::DirectorMessage> messages) {
    if (stored.empty()) return;
    const auto lane = table >= 0 && stored.contains(table) ? stored.at(table) : stored.begin()->second;
    journal->record(lane, engine::encode_director_state(*director),
                    Decision{0, std::move(messages), table, director->ranking().placings().size()});
}

void DirectorActor::Impl::carry_out(Decision d) {
    deliver(std::move(d.messages));
    if (resuming) {  // the first decision after a restart: every table has its orders (bench/recovery.sh)
        resuming = false;
        spdlog::info("event=tables_resumed tournament={} tables={}", id(), tables.size());
    }
    saved_placings = std::max(saved_placings, d.placings);
    pay_new_places();
    maybe_finish();
    maybe_quiet();
}

// ---- the director's messages --------------------------------------------------------------

std::int64_t DirectorActor::Impl::level_ends_at_ms() const {
    const engine::TournamentStructure& s = rules->structure;
    const auto clock = engine::clock_at(s, since_start());
    return (since_start() + (s.level_duration * clock.level - clock.play_time)).count();
}

void DirectorActor::Impl::deliver(std::vector<engine::DirectorMessage> messages) {
    std::map<engine::TableId, std::vector<engine::DirectorMessage>> by_table;
    MoveNoticesByTable notices;
    std::vector<TableToOpen> to_open;
    for (auto& m : messages) {
        note(m, notices);
        if (const auto* open = std::get_if<engine::OpenTable>(&m);
            open && set_up && !tables.contains(open->table)) {
            stage_tables.expect(open->table);  // a new stage's table: its row first
            to_open.push_back({open->table + 1, open->size});
        }
        by_table[engine::addressee(m)].push_back(std::move(m));
    }
    const std::int64_t ends = level_ends_at_ms();
    for (auto& [table, batch] : by_table) {
        if (stage_tables.opening(table)) {
            stage_tables.hold(table, std::move(batch));
            continue;
        }
        const auto it = tables.find(table);
        if (it == tables.end()) continue;
        // Anywhere in the batch, not only last: a message after it (the engine's bug of a PauseForBreak to
        // a table its own hand broke) would otherwise leave the broken table's row open, its stale seats
        // counted, and the table registered.
        const bool closing = std::any_of(batch.begin(), batch.end(), [](const engine::DirectorMessage& m) {
            return std::holds_alternative<engine::CloseTable>(m);
        });
        it->second->deliver(std::move(batch), ends, std::move(notices[table]));
        if (closing) {
            mark_broken(table);
            close_table(table);
        }
    }
    if (!director->on_break()) announced_break = false;
    if (!to_open.empty()) open_stage(std::move(to_open));
}

// A new stage's tables: their rows, then their actors and what waited for them.
void DirectorActor::Impl::open_stage(std::vector<TableToOpen> rows) {
    auto accepted = ctx.writes.submit<std::vector<persistence::TableId>>(
        [tournament = start.tournament, rows](persistence::Database& db) {
            return open_stage_tables(db, tournament, rows);
        },
        [self = shared_from_this(), rows](persistence::StoreResult<std::vector<persistence::TableId>> r) {
            if (!r) {
                spdlog::error("event=stage_tables_not_opened tournament={} error=\"{}\"", self->id(),
                              r.error().message);
                return;
            }
            for (std::size_t i = 0; i < rows.size(); ++i) {
                const engine::TableId table = rows[i].number - 1;
                self->open_table(table, (*r)[i]);
                if (self->stopping) self->stop_table(table);
                if (self->paused_at) self->tables.at(table)->hold(true, "the tournament is paused");
                self->tables[table]->deliver(self->stage_tables.opened(table), self->level_ends_at_ms());
            }
        },
        executor_on(strand));
    if (!accepted)
        spdlog::error("event=stage_tables_not_opened tournament={} error=\"{}\"", id(),
                      accepted.error().message);
}

// What the players hear of a message, and where the seat book says they sit.
void DirectorActor::Impl::note(const engine::DirectorMessage& m, MoveNoticesByTable& notices) {
    if (const auto* level = std::get_if<engine::SetLevel>(&m); level && level->level > announced_level) {
        announced_level = level->level;
        to_entrants(ctx.outbox, *roster,
                    tournament_message(protocol::level_up(id(), *level, level_ends_at_ms())));
    } else if (const auto* pause = std::get_if<engine::PauseForBreak>(&m); pause && !announced_break) {
        announced_break = true;
        spdlog::debug("event=break_started tournament={} until_ms={}", id(), pause->until_ms);
        to_entrants(ctx.outbox, *roster,
                    tournament_message(protocol::break_started(id(), *pause, since_start().count())));
    } else if (const auto* open = std::get_if<engine::OpenTable>(&m)) {
        for (const auto& p : open->players)
            ctx.seats.seat(entry(p.player.entrant).account, address(open->table));
    } else if (const auto* up = std::get_if<engine::StandUp>(&m)) {
        ctx.seats.unseat(entry(up->entrant).account, address(up->table));
        spdlog::debug("event=player_moving tournament={} table={} entrant={} move={}", id(), up->table,
                      up->entrant, up->move);
        move_notices.stood_up(*up);
    } else if (const auto* seat = std::get_if<engine::SeatPlayer>(&m)) {
        const auto account = entry(seat->player.entrant).account;
        ctx.seats.seat(account, address(seat->table));
        if (auto notice = move_notices.seated(id(), *seat, account))
            notices[seat->table].push_back(std::move(*notice));
    } else if (const auto* close = std::get_if<engine::CloseTable>(&m)) {
        for (const RosterEntry& e : roster->entrants)  // a shoot-out stage's winners leave it too
            ctx.seats.unseat(e.account, address(close->table));
    } else if (const auto* wait = std::get_if<engine::Wait>(&m);
               wait && wait->reason == engine::WaitReason::HandForHand) {
        spdlog::debug("event=hand_for_hand tournament={} table={}", id(), wait->table);
    }
}

// A table the director broke is marked so in its row, after its last hand: its snapshot's seats are
// stale (its players sit elsewhere now), and the row said `open` until the tournament's end (the chips
// of a finished tournament counted twice; tests/server/faults). A crash before this commits leaves it
// to the recovery, which marks a table the saved director has closed (tournament_recovery.cpp).
void DirectorActor::Impl::mark_broken(engine::TableId table) {
    const auto row = stored.find(table);
    if (row == stored.end()) return;
    auto accepted = ctx.writes.submit<void>(
        row->second,
        [id = row->second](persistence::Database& db) {
            return persistence::TournamentStore(db).break_table(id);
        },
        [self = shared_from_this(), table](persistence::StoreResult<void> r) {
            if (!r)
                spdlog::warn("event=table_not_marked_broken tournament={} table={} error=\"{}\"", self->id(),
                             table + 1, r.error().message);
        },
        executor_on(strand));
    if (!accepted)
        spdlog::warn("event=table_not_marked_broken tournament={} table={} error=\"{}\"", id(), table + 1,
                     accepted.error().message);
}

void DirectorActor::Impl::close_table(engine::TableId table) {
    registry.remove(address(table));
    if (auto it = tables.find(table); it != tables.end()) {
        it->second->close();
        tables.erase(it);
    }
}

// ---- the clock ----------------------------------------------------------------------------

// Game time until the director next has something to decide: the level's end, the next hour of
// play (a break is due there), or the end of the break.
Millis DirectorActor::Impl::next_tick_in() const {
    const engine::TournamentStructure& s = rules->structure;
    const auto clock = engine::clock_at(s, since_start());
    if (clock.on_break) return std::max(Millis{1}, clock.break_left);
    Millis next = s.level_duration * clock.level - clock.play_time;
    if (s.breaks) {
        const auto hour =
            std::chrono::duration_cast<std::chrono::hours>(clock.play_time) + std::chrono::hours{1};
        next = std::min<Millis>(next, hour - clock.play_time);
    }
    return std::max(Millis{1}, next);
}

void DirectorActor::Impl::arm_tick() {
    if (!director || director->finished() || cancel_run.cancelling || paused_at) return;
    tick_timer.expires_at(ctx.clock.steady_deadline(ctx.clock.now() + next_tick_in() + Millis{1}));
    tick_timer.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec || !self->director || self->director->finished()) return;
        auto messages = self->director->tick(self->since_start(), self->rng);
        if (!messages.empty()) self->decide(-1, std::move(messages));
        self->watch.after_tick(*self->director);
        self->after_clock();
        self->arm_tick();
    });
}

// ---- graceful shutdown --------------------------------------------------------------------

void DirectorActor::Impl::stop_dealing(std::function<void()> q, bool leave) {
    stopping = true;
    leaving = leaving || leave;
    if (quiet)  // asked twice (a shutdown, then the lease lost): both are answered
        quiet = [first = std::move(quiet), then = std::move(q)] {
            first();
            then();
        };
    else
        quiet = std::move(q);
    if (set_up) stop_tables();
    maybe_quiet();
}

void DirectorActor::Impl::stop_tables() {
    for (const auto& [table, actor] : tables) {
        (void)actor;
        stop_table(table);
    }
}

void DirectorActor::Impl::stop_table(engine::TableId table) {
    if (leaving) {
        // Closed where it stands, without a word: its hand in play never commits (void), and the
        // node that holds the tournament now gives its players the table as it resumes it.
        tables.at(table)->close();
        tables_not_quiet.erase(table);
        return;
    }
    tables_not_quiet.insert(table);
    tables.at(table)->stop_dealing([weak = weak_from_this(), table] {
        if (auto self = weak.lock())
            asio::post(self->strand, [self, table] {
                self->tables_not_quiet.erase(table);
                self->maybe_quiet();
            });
    });
}

void DirectorActor::Impl::maybe_quiet() {
    if (!stopping || !quiet || !tables_not_quiet.empty() || pending_finishes > 0 ||
        (journal && !journal->idle()))
        return;
    auto call = std::move(quiet);
    quiet = nullptr;
    call();
}

DirectorActor::DirectorActor(ActorContext context, TableRegistry& registry, LobbyNotices* lobby,
                             DirectorOptions options, lobby::StartTournament start,
                             std::function<void()> done)
    : impl_(std::make_shared<Impl>(context, registry, lobby, options, std::move(start), std::move(done))) {
    asio::post(impl_->strand, [impl = impl_] { impl->begin(); });
}

DirectorActor::~DirectorActor() = default;

DirectorActor::DirectorActor(ActorContext context, TableRegistry& registry, LobbyNotices* lobby,
                             DirectorOptions options, std::shared_ptr<ResumedTournament> resumed,
                             std::function<void()> done)
    : impl_(std::make_shared<Impl>(context, registry, lobby, options, resumed->start, std::move(done))) {
    asio::post(impl_->strand,
               [impl = impl_, resumed = std::move(resumed)]() mutable { impl->resume(std::move(resumed)); });
}

lobby::TournamentId DirectorActor::tournament() const {
    return impl_->start.tournament;
}

void DirectorActor::add_late_entrant(lobby::AddLateEntrant entrant) {
    asio::post(impl_->strand, [impl = impl_, e = std::move(entrant.entrant)]() mutable {
        impl->late_entrant(std::move(e));
    });
}

void DirectorActor::cancel(std::string reason, std::function<void(const CancellationOutcome&)> done) {
    asio::post(impl_->strand, [impl = impl_, reason = std::move(reason), done = std::move(done)]() mutable {
        impl->cancel(std::move(reason), std::move(done));
    });
}

void DirectorActor::stop_dealing(std::function<void()> quiet) {
    asio::post(impl_->strand,
               [impl = impl_, quiet = std::move(quiet)]() mutable { impl->stop_dealing(std::move(quiet)); });
}

void DirectorActor::abandon(std::function<void()> quiet) {
    asio::post(impl_->strand, [impl = impl_, quiet = std::move(quiet)]() mutable {
        impl->stop_dealing(std::move(quiet), true);
    });
}

}  // namespace tavolo::server::actors
