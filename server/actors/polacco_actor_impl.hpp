#pragma once
// The inside of PolaccoActor (polacco_actor.hpp), for its .cpp files only (it includes Asio):
// polacco_actor.cpp starts the tournament, carries out the core's effects for each table and answers
// the sessions; polacco_tournament.cpp does what concerns the tournament as a whole: places and
// prizes, recompositions (the tables closed, the new ones opened, each player told his move), the
// results and the closing.
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "server/actors/cancellation_run.hpp"
#include "server/actors/chat_log.hpp"
#include "server/actors/dealing_gate.hpp"
#include "server/actors/on_strand.hpp"
#include "server/actors/polacco_actor.hpp"
#include "server/actors/polacco_seating.hpp"
#include "server/actors/roster.hpp"
#include "server/actors/tournament_opening.hpp"
#include "server/protocol/refusal.hpp"
#include "server/protocol/table_snapshot.hpp"
#include "server/secure_random.hpp"
#include "server/table/polacco_core.hpp"

namespace tavolo::server::actors {

using table::PolaccoTableNumber;

// What the actor keeps of one live table beside the core's: its database row, its observers, its
// timers and the hand in play's number and start.
struct PolaccoTableLinks {
    explicit PolaccoTableLinks(const Strand& strand) : clock_timer(strand), pause_timer(strand) {}
    persistence::TableId stored{};
    bool dealing = false;  // its row is committed: it may deal
    std::set<SessionId> observers;
    std::int64_t current_hand = 0;
    std::chrono::system_clock::time_point hand_started_at{};
    boost::asio::steady_timer clock_timer;
    boost::asio::steady_timer pause_timer;
    DealingGate gate;                           // no hand starts that cannot be committed
    int pending_commits = 0;                    // this table's finished hands not yet committed
    ChatLog chat_log;                           // its lines an operator may still remove
    std::optional<RevealedHand> last_revealed;  // the last finished hand's cards, for operators only
};

struct PolaccoActor::Impl : std::enable_shared_from_this<Impl> {
    Impl(ActorContext c, TableRegistry& r, LobbyNotices* l, PolaccoOptions o, lobby::StartTournament s,
         std::function<void()> d)
        : ctx(c),
          registry(r),
          lobby(l),
          options(o),
          start(std::move(s)),
          done(std::move(d)),
          strand(boost::asio::make_strand(c.io)),
          close_timer(strand) {}

    ActorContext ctx;
    TableRegistry& registry;
    LobbyNotices* lobby;
    PolaccoOptions options;
    lobby::StartTournament start;
    std::function<void()> done;
    Strand strand;
    boost::asio::steady_timer close_timer;
    SecureRandom rng;  // the core keeps a pointer to it: it lives as long as the core
    std::optional<table::PolaccoCore> core;
    Roster roster;
    int seats = 0;  // a table's seats, for its database row
    std::map<PolaccoTableNumber, std::unique_ptr<PolaccoTableLinks>> links;  // the tables open now
    // The connection each account last re-attached from: an away notice of an older connection that
    // closed after a newer one re-attached must not show the player away (the newer connection wins).
    std::map<session::AccountIdValue, SessionId> attached;
    std::size_t standings_paid = 0;
    int pending_commits = 0;
    int pending_finishes = 0;
    bool results_sent = false;
    bool closed = false;
    bool stopping = false;
    std::function<void()> quiet;
    // Technical cancellation (polacco_cancel.cpp): no hand dealt or played once it is asked.
    CancellationRun cancel_run;
    bool set_up = false;    // the first tables' rows committed: the tournament started
    int pending_opens = 0;  // draws whose rows are being written
    std::shared_ptr<struct ResumedPolacco> resumed;  // set when resumed after a restart
    // An operator's pause (polacco_operator.cpp): its reason while paused; the tables whose next hand
    // waits for the resume.
    std::optional<std::string> operator_pause;
    std::set<PolaccoTableNumber> held;
    const session::TableRequest* current = nullptr;
    PolaccoTableNumber current_table = 0;

    std::int64_t id() const { return persistence::raw(start.tournament); }
    protocol::TableAddress address(PolaccoTableNumber table) const { return {id(), table}; }
    table::Millis now() const { return ctx.clock.now(); }
    PolaccoTableLinks* links_of(PolaccoTableNumber table) {
        const auto it = links.find(table);
        return it == links.end() ? nullptr : it->second.get();
    }

    // polacco_actor.cpp: the start, one table's effects and requests.
    void begin();
    void opened(const persistence::StoreResult<std::shared_ptr<const Opened>>& r);
    void add_tables(const std::vector<PolaccoTableNumber>& tables);
    void deal(PolaccoTableNumber table);
    void deal_after_pause(PolaccoTableNumber table);
    bool may_deal(PolaccoTableNumber table, PolaccoTableLinks& l);
    void to_player(table::PolaccoPlayer player, const Frame& frame);
    void to(PolaccoTableNumber table, const table::PolaccoRecipients& recipients, const Frame& frame);
    std::vector<table::PolaccoPlayer> at_table(PolaccoTableNumber table) const;
    void to_everyone(PolaccoTableNumber table, const Frame& frame);
    void reply(const protocol::Refusal& refusal);
    protocol::SnapshotContext context(PolaccoTableNumber table, const table::ClockView& clock,
                                      const std::vector<table::PolaccoPlayer>& away) const;
    Frame snapshot_frame(PolaccoTableNumber table, const engine::view::PolaccoViewer& viewer) const;
    void carry_out(PolaccoTableNumber table, const table::PolaccoEffects& effects);
    void arm(PolaccoTableNumber table, const table::ArmTimer& t);
    void news(PolaccoTableNumber table, const table::PolaccoTournamentNews& n);
    void persist(PolaccoTableNumber table, const table::PolaccoHandFinished& f);
    // The finished hand's cards for the operators (live feed, inspection): called at its end only.
    void reveal(PolaccoTableNumber table, const table::PolaccoHandFinished& f);
    std::optional<table::PolaccoPlayer> player_of(PolaccoTableNumber table,
                                                  session::AccountIdValue account) const;
    std::optional<table::PolaccoPlayer> seated_or_refuse(PolaccoTableNumber table,
                                                         const session::TableRequest& r);
    bool superseded_away(const session::TableRequest& r) const;
    void handle(PolaccoTableNumber table, const session::TableRequest& r);

    // polacco_tournament.cpp: the tournament as a whole.
    std::vector<DrawnTable> drawn_rows(const std::vector<PolaccoTableNumber>& tables) const;
    std::map<std::int64_t, persistence::SeatOwner> owners() const;
    void pay_new_places(PolaccoTableNumber table);
    void tell_waiting(PolaccoTableNumber table, const table::PolaccoTournamentNews& n);
    void redraw(PolaccoTableNumber last, const table::PolaccoTablesDrawn& drawn);
    void rows_opened(const std::vector<PolaccoTableNumber>& tables,
                     const persistence::StoreResult<std::shared_ptr<const Opened>>& r);
    void maybe_finish();
    void close();
    void maybe_quiet();

    // polacco_cancel.cpp: technical cancellation (RULES.md §7).
    void cannot_go_on(const std::string& why);
    void cancel(std::string reason, CancellationWaiter waiter);
    void maybe_refund();
    void refunds_paid(const persistence::StoreResult<std::vector<engine::Cents>>& balances);
    // polacco_operator.cpp: an operator's pause and resume.
    void set_paused(bool paused, const std::string& reason);
    void tell_paused(PolaccoTableNumber table, bool paused, const std::string& reason);
    std::string snapshot_json() const;
    void moderate(PolaccoTableNumber table, ModerationRequest request);
    // polacco_resume.cpp: after a restart.
    void resume();
};

}  // namespace tavolo::server::actors
