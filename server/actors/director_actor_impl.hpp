#pragma once
// The inside of DirectorActor (director_actor.hpp), for its .cpp files only (it includes Asio):
// director_actor.cpp (the start, a restart, the decisions and their delivery, the clock, shutdown),
// director_places.cpp (reports, places and prizes, late registration, the end),
// director_cancel.cpp (technical cancellation).
#include "server/actors/director_actor.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <map>
#include <numeric>
#include <optional>
#include <set>

#include "engine/tournament/director_state_text.hpp"
#include "engine/tournament/tournament_director.hpp"
#include "persistence/account_store.hpp"
#include "persistence/tournament_store.hpp"
#include "server/actors/cancellation_run.hpp"
#include "server/actors/director_journal.hpp"
#include "server/actors/director_watch.hpp"
#include "server/actors/elimination_news.hpp"
#include "server/actors/late_entries.hpp"
#include "server/actors/move_notices.hpp"
#include "server/actors/on_strand.hpp"
#include "server/actors/overlay.hpp"
#include "server/actors/resumed_tournament.hpp"
#include "server/actors/stage_tables.hpp"
#include "server/actors/table_actor.hpp"
#include "server/actors/table_placement.hpp"
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
          news_timer(strand),
          news(o.news_interval),
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
    asio::steady_timer news_timer;  // the next PlayersLeft (elimination_news.hpp), real time
    EliminationNews news;
    bool news_armed = false;
    SecureRandom rng;
    std::optional<engine::TournamentDirector> director;
    std::optional<DirectorJournal> journal;  // decisions carried out once saved (director_journal.hpp)
    const PokerTournament* rules = nullptr;
    std::shared_ptr<Roster> roster = std::make_shared<Roster>();
    std::vector<engine::DirectorMessage> first_messages;
    std::map<engine::TableId, std::shared_ptr<DirectedTable>> tables;  // here or on another node
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
    bool leaving = false;  // stopping because another node holds the tournament now (abandon)
    std::function<void()> quiet;
    // The tables asked to stop dealing (or to void and stop) that have not answered yet. A set, not a
    // count: a table taken back from its dead host is asked again, and answers once either way.
    std::set<engine::TableId> tables_not_quiet;
    // Technical cancellation (cancellation_run.hpp).
    CancellationRun cancel_run;
    std::set<engine::TableId> tables_not_void;
    // Late registration (RULES.md §6). The roster is sized for the whole field before any table
    // opens and never reallocates: an entry is written here before its SeatPlayer is posted to a
    // table, and tables read only the entries of the players they seat.
    std::size_t entries_used = 0;
    std::vector<lobby::Entrant> late_waiting;  // arrived before the tables opened
    bool late_closed_told = false;
    bool purchases_closed_told = false;           // the re-buy period and the add-on are over (places final)
    std::vector<engine::TableId> placing_tables;  // the table whose hand decided each placing
    // The guarantee's overlay (overlay.hpp): paid by the house before the first place is paid.
    bool overlay_settled = false;
    bool overlay_pending = false;
    // An operator's pause (director_operator.cpp): the game time it began; resumed, started_at moves
    // on by the pause's length, so the level clock goes on where it stood.
    std::optional<Millis> paused_at;
    DirectorWatch watch;       // director_watch.hpp: the floor's decisions as log lines
    MoveNotices move_notices;  // move_notices.hpp: what each moved player is told
    StageTables stage_tables;  // stage_tables.hpp: tables opened after the start wait for their rows

    std::int64_t id() const { return persistence::raw(start.tournament); }
    // Game time of the tournament's clock: it stands still while an operator pauses it.
    Millis since_start() const { return (paused_at ? *paused_at : ctx.clock.now()) - started_at; }
    protocol::TableAddress address(engine::TableId table) const { return {id(), table}; }
    const RosterEntry& entry(engine::EntrantId entrant) const {
        return roster->entrants.at(static_cast<std::size_t>(entrant));
    }

    // the start, a restart, the decisions and their delivery, the clock, shutdown (director_actor.cpp)
    void begin();
    void opened(const persistence::StoreResult<std::shared_ptr<const Opened>>& r,
                const std::vector<std::pair<engine::TableId, int>>& opens);
    void open_table(engine::TableId table, persistence::TableId row,
                    std::optional<engine::TournamentTable> resumed = std::nullopt);
    void resume(std::shared_ptr<ResumedTournament> r);
    void take_back(engine::TableId table, engine::CommittedTable committed);
    void make_journal(std::int64_t next_seq);
    void journal_entrants();
    void size_roster();
    void decide(engine::TableId table, std::vector<engine::DirectorMessage> messages);
    void carry_out(Decision d);
    std::int64_t level_ends_at_ms() const;
    void deliver(std::vector<engine::DirectorMessage> messages);
    void open_stage(std::vector<TableToOpen> rows);
    void note(const engine::DirectorMessage& m, MoveNoticesByTable& notices);
    void close_table(engine::TableId table);
    void mark_broken(engine::TableId table);
    Millis next_tick_in() const;
    void arm_tick();
    // `leave`: another node holds the tournament now: every table closes at once (DirectorActor::abandon).
    void stop_dealing(std::function<void()> q, bool leave = false);
    void stop_tables();
    void stop_table(engine::TableId table);
    void maybe_quiet();

    // reports, places and prizes, late registration, the end (director_places.cpp)
    void on_report(const engine::TableReport& report);
    void pay_new_places();
    bool settle_overlay();
    persistence::TableId lane_of_placing(std::size_t i) const;
    void note_placings(engine::TableId table);
    void send_news();
    void open_reentry(persistence::RegistrationId registration);
    void after_clock();
    void late_entrant(lobby::Entrant e);
    void seat_late(const lobby::Entrant& e, engine::EntrantId entrant,
                   const persistence::StoreResult<std::string>& name);
    void refuse_late(const lobby::Entrant& e, const std::string& why);
    void maybe_finish();
    void close_all();

    // the operator API (director_operator.cpp)
    void set_paused(bool paused, const std::string& reason);
    std::string snapshot_json() const;

    // technical cancellation (director_cancel.cpp)
    void not_started(const std::string& why);
    void cancel(std::string reason, std::function<void(const CancellationOutcome&)> waiter);
    void void_table(engine::TableId table);
    void maybe_refund();
    void refunds_paid(const persistence::StoreResult<std::vector<engine::Cents>>& balances);
    void end_cancellation(bool final);
};

}  // namespace tavolo::server::actors
