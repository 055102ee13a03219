#pragma once
// The lobby's logic without Asio (server/lobby/README.md): it opens the configured tournaments,
// takes registrations and unregistrations, starts a Sit&Go when full or at its deadline with its
// minimum and an MTT at its time (RULES.md §6), cancels and refunds in full below the minimum, and
// re-opens a fresh copy of each Sit&Go that starts or is cancelled. Every input returns the effects
// the actor carries out; time is an input (`now`), never read.
//
// Money moves only in the database: a registration counts once its buy-in is committed (the result
// comes back), and a refused or failed request leaves the lobby as it was. A seat is held while its
// buy-in is in flight, so a table never over-fills; a start waits until nothing is in flight.
#include <cstddef>
#include <expected>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "server/lobby/lobby_adoption.hpp"
#include "server/lobby/lobby_listing.hpp"
#include "server/lobby/lobby_messages.hpp"

namespace tavolo::server::lobby {

struct LobbyOptions {
    // Open a fresh copy of a Sit&Go or heads-up as soon as one starts or is cancelled, so there is
    // always one to join (issue 10's demo lobby, and every declared Sit&Go with a relative start).
    bool reopen_single_table = true;
    // How long a finished or cancelled tournament stays listed before it is removed.
    std::chrono::milliseconds keep_over = std::chrono::minutes(10);
    // A tournament's entrant count changes with every registration: its LobbyUpdate goes to every
    // subscriber at once when the last one went at least this long ago, else once at the end of the
    // interval with the count of then (a burst of 20,000 registrations to 20,000 subscribers was
    // 400 million frames). 0: every change at once. Changes of state (listed, started, finished,
    // cancelled, removed) always go at once.
    std::chrono::milliseconds update_interval{0};
};

class LobbyCore {
  public:
    explicit LobbyCore(std::vector<TournamentDeclaration> declarations, LobbyOptions options = {});

    // At a restart, before open(): the tournaments the recovery gives back (lobby_adoption.hpp). A
    // registering one is listed with its committed entries (their accounts, registration ids and
    // payments, and the number of buy-ins per account for the next key), under its stored start; a
    // running one as running, with its entrants, until its director reports its end.
    Effects adopt(std::vector<AdoptedTournament> adopted, TimePoint now);
    // At the actor's start: a CreateTournament for each declaration that no adopted tournament stands
    // for (an adopted MTT, or an adopted Sit&Go still registering); recurring schedules go on after
    // their adopted copies. Then an adopted tournament whose start time has come starts or is cancelled.
    Effects open(TimePoint now);
    // The database's answer to a CreateTournament: the tournament is listed and registering (a
    // failure is retried at the next tick).
    Effects tournament_created(RequestId request,
                               const persistence::StoreResult<persistence::Tournament>& result,
                               TimePoint now);

    Effects register_player(const PlayerRequest& request, TimePoint now);
    Effects unregister_player(const PlayerRequest& request, TimePoint now);
    // The database's answers to RegisterPlayer and RefundEntry; `balance` is the wallet's after it.
    Effects registration_done(RequestId request,
                              const persistence::StoreResult<persistence::Registration>& result,
                              std::optional<engine::Cents> balance, TimePoint now);
    Effects refund_done(RequestId request, const persistence::StoreResult<persistence::Registration>& result,
                        std::optional<engine::Cents> balance, TimePoint now);
    // A RegisterPlayer the database has not answered in time (the actor's timeout): it may still
    // commit, so the player is told its outcome is not known yet, not refused. It no longer holds the
    // tournament's start, but it keeps its seat and the account's retry waits for it; its answer, when
    // it comes through registration_done, is final: the entry counts if the tournament still takes it
    // (a late entrant once started), else its buy-in is paid back in full under `late:<registration>`.
    Effects registration_overdue(RequestId request, TimePoint now);

    // Deadlines and start times that have come; failed opens and cancellation refunds retried.
    Effects tick(TimePoint now);
    // When tick() next has something to do at the latest (the actor arms its timer for it).
    std::optional<TimePoint> next_deadline() const;

    // The director of a running MTT reports that its late registration is over (RULES.md §6): later
    // registrations are refused.
    Effects late_registration_closed(TournamentId tournament);
    // The director reports an entry eliminated during late registration of a tournament with
    // re-entry (RULES.md §6): its account may buy a new entry while late registration is open.
    Effects entry_eliminated(TournamentId tournament, RegistrationId registration);
    // The director reports the end of a tournament.
    Effects tournament_finished(TournamentId tournament, TimePoint now);
    // The director cancelled a running tournament for a technical reason, its refunds committed
    // (RULES.md §7): listed as cancelled, removed like a finished one.
    Effects tournament_cancelled(TournamentId tournament, TimePoint now);
    // Graceful shutdown: every later registration is refused with SHUTTING_DOWN.
    void stop_registrations() { stopping_ = true; }

    // A LobbySnapshot for the subscriber, then a LobbyUpdate per change until unsubscribe().
    Effects subscribe(SubscriberId subscriber, std::optional<AccountId> viewer, std::uint64_t client_request);
    void unsubscribe(SubscriberId subscriber) { subscribers_.erase(subscriber); }

    // Every listed tournament, in declaration order (copies of one declaration by age).
    v1::LobbySnapshot snapshot(std::optional<AccountId> viewer) const;
    // How many listed tournaments show each state (/metrics tavolo_tournaments{state}), without making
    // the listing: the lobby actor counts after every input, and 20,000 listed Sit&Gos made the whole
    // snapshot a third of the server's time while tables filled.
    std::map<v1::TournamentState, std::int64_t> count_states() const;

    // ---- The operator API (lobby_operator.cpp) ----
    // A tournament an operator creates (its declaration's source_json is set): a new declaration,
    // opened now, like one of the configuration's, and never reopened. Refused (why) when a declared
    // tournament has its name: the name is how a restart finds its declaration. Its index in out_index.
    std::expected<Effects, std::string> add_declaration(TournamentDeclaration declaration, TimePoint now,
                                                        std::size_t& out_index);
    // The tournament opened from a declaration, once its row exists.
    std::optional<TournamentId> opened_from(std::size_t declaration) const;
    struct OperatorEntry {
        Entrant entrant;
        engine::Cents prize_part = 0;
        engine::Cents fee = 0;
    };
    struct OperatorView {
        TournamentId id{};
        const TournamentDeclaration* declaration = nullptr;
        std::string state;  // registering, running, finished, cancelled
        std::optional<TimePoint> deadline;
        std::vector<OperatorEntry> entries;  // committed buy-ins, in registration order
    };
    // What the lobby knows of a listed tournament (an operator inspects it); none when not listed.
    std::optional<OperatorView> operator_view(TournamentId id) const;
    // An operator cancels a registering tournament: every entry refunded in full, fee included (the
    // lobby's own cancellation below the minimum), the tournament listed cancelled. Refused (why)
    // when it is not registering or a buy-in or refund is in flight (retry in a moment).
    std::expected<Effects, std::string> cancel_registering(TournamentId id, TimePoint now);

  private:
    enum class Phase { Registering, Closing, Running, Cancelled, Finished };

    struct Entry {
        Entrant entrant;
        engine::Cents prize_part = 0;
        engine::Cents fee = 0;
        bool leaving = false;  // its refund is in flight
        bool out = false;      // eliminated: the account may re-enter where the tournament allows it
    };

    struct Listed {
        TournamentId id{};
        std::size_t declaration = 0;
        std::optional<TimePoint> deadline;  // Sit&Go: start with the minimum; MTT: start or cancel
        Phase phase = Phase::Registering;
        std::vector<Entry> entries;             // committed buy-ins, in registration order
        std::set<AccountId> joining;            // buy-ins in flight
        std::set<AccountId> overdue;            // buy-ins in flight past the timeout: not holding the start
        std::map<AccountId, int> buy_ins;       // committed buy-ins per account, for the next key
        int entries_made = 0;                   // committed buy-ins, numbering the entrants
        std::optional<TimePoint> over_since;    // finished or cancelled
        bool late_open = false;                 // running, and the director still takes late entries
        bool adopted = false;                   // given back by a restart (adopt)
        std::optional<TimePoint> published_at;  // its last LobbyUpdate (update_interval)
        bool update_owed = false;               // a change not yet published (update_interval)
    };

    struct PendingCreate {
        std::size_t declaration = 0;
        TimePoint opened;                    // a relative start counts from here
        std::chrono::milliseconds shift{0};  // a recurring copy: its fixed start moved by k periods
    };
    struct PendingRegister {
        TournamentId tournament{};
        AccountId account{};
        std::uint64_t client_request = 0;
        bool overdue = false;  // registration_overdue told the player its outcome is not known yet
    };
    struct PendingUnregister {
        TournamentId tournament{};
        AccountId account{};
        std::uint64_t client_request = 0;
    };
    struct PendingLateRefund {  // a buy-in committed after its tournament stopped taking it
        RefundEntry refund;
        std::uint64_t client_request = 0;
    };
    struct PendingCancelRefund {
        RefundEntry refund;
    };
    using Pending = std::variant<PendingCreate, PendingRegister, PendingUnregister, PendingCancelRefund,
                                 PendingLateRefund>;

    RequestId next_request();
    Listed* find(TournamentId id);
    const TournamentDeclaration& declaration_of(const Listed& t) const {
        return declarations_[t.declaration];
    }
    bool in_flight(const Listed& t) const;
    std::optional<v1::Error> refuse_register(const Listed* t, AccountId account, TimePoint now) const;

    void create(std::size_t declaration, TimePoint now, Effects& out,
                std::chrono::milliseconds shift = std::chrono::milliseconds{0});
    // Recurring schedules (lobby_schedule.cpp): the copies due by `now` are opened.
    void open_due_copies(TimePoint now, Effects& out);
    static std::optional<TimePoint> shifted_start(const StartRule& rule, TimePoint opened,
                                                  std::chrono::milliseconds shift);
    void decide_start(Listed& t, TimePoint now, Effects& out);
    void start(Listed& t, TimePoint now, Effects& out);
    void cancel(Listed& t, TimePoint now, Effects& out);
    void reopen(const Listed& t, TimePoint now, Effects& out, bool cancelled = false);
    // A LobbyUpdate of t to every subscriber, now.
    void publish(Listed& t, Effects& out) const;
    // The entrant count changed: publish now, or once the update interval ends (publish_owed).
    void publish_entrants(Listed& t, TimePoint now, Effects& out) const;
    void publish_owed(TimePoint now, Effects& out);
    ListingFacts facts(const Listed& t, std::optional<AccountId> viewer) const;
    static persistence::TournamentState shown_state(Phase phase);
    void drop_old(TimePoint now, Effects& out);
    bool takes_registrations(const Listed& t, TimePoint now) const;
    void refund_late(Listed& t, const persistence::Registration& entry, std::uint64_t client_request,
                     Effects& out);

    std::vector<TournamentDeclaration> declarations_;
    LobbyOptions options_;
    std::map<TournamentId, Listed> listed_;  // by id: stable references, open order
    std::map<RequestId, Pending> pending_;
    std::vector<std::size_t> to_create_;     // opens that failed, retried at the next tick
    std::vector<RefundEntry> owed_refunds_;  // cancellation refunds that failed, retried at the next tick
    struct Recurring {
        TimePoint first;  // when the first copy opened
        int copies = 1;   // opened so far
    };
    std::map<std::size_t, Recurring> recurring_;  // by declaration, for those with `every`
    // Adoption (lobby_adoption.cpp): whether an adopted tournament stands for the declaration's
    // copy at open(), and where its recurring schedule goes on.
    bool stands_for(std::size_t declaration) const;
    Recurring schedule_after_adoption(std::size_t declaration, TimePoint now) const;
    std::map<SubscriberId, std::optional<AccountId>> subscribers_;
    std::uint64_t last_request_ = 0;
    bool stopping_ = false;
};

}  // namespace tavolo::server::lobby
