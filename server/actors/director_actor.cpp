#include "server/actors/director_actor.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <map>
#include <numeric>
#include <optional>

#include "engine/tournament/director_state_text.hpp"
#include "engine/tournament/tournament_director.hpp"
#include "persistence/account_store.hpp"
#include "persistence/tournament_store.hpp"
#include "server/actors/director_journal.hpp"
#include "server/actors/director_watch.hpp"
#include "server/actors/late_entries.hpp"
#include "server/actors/move_notices.hpp"
#include "server/actors/on_strand.hpp"
#include "server/actors/overlay.hpp"
#include "server/actors/resumed_tournament.hpp"
#include "server/actors/stage_tables.hpp"
#include "server/actors/table_actor.hpp"
#include "server/actors/tournament_opening.hpp"
#include "server/actors/tournament_payments.hpp"
#include "server/protocol/tournament_events.hpp"
#include "server/secure_random.hpp"
#include "server/session/session_core.hpp"

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
    std::optional<DirectorJournal> journal;  // decisions carried out once saved (director_journal.hpp)
    const PokerTournament* rules = nullptr;
    std::shared_ptr<Roster> roster = std::make_shared<Roster>();
    std::vector<engine::DirectorMessage> first_messages;
    std::map<engine::TableId, std::shared_ptr<TableActor>> tables;
    std::map<engine::TableId, persistence::TableId> stored;
    Millis started_at{0};
    bool set_up = false;
    bool resuming = false;       // resumed after a restart, its first decision not carried out yet
    bool after_restart = false;  // ... and so not in this run's lobby
    int announced_level = 0;
    bool announced_break = false;
    std::size_t placings_paid = 0;
    std::size_t saved_placings = 0;  // the placings of the decisions saved so far (director_journal)
    int pending_finishes = 0;
    bool results_sent = false;
    bool stopping = false;
    std::function<void()> quiet;
    int tables_not_quiet = 0;
    // Technical cancellation.
    bool cancelling = false;
    bool refunding = false;
    int tables_not_void = 0;
    CancellationOutcome cancellation;
    std::optional<CancellationOutcome> cancelled;
    std::vector<std::function<void(const CancellationOutcome&)>> cancel_waiters;
    // Late registration (RULES.md §6). The roster is sized for the whole field before any table
    // opens and never reallocates: an entry is written here before its SeatPlayer is posted to a
    // table, and tables read only the entries of the players they seat.
    std::size_t entries_used = 0;
    std::vector<lobby::Entrant> late_waiting;  // arrived before the tables opened
    bool late_closed_told = false;
    std::vector<engine::TableId> placing_tables;  // the table whose hand decided each placing
    // The guarantee's overlay (overlay.hpp): paid by the house before the first place is paid.
    bool overlay_settled = false;
    bool overlay_pending = false;
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
        for (const lobby::Entrant& e : start.entrants)
            roster->entrants.push_back({persistence::raw(e.account), e.registration, {}});
        rules = std::get_if<PokerTournament>(&start.declaration.rules);
        if (rules == nullptr || start.entrants.size() < 2) {
            not_started("not a poker tournament of two entrants or more");
            return;
        }
        std::vector<engine::EntrantId> ids(start.entrants.size());
        std::iota(ids.begin(), ids.end(), engine::EntrantId{0});
        entries_used = roster->entrants.size();
        roster->entrants.resize(std::max<std::size_t>(
            entries_used, static_cast<std::size_t>(std::max(0, rules->structure.max_players))));
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

    void opened(const persistence::StoreResult<std::shared_ptr<const Opened>>& r,
                const std::vector<std::pair<engine::TableId, int>>& opens) {
        if (!r) {
            not_started(r.error().message);
            return;
        }
        if (cancelling) return;  // cancelled while the tables were opened: nothing is dealt
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

    void open_table(engine::TableId table, persistence::TableId row,
                    std::optional<engine::TournamentTable> resumed = std::nullopt) {
        TableSetup setup;
        setup.resumed = std::move(resumed);
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

    // ---- after a restart ----------------------------------------------------------------------

    // The tournament carries on where its last saved decision left it (tournament_recovery.hpp): its
    // tables resumed, the clock where it stood (the time the server was down does not count), every
    // place already decided paid (again: the keys make it once), then the director hears each table.
    void resume(std::shared_ptr<ResumedTournament> r) {
        rules = std::get_if<PokerTournament>(&start.declaration.rules);
        for (std::size_t i = 0; i < start.entrants.size(); ++i)
            roster->entrants.push_back({persistence::raw(start.entrants[i].account),
                                        start.entrants[i].registration,
                                        i < r->names.size() ? r->names[i] : std::string()});
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
        set_up = true;
        const auto& placings = director->ranking().placings();
        const std::vector<engine::Cents> prizes = director->prizes_won();
        for (; placings_paid < placings.size(); ++placings_paid) {
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
        saved_placings = placings_paid;
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

    void make_journal(std::int64_t next_seq) {
        journal.emplace(
            ctx.writes, start.tournament, executor_on(strand),
            [this](Decision d) { carry_out(std::move(d)); }, next_seq);
        std::vector<persistence::RegistrationId> registrations;
        for (const RosterEntry& e : roster->entrants)
            registrations.push_back(e.registration);
        journal->set_entrants(std::move(registrations));
    }

    // `table`: the table whose report the decision answers (-1: the clock's). Saved on that table's
    // lane, after its hand and before the prizes the decision pays.
    void decide(engine::TableId table, std::vector<engine::DirectorMessage> messages) {
        if (stored.empty()) return;
        const auto lane = table >= 0 && stored.contains(table) ? stored.at(table) : stored.begin()->second;
        journal->record(lane, engine::encode_director_state(*director),
                        Decision{0, std::move(messages), table, director->ranking().placings().size()});
    }

    void carry_out(Decision d) {
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
                    if (self->stopping) self->tables.at(table)->stop_dealing([] {});
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
        if (!director || director->finished() || cancelling) return;
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

    // ---- reports, places and prizes -----------------------------------------------------------

    void on_report(const engine::TableReport& report) {
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

    // Every place decided by a saved decision (the first `saved_placings` of the ranking): told to
    // everyone, recorded and paid after the hand that decided it (that table's write order), the
    // wallet's balance to the player. While late registration is open a place is not final (a later
    // entrant outlasts everyone eliminated before him): places are told and paid once it closes.
    void pay_new_places() {
        if (director->late_registration_open()) return;
        if (!settle_overlay()) return;  // paid first: the places follow when it has committed
        const auto& placings = director->ranking().placings();
        const std::vector<engine::Cents> prizes = director->prizes_won();
        for (; placings_paid < std::min(saved_placings, placings.size()); ++placings_paid) {
            const engine::Placing& p = placings[placings_paid];
            const engine::Cents prize = placings_paid < prizes.size() ? prizes[placings_paid] : 0;
            const RosterEntry& e = entry(p.entrant);
            const persistence::TableId row = lane_of_placing(placings_paid);
            if (p.place != 1)
                to_entrants(ctx.outbox, *roster,
                            tournament_message(protocol::eliminated(id(), p, e.name, prize)));
            ++pending_finishes;
            pay_place(ctx, row, id(), e, p.place, prize, executor_on(strand),
                      [self = shared_from_this(), place = p.place, prize](bool ok) {
                          if (ok && prize > 0)
                              spdlog::debug("event=prize_paid tournament={} place={} prize_cents={}",
                                            self->id(), place, prize);
                          --self->pending_finishes;
                          self->maybe_finish();
                          self->maybe_quiet();
                          self->maybe_refund();
                      });
        }
    }

    // True once the pool holds what the prizes need: the house pays the overlay of a guarantee the
    // prize parts did not reach (RULES.md §6), once, before the first place is paid.
    bool settle_overlay() {
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
    persistence::TableId lane_of_placing(std::size_t i) const {
        if (i < placing_tables.size())
            if (const auto it = stored.find(placing_tables[i]); it != stored.end()) return it->second;
        return stored.begin()->second;
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
        decide(-1, std::move(*answer));  // saved, then carried out (a new table's row first: stage_tables)
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

    void maybe_finish() {
        if (!director || !director->finished() || pending_finishes > 0 || results_sent || !journal->idle() ||
            placings_paid < director->ranking().placings().size())
            return;
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
        if (after_restart)
            mark_finished();  // the lobby of this run never listed it: the row is ours to close
        // The last tables stay a moment so players and observers see the end, then close.
        close_timer.expires_after(ctx.clock.real_of(options.close_after));
        close_timer.async_wait(
            [self = shared_from_this()](const boost::system::error_code&) { self->close_all(); });
    }

    void mark_finished() {
        auto accepted = ctx.writes.submit<void>(
            [t = start.tournament](persistence::Database& db) {
                return persistence::TournamentStore(db).set_state(t, persistence::TournamentState::finished);
            },
            [t = id()](persistence::StoreResult<void> r) {
                if (!r)
                    spdlog::error("event=tournament_state_not_saved tournament={} error=\"{}\"", t,
                                  r.error().message);
            },
            executor_on(strand));
        if (!accepted)
            spdlog::error("event=tournament_state_not_saved tournament={} error=\"{}\"", id(),
                          accepted.error().message);
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

    // ---- technical cancellation (tournament_cancellation.hpp) ---------------------------------

    // A tournament that cannot start is cancelled with every entry refunded in full.
    void not_started(const std::string& why) {
        spdlog::error("event=tournament_not_started tournament={} error=\"{}\"", id(), why);
        cancel("the tournament could not start: " + why, {});
    }

    void cancel(std::string reason, std::function<void(const CancellationOutcome&)> waiter) {
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
    void maybe_refund() {
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

    void refunds_paid(const persistence::StoreResult<std::vector<engine::Cents>>& balances) {
        if (!balances) {
            cancellation.error = "the refunds were not committed: " + balances.error().message +
                                 " (cancel it again: the refunds already made are not paid twice)";
            spdlog::error("event=tournament_not_cancelled tournament={} error=\"{}\"", id(),
                          cancellation.error);
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
    void end_cancellation(bool final = true) {
        auto waiters = std::move(cancel_waiters);
        cancel_waiters.clear();
        if (final) cancelled = cancellation;
        for (auto& w : waiters)
            w(cancellation);
        if (final && cancellation.cancelled) close_all();
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
        if (!stopping || !quiet || tables_not_quiet > 0 || pending_finishes > 0 ||
            (journal && !journal->idle()))
            return;
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

}  // namespace tavolo::server::actors
