#include "server/actors/director_actor.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/steady_timer.hpp>
#include <map>
#include <numeric>
#include <optional>

#include "engine/tournament/tournament_director.hpp"
#include "persistence/account_store.hpp"
#include "persistence/tournament_store.hpp"
#include "server/actors/director_watch.hpp"
#include "server/actors/move_notices.hpp"
#include "server/actors/on_strand.hpp"
#include "server/actors/stage_tables.hpp"
#include "server/actors/table_actor.hpp"
#include "server/actors/tournament_opening.hpp"
#include "server/actors/tournament_payments.hpp"
#include "server/protocol/tournament_events.hpp"
#include "server/secure_random.hpp"

namespace tavolo::server::actors {

namespace asio = boost::asio;
namespace v1 = protocol::v1;
using Millis = std::chrono::milliseconds;

struct DirectorActor::Impl : std::enable_shared_from_this<Impl> {
    Impl(ActorContext c, TableRegistry& r, LobbyNotices* l, DirectorOptions o, lobby::StartTournament s,
         std::function<void()> d)
        : ctx(c),
          registry(r),
          lobby(l),
          options(o),
          start(std::move(s)),
          done(std::move(d)),
          strand(asio::make_strand(c.io)),
          tick_timer(strand),
          close_timer(strand),
          watch(persistence::raw(start.tournament)) {}

    ActorContext ctx;
    TableRegistry& registry;
    LobbyNotices* lobby;
    DirectorOptions options;
    lobby::StartTournament start;
    std::function<void()> done;
    Strand strand;
    asio::steady_timer tick_timer;
    asio::steady_timer close_timer;
    SecureRandom rng;
    std::optional<engine::TournamentDirector> director;
    const PokerTournament* rules = nullptr;
    std::shared_ptr<Roster> roster = std::make_shared<Roster>();
    std::vector<engine::DirectorMessage> first_messages;
    std::map<engine::TableId, std::shared_ptr<TableActor>> tables;
    std::map<engine::TableId, persistence::TableId> stored;
    Millis started_at{0};
    bool set_up = false;
    int announced_level = 0;
    bool announced_break = false;
    std::size_t placings_paid = 0;
    int pending_finishes = 0;
    bool results_sent = false;
    bool stopping = false;
    std::function<void()> quiet;
    int tables_not_quiet = 0;
    DirectorWatch watch;       // director_watch.hpp: the floor's decisions as log lines
    MoveNotices move_notices;  // move_notices.hpp: what each moved player is told
    StageTables stage_tables;  // stage_tables.hpp: tables opened after the start wait for their rows

    std::int64_t id() const { return persistence::raw(start.tournament); }
    Millis since_start() const { return ctx.clock.now() - started_at; }
    protocol::TableAddress address(engine::TableId table) const { return {id(), table}; }
    const RosterEntry& entry(engine::EntrantId entrant) const {
        return roster->entrants.at(static_cast<std::size_t>(entrant));
    }

    // ---- starting -----------------------------------------------------------------------------

    void begin() {
        rules = std::get_if<PokerTournament>(&start.declaration.rules);
        if (rules == nullptr || start.entrants.size() < 2) {
            spdlog::error(
                "event=tournament_not_started tournament={} error=\"not a poker tournament of two "
                "entrants or more\"",
                id());
            return;
        }
        std::vector<engine::EntrantId> ids(start.entrants.size());
        std::iota(ids.begin(), ids.end(), engine::EntrantId{0});
        for (const lobby::Entrant& e : start.entrants)
            roster->entrants.push_back({persistence::raw(e.account), e.registration, {}});
        auto started = engine::TournamentDirector::start(
            ids, engine::DirectorConfig{rules->structure, engine::Pace::Free, rules->payout_table}, rng);
        if (!started) {
            spdlog::error("event=tournament_not_started tournament={} error=\"{}\"", id(),
                          engine::to_string(started.error()));
            return;
        }
        director.emplace(std::move(started->director));
        first_messages = std::move(started->messages);
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
        if (!accepted)
            spdlog::error("event=tournament_not_started tournament={} error=\"{}\"", id(),
                          accepted.error().message);
    }

    void opened(const persistence::StoreResult<std::shared_ptr<const Opened>>& r,
                const std::vector<std::pair<engine::TableId, int>>& opens) {
        if (!r) {
            spdlog::error("event=tournament_not_started tournament={} error=\"{}\"", id(), r.error().message);
            return;
        }
        for (std::size_t i = 0; i < (*r)->names.size(); ++i)
            roster->entrants[i].name = (*r)->names[i];
        started_at = ctx.clock.now();
        for (std::size_t i = 0; i < opens.size(); ++i)
            open_table(opens[i].first, (*r)->tables[i]);
        set_up = true;
        v1::TournamentEvent started;
        started.set_tournament_id(id());
        started.mutable_started()->set_entrants(director->entrants());
        started.mutable_started()->set_prize_pool_cents(director->prize_pool());
        to_entrants(ctx.outbox, *roster, tournament_message(std::move(started)));
        deliver(std::move(first_messages));
        deliver(director->tick(since_start(), rng));
        if (stopping) stop_tables();
        arm_tick();
    }

    void open_table(engine::TableId table, persistence::TableId row) {
        TableSetup setup;
        setup.address = address(table);
        setup.stored = row;
        setup.clock = rules->clock;
        setup.roster = roster;
        setup.pause_between_hands = options.pause_between_hands;
        setup.report = [weak = weak_from_this()](engine::TableReport report) {
            if (auto self = weak.lock())
                asio::post(self->strand, [self, report = std::move(report)] { self->on_report(report); });
        };
        auto actor = std::make_shared<TableActor>(ctx, std::move(setup));
        tables[table] = actor;
        stored[table] = row;
        registry.add(address(table), actor);
    }

    // ---- the director's messages --------------------------------------------------------------

    std::int64_t level_ends_at_ms() const {
        const engine::TournamentStructure& s = rules->structure;
        const auto clock = engine::clock_at(s, since_start());
        return (since_start() + (s.level_duration * clock.level - clock.play_time)).count();
    }

    void deliver(std::vector<engine::DirectorMessage> messages) {
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
            const bool closing = std::holds_alternative<engine::CloseTable>(batch.back());
            it->second->deliver(std::move(batch), ends, std::move(notices[table]));
            if (closing) close_table(table);
        }
        if (!director->on_break()) announced_break = false;
        if (!to_open.empty()) open_stage(std::move(to_open));
    }

    // A new stage's tables: their rows, then their actors and what waited for them.
    void open_stage(std::vector<TableToOpen> rows) {
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
                    self->tables[table]->deliver(self->stage_tables.opened(table), self->level_ends_at_ms());
                }
            },
            executor_on(strand));
        if (!accepted)
            spdlog::error("event=stage_tables_not_opened tournament={} error=\"{}\"", id(),
                          accepted.error().message);
    }

    // What the players hear of a message, and where the seat book says they sit.
    void note(const engine::DirectorMessage& m, MoveNoticesByTable& notices) {
        if (const auto* level = std::get_if<engine::SetLevel>(&m); level && level->level > announced_level) {
            announced_level = level->level;
            to_entrants(ctx.outbox, *roster,
                        tournament_message(protocol::level_up(id(), *level, level_ends_at_ms())));
        } else if (const auto* pause = std::get_if<engine::PauseForBreak>(&m); pause && !announced_break) {
            announced_break = true;
            to_entrants(ctx.outbox, *roster,
                        tournament_message(protocol::break_started(id(), *pause, since_start().count())));
        } else if (const auto* open = std::get_if<engine::OpenTable>(&m)) {
            for (const auto& p : open->players)
                ctx.seats.seat(entry(p.player.entrant).account, address(open->table));
        } else if (const auto* up = std::get_if<engine::StandUp>(&m)) {
            ctx.seats.unseat(entry(up->entrant).account, address(up->table));
            move_notices.stood_up(*up);
        } else if (const auto* seat = std::get_if<engine::SeatPlayer>(&m)) {
            const auto account = entry(seat->player.entrant).account;
            ctx.seats.seat(account, address(seat->table));
            if (auto notice = move_notices.seated(id(), *seat, account))
                notices[seat->table].push_back(std::move(*notice));
        } else if (const auto* close = std::get_if<engine::CloseTable>(&m)) {
            for (const RosterEntry& e : roster->entrants)  // a shoot-out stage's winners leave it too
                ctx.seats.unseat(e.account, address(close->table));
        }
    }

    void close_table(engine::TableId table) {
        registry.remove(address(table));
        if (auto it = tables.find(table); it != tables.end()) {
            it->second->close();
            tables.erase(it);
        }
    }

    // ---- the clock ----------------------------------------------------------------------------

    // Game time until the director next has something to decide: the level's end, the next hour of
    // play (a break is due there), or the end of the break.
    Millis next_tick_in() const {
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

    void arm_tick() {
        if (!director || director->finished()) return;
        tick_timer.expires_at(ctx.clock.steady_deadline(ctx.clock.now() + next_tick_in() + Millis{1}));
        tick_timer.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
            if (ec || !self->director || self->director->finished()) return;
            self->deliver(self->director->tick(self->since_start(), self->rng));
            self->watch.after_tick(*self->director);
            self->arm_tick();
        });
    }

    // ---- reports, places and prizes -----------------------------------------------------------

    void on_report(const engine::TableReport& report) {
        if (!director || director->finished()) return;
        auto answer = director->on_report(report, since_start(), rng);
        if (!answer) {
            spdlog::error("event=report_refused tournament={} table={} error=\"{}\"", id(), report.table,
                          engine::to_string(answer.error()));
            return;
        }
        deliver(std::move(*answer));
        if (!director->finished()) deliver(director->tick(since_start(), rng));
        watch.after_report(*director, report.table);
        watch.after_decision(*director);
        pay_new_places(report.table);
        if (director->finished()) {
            tick_timer.cancel();
            maybe_finish();
        } else {
            arm_tick();
        }
    }

    // Every place decided by the hand just reported: told to everyone, recorded and paid after that
    // hand (the table's write order), the wallet's balance to the player.
    void pay_new_places(engine::TableId table) {
        const auto& placings = director->ranking().placings();
        const std::vector<engine::Cents> prizes = director->prizes_won();
        const persistence::TableId row = stored.at(table);
        for (; placings_paid < placings.size(); ++placings_paid) {
            const engine::Placing& p = placings[placings_paid];
            const engine::Cents prize = placings_paid < prizes.size() ? prizes[placings_paid] : 0;
            const RosterEntry& e = entry(p.entrant);
            if (p.place != 1) {
                to_entrants(ctx.outbox, *roster,
                            tournament_message(protocol::eliminated(id(), p, e.name, prize)));
                ctx.seats.unseat(e.account, address(table));
            }
            ++pending_finishes;
            pay_place(ctx, row, id(), e, p.place, prize, executor_on(strand),
                      [self = shared_from_this()](bool) {
                          --self->pending_finishes;
                          self->maybe_finish();
                          self->maybe_quiet();
                      });
        }
    }

    void maybe_finish() {
        if (!director || !director->finished() || pending_finishes > 0 || results_sent) return;
        results_sent = true;
        const auto& placings = director->ranking().placings();
        const std::vector<engine::Cents> prizes = director->prizes_won();
        std::vector<protocol::FinalPlace> results;
        for (std::size_t i = 0; i < placings.size(); ++i)
            results.push_back(
                {placings[i], entry(placings[i].entrant).name, i < prizes.size() ? prizes[i] : 0});
        to_entrants(ctx.outbox, *roster, tournament_message(protocol::finished(id(), results)));
        spdlog::info("event=tournament_finished tournament={} entrants={}", id(), director->entrants());
        if (lobby != nullptr) lobby->tournament_finished(start.tournament);
        // The last tables stay a moment so players and observers see the end, then close.
        close_timer.expires_after(ctx.clock.real_of(options.close_after));
        close_timer.async_wait(
            [self = shared_from_this()](const boost::system::error_code&) { self->close_all(); });
    }

    void close_all() {
        for (const auto& [table, actor] : tables) {
            (void)actor;
            for (const RosterEntry& e : roster->entrants)
                ctx.seats.unseat(e.account, address(table));
        }
        while (!tables.empty())
            close_table(tables.begin()->first);
        if (done) {
            auto call = std::move(done);
            done = nullptr;
            call();
        }
    }

    // ---- graceful shutdown --------------------------------------------------------------------

    void stop_dealing(std::function<void()> q) {
        stopping = true;
        quiet = std::move(q);
        if (set_up) stop_tables();
        maybe_quiet();
    }

    void stop_tables() {
        tables_not_quiet = static_cast<int>(tables.size());
        for (const auto& [table, actor] : tables) {
            (void)table;
            actor->stop_dealing([weak = weak_from_this()] {
                if (auto self = weak.lock())
                    asio::post(self->strand, [self] {
                        --self->tables_not_quiet;
                        self->maybe_quiet();
                    });
            });
        }
    }

    void maybe_quiet() {
        if (!stopping || !quiet || tables_not_quiet > 0 || pending_finishes > 0) return;
        auto call = std::move(quiet);
        quiet = nullptr;
        call();
    }
};

DirectorActor::DirectorActor(ActorContext context, TableRegistry& registry, LobbyNotices* lobby,
                             DirectorOptions options, lobby::StartTournament start,
                             std::function<void()> done)
    : impl_(std::make_shared<Impl>(context, registry, lobby, options, std::move(start), std::move(done))) {
    asio::post(impl_->strand, [impl = impl_] { impl->begin(); });
}

DirectorActor::~DirectorActor() = default;

lobby::TournamentId DirectorActor::tournament() const {
    return impl_->start.tournament;
}

void DirectorActor::add_late_entrant(lobby::AddLateEntrant entrant) {
    spdlog::warn(
        "event=late_entrant_refused tournament={} registration={} error=\"the director does not seat "
        "late entrants yet: refund the entry\"",
        persistence::raw(entrant.tournament), persistence::raw(entrant.entrant.registration));
}

void DirectorActor::stop_dealing(std::function<void()> quiet) {
    asio::post(impl_->strand,
               [impl = impl_, quiet = std::move(quiet)]() mutable { impl->stop_dealing(std::move(quiet)); });
}

}  // namespace tavolo::server::actors
