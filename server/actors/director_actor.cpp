#include "server/actors/director_actor.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/steady_timer.hpp>
#include <map>
#include <numeric>
#include <optional>

#include "engine/tournament/tournament_director.hpp"
#include "persistence/account_store.hpp"
#include "persistence/tournament_store.hpp"
#include "server/actors/late_entries.hpp"
#include "server/actors/on_strand.hpp"
#include "server/actors/overlay.hpp"
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
          close_timer(strand) {}

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
    // Late registration (RULES.md §6). The roster is sized for the whole field before any table
    // opens and never reallocates: an entry is written here before its SeatPlayer is posted to a
    // table, and tables read only the entries of the players they seat.
    std::size_t entries_used = 0;
    std::vector<lobby::Entrant> late_waiting;  // arrived before the tables opened
    bool late_closed_told = false;
    std::vector<engine::TableId> placing_tables;  // the table whose hand decided each placing
    // Tables opened mid-tournament, whose messages wait for their database row.
    std::map<engine::TableId, std::vector<engine::DirectorMessage>> opening;
    // The guarantee's overlay (overlay.hpp): paid by the house before the first place is paid.
    bool overlay_settled = false;
    bool overlay_pending = false;

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
        entries_used = roster->entrants.size();
        roster->entrants.resize(std::max<std::size_t>(
            entries_used, static_cast<std::size_t>(std::max(0, rules->structure.max_players))));
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
        spdlog::info("event=tournament_started tournament={} entrants={} tables={}", id(),
                     director->entrants(), opens.size());
        v1::TournamentEvent started;
        started.set_tournament_id(id());
        started.mutable_started()->set_entrants(director->entrants());
        started.mutable_started()->set_prize_pool_cents(director->prize_pool());
        to_entrants(ctx.outbox, *roster, tournament_message(std::move(started)));
        deliver(std::move(first_messages));
        deliver(director->tick(since_start(), rng));
        if (stopping) stop_tables();
        for (lobby::Entrant& e : std::exchange(late_waiting, {}))
            late_entrant(std::move(e));
        after_clock();
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
        for (auto& m : messages) {
            note(m);
            by_table[engine::addressee(m)].push_back(std::move(m));
        }
        const std::int64_t ends = level_ends_at_ms();
        for (auto& [table, batch] : by_table) {
            if (hold_for_new_table(table, batch)) continue;
            const auto it = tables.find(table);
            if (it == tables.end()) continue;
            const bool closing = std::holds_alternative<engine::CloseTable>(batch.back());
            it->second->deliver(std::move(batch), ends);
            if (closing) close_table(table);
        }
        if (!director->on_break()) announced_break = false;
    }

    // What the players hear of a message, and where the seat book says they sit.
    void note(const engine::DirectorMessage& m) {
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
        } else if (const auto* seat = std::get_if<engine::SeatPlayer>(&m)) {
            ctx.seats.seat(entry(seat->player.entrant).account, address(seat->table));
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
            self->after_clock();
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
        note_placings(report.table);
        after_clock();
        pay_new_places();
        if (director->finished()) {
            tick_timer.cancel();
            maybe_finish();
        } else {
            arm_tick();
        }
    }

    // Every place decided by the hand just reported: told to everyone, recorded and paid after that
    // hand (the table's write order), the wallet's balance to the player.
    // While late registration is open a place is not final (a later entrant outlasts everyone
    // eliminated before him): places are told and paid once it closes.
    void pay_new_places() {
        if (director->late_registration_open()) return;
        if (!settle_overlay()) return;  // paid first: the places follow when it has committed
        const auto& placings = director->ranking().placings();
        const std::vector<engine::Cents> prizes = director->prizes_won();
        for (; placings_paid < placings.size(); ++placings_paid) {
            const engine::Placing& p = placings[placings_paid];
            const engine::Cents prize = placings_paid < prizes.size() ? prizes[placings_paid] : 0;
            const RosterEntry& e = entry(p.entrant);
            const engine::TableId table = placing_tables.at(placings_paid);
            const persistence::TableId row = stored.at(table);
            if (p.place != 1)
                to_entrants(ctx.outbox, *roster,
                            tournament_message(protocol::eliminated(id(), p, e.name, prize)));
            ++pending_finishes;
            pay_place(ctx, row, id(), e, p.place, prize, executor_on(strand),
                      [self = shared_from_this()](bool) {
                          --self->pending_finishes;
                          self->maybe_finish();
                          self->maybe_quiet();
                      });
        }
    }

    // True once the pool holds what the prizes need: the house pays the overlay of a guarantee the
    // prize parts did not reach (RULES.md §6), once, before the first place is paid.
    bool settle_overlay() {
        if (overlay_settled) return true;
        if (placings_paid >= director->ranking().placings().size()) return false;  // nothing to pay yet
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

    // Each new elimination: the seat book forgets him at once (his place may wait, below); during
    // late registration of a tournament with re-entry, his row becomes `eliminated` and the lobby
    // lets his account enter again.
    void note_placings(engine::TableId table) {
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

    void open_reentry(persistence::RegistrationId registration) {
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
                if (self->lobby != nullptr)
                    self->lobby->entry_eliminated(self->start.tournament, registration);
            },
            executor_on(strand));
    }

    // ---- late registration (RULES.md §6) ------------------------------------------------------

    // After the clock moved or a report was taken: late registration may have closed.
    void after_clock() {
        if (late_closed_told || !director || !rules->structure.late_registration ||
            director->late_registration_open())
            return;
        late_closed_told = true;
        spdlog::info("event=late_registration_closed tournament={} entrants={} prize_pool={}", id(),
                     director->entrants(), director->prize_pool());
        if (lobby != nullptr) lobby->late_registration_closed(start.tournament);
        pay_new_places();  // the places held back are final now
    }

    void late_entrant(lobby::Entrant e) {
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

    void seat_late(const lobby::Entrant& e, engine::EntrantId entrant,
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
        deliver(std::move(*answer));
    }

    // The entry was paid but cannot be seated: paid back in full, under the lobby's key for it.
    void refuse_late(const lobby::Entrant& e, const std::string& why) {
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

    // A table opened mid-tournament (a late entrant found every table full): its messages wait
    // until the database has its row, then the table actor is created and hears them in order.
    bool hold_for_new_table(engine::TableId table, std::vector<engine::DirectorMessage>& batch) {
        if (auto held = opening.find(table); held != opening.end()) {
            for (auto& m : batch)
                held->second.push_back(std::move(m));
            return true;
        }
        if (!set_up || tables.contains(table) || stored.contains(table) ||
            !std::holds_alternative<engine::OpenTable>(batch.front()))
            return false;
        const int seats = std::get<engine::OpenTable>(batch.front()).size;
        opening[table] = std::move(batch);
        auto accepted = ctx.writes.submit<persistence::TableId>(
            [tournament = start.tournament, number = table + 1, seats](persistence::Database& db) {
                return open_table_row(db, tournament, number, seats);
            },
            [self = shared_from_this(), table](persistence::StoreResult<persistence::TableId> row) {
                auto held = std::move(self->opening[table]);
                self->opening.erase(table);
                if (!row) {
                    spdlog::error("event=table_not_opened tournament={} table={} error=\"{}\"", self->id(),
                                  table, row.error().message);
                    return;
                }
                self->open_table(table, *row);
                if (self->stopping) self->tables.at(table)->stop_dealing([] {});
                self->tables.at(table)->deliver(std::move(held), self->level_ends_at_ms());
            },
            executor_on(strand));
        if (!accepted)
            spdlog::error("event=table_not_opened tournament={} table={} error=\"{}\"", id(), table,
                          accepted.error().message);
        return true;
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
    asio::post(impl_->strand, [impl = impl_, e = std::move(entrant.entrant)]() mutable {
        impl->late_entrant(std::move(e));
    });
}

void DirectorActor::stop_dealing(std::function<void()> quiet) {
    asio::post(impl_->strand,
               [impl = impl_, quiet = std::move(quiet)]() mutable { impl->stop_dealing(std::move(quiet)); });
}

}  // namespace tavolo::server::actors
