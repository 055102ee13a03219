#include "server/actors/polacco_actor.hpp"
#include "server/actors/shuffle_frames.hpp"
#include "server/actors/table_refusal.hpp"
#include "server/actors/tournament_opening.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/steady_timer.hpp>
#include <map>
#include <optional>
#include <set>

#include "persistence/account_store.hpp"
#include "persistence/engine_state.hpp"
#include "persistence/tournament_store.hpp"
#include "server/actors/dealing_gate.hpp"
#include "server/actors/hand_archive.hpp"
#include "server/actors/on_strand.hpp"
#include "server/actors/roster.hpp"
#include "server/actors/tournament_payments.hpp"
#include "server/protocol/client_action.hpp"
#include "server/protocol/envelope.hpp"
#include "server/protocol/polacco_events.hpp"
#include "server/protocol/table_notices.hpp"
#include "server/protocol/table_snapshot.hpp"
#include "server/protocol/tournament_events.hpp"
#include "server/secure_random.hpp"
#include "server/session/session_core.hpp"
#include "server/table/polacco_core.hpp"

namespace tavolo::server::actors {

namespace asio = boost::asio;
namespace v1 = protocol::v1;
namespace polacco = engine::polacco;
using table::Millis;
using table::PolaccoPlayer;

namespace {

protocol::Refusal refusal_of(const table::PolaccoRefused& r) {
    return refusal_words(r.refusal, r.message, protocol::refusal_of(r.error));
}

table::PolaccoCommand command_of(const protocol::PolaccoCommand& c) {
    return std::visit(
        overloaded{
            [](const protocol::ChooseDirection& d) -> table::PolaccoCommand {
                return table::ChooseDirection{d.direction};
            },
            [](const protocol::Declare& d) -> table::PolaccoCommand { return table::Declare{d.punto}; },
            [](const protocol::Doubt&) -> table::PolaccoCommand { return table::Doubt{}; },
            [](const protocol::Pass&) -> table::PolaccoCommand { return table::PassTurn{}; },
        },
        c);
}

}  // namespace

struct PolaccoActor::Impl : std::enable_shared_from_this<Impl> {
    Impl(ActorContext c, TableRegistry& r, LobbyNotices* l, PolaccoOptions o, lobby::StartTournament s,
         std::function<void()> d)
        : ctx(c),
          registry(r),
          lobby(l),
          options(o),
          start(std::move(s)),
          done(std::move(d)),
          strand(asio::make_strand(c.io)),
          clock_timer(strand),
          pause_timer(strand) {}

    ActorContext ctx;
    TableRegistry& registry;
    LobbyNotices* lobby;
    PolaccoOptions options;
    lobby::StartTournament start;
    std::function<void()> done;
    Strand strand;
    asio::steady_timer clock_timer;
    asio::steady_timer pause_timer;
    DealingGate gate;  // no hand starts that cannot be committed
    SecureRandom rng;  // the core keeps a pointer to it: it lives as long as the core
    std::optional<table::PolaccoCore> core;
    Roster roster;
    persistence::TableId stored{};
    std::set<SessionId> observers;
    // The connection each account last re-attached from: an away notice of an older connection that
    // closed after a newer one re-attached must not show the player away (the newer connection wins).
    std::map<session::AccountIdValue, SessionId> attached;
    std::int64_t current_hand = 0;
    std::chrono::system_clock::time_point hand_started_at{};
    std::size_t standings_paid = 0;
    int pending_commits = 0;
    int pending_finishes = 0;
    bool results_sent = false;
    bool closed = false;
    bool stopping = false;
    std::function<void()> quiet;
    const session::TableRequest* current = nullptr;

    std::int64_t id() const { return persistence::raw(start.tournament); }
    protocol::TableAddress address() const { return {id(), 0}; }
    Millis now() const { return ctx.clock.now(); }

    // ---- starting -----------------------------------------------------------------------------

    void begin() {
        const auto* rules = std::get_if<PolaccoTournament>(&start.declaration.rules);
        if (rules == nullptr) {
            spdlog::error("event=tournament_not_started tournament={} error=\"not a Polacco tournament\"",
                          id());
            return;
        }
        for (const lobby::Entrant& e : start.entrants)
            roster.entrants.push_back({persistence::raw(e.account), e.registration, {}});
        std::vector<PolaccoPlayer> players(start.entrants.size());
        for (std::size_t i = 0; i < players.size(); ++i)
            players[i] = static_cast<PolaccoPlayer>(i);
        auto started = table::PolaccoCore::start(players, rules->config, rng);
        if (!started) {
            spdlog::error("event=tournament_not_started tournament={} error=\"{}\"", id(),
                          protocol::refusal_of(started.error()).message);
            return;
        }
        core.emplace(std::move(*started));
        const std::vector<TableToOpen> rows{{1, rules->seats}};
        auto accepted = ctx.writes.submit<std::shared_ptr<const Opened>>(
            [start = start, rows](persistence::Database& db) { return open_tournament(db, start, rows); },
            [self = shared_from_this()](persistence::StoreResult<std::shared_ptr<const Opened>> r) {
                self->opened(r);
            },
            executor_on(strand));
        if (!accepted)
            spdlog::error("event=tournament_not_started tournament={} error=\"{}\"", id(),
                          accepted.error().message);
    }

    void opened(const persistence::StoreResult<std::shared_ptr<const Opened>>& r) {
        if (!r) {
            spdlog::error("event=tournament_not_started tournament={} error=\"{}\"", id(), r.error().message);
            return;
        }
        for (std::size_t i = 0; i < (*r)->names.size(); ++i)
            roster.entrants[i].name = (*r)->names[i];
        stored = (*r)->tables.front();
        for (const RosterEntry& e : roster.entrants)
            ctx.seats.seat(e.account, address());
        v1::TournamentEvent started;
        started.set_tournament_id(id());
        started.mutable_started()->set_entrants(core->tournament().entrants());
        started.mutable_started()->set_prize_pool_cents(core->tournament().prize_pool());
        to_entrants(ctx.outbox, roster, tournament_message(std::move(started)));
        deal();
    }

    void deal() {
        if (closed || stopping || !core || core->finished()) return;
        if (!may_deal()) return;  // the database is away: asks again by itself
        hand_started_at = std::chrono::system_clock::now();
        auto effects = core->start_hand(now());
        if (const polacco::Hand* h = core->hand()) current_hand = h->hand_number();
        carry_out(effects);
    }

    bool may_deal() {
        const auto tell = [this](bool waiting) {
            const Frame frame = session::serialise(table_paused_message(address(), waiting));
            for (PolaccoPlayer p : at_table())
                to_player(p, frame);
        };
        // It deals after a pause without waiting for the last commit: one hand may wait to commit.
        if (gate.may_deal(ctx.writes.status().database_up, std::max(0, pending_commits - 1), address(), tell))
            return true;
        pause_timer.expires_after(kDatabaseRecheck);
        pause_timer.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
            if (!ec && !self->closed) self->deal();
        });
        return false;
    }

    // ---- who receives what ------------------------------------------------------------------

    void to_player(PolaccoPlayer player, const Frame& frame) {
        if (const RosterEntry* e = roster.find(player)) ctx.outbox.to_account(e->account, frame);
    }
    void to(const table::PolaccoRecipients& recipients, const Frame& frame) {
        for (PolaccoPlayer p : recipients.players)
            to_player(p, frame);
        if (recipients.observers)
            for (SessionId s : observers)
                ctx.outbox.to_session(s, frame);
    }
    std::vector<PolaccoPlayer> at_table() const {
        std::vector<PolaccoPlayer> out;
        if (core && core->table())
            for (const polacco::HandPlayer& p : core->table()->seats())
                out.push_back(p.player);
        return out;
    }
    void to_everyone(const Frame& frame) { to(table::PolaccoRecipients{at_table(), true}, frame); }
    void reply(const protocol::Refusal& refusal) {
        if (current == nullptr) return;
        ctx.outbox.to_session(current->from.session, session::serialise(protocol::error_message(
                                                         refusal, current->request_id, address(),
                                                         static_cast<std::uint64_t>(core->seq()))));
    }

    protocol::SnapshotContext context(const table::ClockView& clock,
                                      const std::vector<PolaccoPlayer>& away) const {
        protocol::SnapshotContext c;
        c.table = address();
        for (PolaccoPlayer p : at_table())
            c.players[p] = protocol::PlayerStatus{roster.name_of(p), false,
                                                  std::find(away.begin(), away.end(), p) != away.end()};
        if (clock.player >= 0 && clock.decision > 0)
            c.clock = protocol::ClockState{clock.decision, (clock.base_left + clock.warning_left).count(),
                                           clock.bank_left.count()};
        return c;
    }
    Frame snapshot_frame(const engine::view::PolaccoViewer& viewer) const {
        const table::PolaccoSnapshot snap = core->snapshot_for(viewer, now());
        protocol::SnapshotContext c = context(snap.clock, snap.disconnected);
        c.shuffle_commitment = snap.shuffle_commitment;
        return session::serialise(protocol::table_message(protocol::table_snapshot(snap.view, c),
                                                          static_cast<std::uint64_t>(snap.seq)));
    }

    // ---- the core's effects -----------------------------------------------------------------

    void carry_out(const table::PolaccoEffects& effects) {
        for (const table::PolaccoEffect& effect : effects)
            std::visit(
                overloaded{
                    [&](const table::PolaccoPublish& p) {
                        for (const table::PolaccoCopy& copy : p.copies)
                            to(copy.to, session::serialise(protocol::table_message(
                                            protocol::table_event(copy.seen, address(), current_hand),
                                            static_cast<std::uint64_t>(p.seq))));
                    },
                    [&](const table::PolaccoTournamentNews&) { news(); },
                    [&](const table::PolaccoTableViews& v) {
                        const table::PolaccoSnapshot any =
                            core->snapshot_for(engine::view::PolaccoViewer::observer(), now());
                        for (const auto& [recipients, view] : v.views)
                            to(recipients,
                               session::serialise(protocol::table_message(
                                   protocol::table_snapshot(view, context(any.clock, any.disconnected)),
                                   static_cast<std::uint64_t>(v.seq))));
                    },
                    [&](const table::PolaccoSeatStatus& s) {
                        to_everyone(session::serialise(protocol::table_message(
                            protocol::connection_event(address(), current_hand,
                                                       protocol::Someone{engine::kNoSeat, s.player},
                                                       !s.disconnected),
                            static_cast<std::uint64_t>(s.seq))));
                    },
                    [&](const table::ArmTimer& t) { arm(t); },
                    [&](const table::PolaccoRefused& r) { reply(refusal_of(r)); },
                    [&](const table::PolaccoHandFinished& f) { persist(f); },
                    [&](const table::ShuffleCommitted& c) { to_everyone(commitment_frame(address(), c)); },
                    [&](const table::ShuffleRevealed& r) { to_everyone(reveal_frame(address(), r)); },
                },
                effect);
    }

    void arm(const table::ArmTimer& t) {
        clock_timer.expires_at(ctx.clock.steady_deadline(t.at));
        clock_timer.async_wait([self = shared_from_this(), hand = t.hand,
                                decision = t.decision](const boost::system::error_code& ec) {
            if (ec || self->closed) return;
            self->carry_out(self->core->on_clock_expiry(hand, decision, self->now()));
        });
    }

    // The news take a sequence number: the table's viewers get the table as it stands at that number
    // (there is no table event for a place), and every entrant the places as tournament events.
    void news() {
        if (core->table() != nullptr) {
            for (PolaccoPlayer p : at_table())
                to_player(p, snapshot_frame(engine::view::PolaccoViewer::player(p)));
            const Frame observer = snapshot_frame(engine::view::PolaccoViewer::observer());
            for (SessionId s : observers)
                ctx.outbox.to_session(s, observer);
        }
        pay_new_places();
    }

    void pay_new_places() {
        const auto& standings = core->tournament().standings();
        for (; standings_paid < standings.size(); ++standings_paid) {
            const polacco::Standing& s = standings[standings_paid];
            const RosterEntry& e = roster.entrants.at(static_cast<std::size_t>(s.player));
            if (s.place != 1)
                to_entrants(ctx.outbox, roster,
                            tournament_message(protocol::eliminated(
                                id(), engine::Placing{static_cast<engine::EntrantId>(s.player), s.place, 1},
                                e.name, s.prize)));
            if (s.place != 1) ctx.seats.unseat(e.account, address());
            ++pending_finishes;
            // After the hand just submitted for this table: the write path keeps the order.
            pay_place(ctx, stored, id(), e, s.place, s.prize, executor_on(strand),
                      [self = shared_from_this()](bool) {
                          --self->pending_finishes;
                          self->maybe_finish();
                          self->maybe_quiet();
                      });
        }
    }

    void persist(const table::PolaccoHandFinished& f) {
        persistence::HandRecord record;
        record.table = stored;
        record.hand_number = f.hand;
        record.started_at = hand_started_at;
        record.ended_at = std::chrono::system_clock::now();
        record.events = encode_polacco_events(f.events, address(), f.hand);
        record.result_json = "{\"hand\": " + std::to_string(f.hand) + "}";
        record.snapshot.table = stored;
        record.snapshot.hand_number = f.hand;
        if (f.state) {
            const Roster& r = roster;
            auto snapshot = persistence::table_snapshot(
                stored, f.hand, 0, *f.state,
                [&r](std::int64_t player) -> std::optional<persistence::SeatOwner> {
                    const RosterEntry* e = r.find(player);
                    if (e == nullptr) return std::nullopt;
                    return persistence::SeatOwner{e->registration, persistence::AccountId{e->account}};
                });
            if (snapshot)
                record.snapshot = std::move(*snapshot);
            else
                spdlog::error("event=polacco_state_not_recorded tournament={} hand={} error=\"{}\"", id(),
                              f.hand, snapshot.error().message);
        }
        ++pending_commits;
        auto accepted = ctx.writes.submit_hand(
            std::move(record),
            [self = shared_from_this(), hand = f.hand](persistence::StoreResult<void> r) {
                --self->pending_commits;
                if (!r)
                    spdlog::error("event=hand_commit_failed tournament={} hand={} error=\"{}\"", self->id(),
                                  hand, r.error().message);
                self->maybe_quiet();
            },
            executor_on(strand));
        if (!accepted) {
            --pending_commits;
            spdlog::error("event=hand_not_accepted tournament={} hand={} error=\"{}\"", id(), f.hand,
                          accepted.error().message);
        }
        // The next hand after a pause, so players see the reveal.
        if (!core->finished()) {
            pause_timer.expires_after(ctx.clock.real_of(options.pause_between_hands));
            pause_timer.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
                if (!ec) self->deal();
            });
        }
    }

    void maybe_finish() {
        if (!core || !core->finished() || pending_finishes > 0 || results_sent) return;
        results_sent = true;
        std::vector<protocol::FinalPlace> results;
        for (const polacco::Standing& s : core->tournament().standings())
            results.push_back({engine::Placing{static_cast<engine::EntrantId>(s.player), s.place, 1},
                               roster.name_of(s.player), s.prize});
        to_entrants(ctx.outbox, roster, tournament_message(protocol::finished(id(), results)));
        spdlog::info("event=tournament_finished tournament={} entrants={}", id(),
                     core->tournament().entrants());
        if (lobby != nullptr) lobby->tournament_finished(start.tournament);
        pause_timer.cancel();
        close_timer_start();
    }

    void close_timer_start() {
        pause_timer.expires_after(ctx.clock.real_of(options.close_after));
        pause_timer.async_wait(
            [self = shared_from_this()](const boost::system::error_code&) { self->close(); });
    }

    void close() {
        if (closed) return;
        closed = true;
        clock_timer.cancel();
        registry.remove(address());
        for (const RosterEntry& e : roster.entrants)
            ctx.seats.unseat(e.account, address());
        observers.clear();
        maybe_quiet();
        if (done) {
            auto call = std::move(done);
            done = nullptr;
            call();
        }
    }

    void maybe_quiet() {
        if (!stopping || !quiet) return;
        const bool in_hand = !closed && core && core->in_hand();
        if (in_hand || pending_commits > 0 || pending_finishes > 0) return;
        auto call = std::move(quiet);
        quiet = nullptr;
        call();
    }

    // ---- sessions' requests -----------------------------------------------------------------

    std::optional<PolaccoPlayer> player_of(session::AccountIdValue account) const {
        const auto entrant = roster.entrant_of(account);
        if (!entrant) return std::nullopt;
        const auto players = at_table();
        if (std::find(players.begin(), players.end(), *entrant) == players.end()) return std::nullopt;
        return *entrant;
    }
    std::optional<PolaccoPlayer> seated_or_refuse(const session::TableRequest& r) {
        auto player = player_of(r.from.account);
        if (!player)
            reply({v1::ERROR_CODE_NOT_SEATED,
                   "you do not play at this Polacco table: only its players may do that "
                   "(observe it to watch)"});
        return player;
    }

    // An away notice from a connection older than the one the account re-attached from last.
    bool superseded_away(const session::TableRequest& r) const {
        auto it = attached.find(r.from.account);
        return it != attached.end() && it->second != r.from.session;
    }

    void handle(const session::TableRequest& r) {
        if (closed || !core) return;
        current = &r;
        std::visit(
            overloaded{
                [&](const v1::Action& a) {
                    auto parsed = protocol::action_of(a, protocol::TableGame::Polacco);
                    if (!parsed) return reply(parsed.error());
                    const auto* command = std::get_if<protocol::PolaccoCommand>(&parsed->command);
                    if (command == nullptr)
                        return reply(
                            {v1::ERROR_CODE_BAD_FIELD, "this is a Polacco table: send a Polacco command"});
                    auto player = seated_or_refuse(r);
                    if (!player) return;
                    carry_out(core->on_action(
                        table::PolaccoAction{*player, parsed->hand, parsed->decision, command_of(*command)},
                        now()));
                },
                [&](const session::SitOutRequest&) {
                    reply({v1::ERROR_CODE_ILLEGAL_ACTION,
                           "a Polacco table has no sitting out: the turn clock plays for a player who is "
                           "away"});
                },
                [&](const session::ChatRequest& c) {
                    if (!player_of(r.from.account) && !observers.contains(r.from.session))
                        return reply(
                            {v1::ERROR_CODE_NOT_SEATED,
                             "only the players and observers of a table may chat there: observe it first"});
                    to_everyone(session::serialise(
                        protocol::table_message(protocol::chat_line(address(), r.from.name, c.text),
                                                static_cast<std::uint64_t>(core->seq()))));
                },
                [&](const session::ObserveRequest&) {
                    ctx.outbox.to_session(r.from.session,
                                          snapshot_frame(engine::view::PolaccoViewer::observer()));
                    observers.insert(r.from.session);
                },
                [&](const session::StopObservingRequest&) { observers.erase(r.from.session); },
                [&](const session::ReattachRequest&) {
                    if (auto player = seated_or_refuse(r)) {
                        ctx.outbox.to_session(r.from.session,
                                              snapshot_frame(engine::view::PolaccoViewer::player(*player)));
                        attached[r.from.account] = r.from.session;
                        carry_out(core->set_disconnected(*player, false));
                    }
                },
                [&](const session::AwayNotice&) {
                    observers.erase(r.from.session);
                    if (superseded_away(r)) return;
                    if (auto player = player_of(r.from.account))
                        carry_out(core->set_disconnected(*player, true));
                },
                [&](const session::ClientSeedRequest& seed) {
                    if (auto player = seated_or_refuse(r))
                        carry_out(core->set_client_seed(*player, seed.bytes));
                },
            },
            r.body);
        current = nullptr;
    }
};

namespace {

// What the registry holds: a weak handle, so a closed table's Impl is not kept by the registry.
struct PolaccoEndpoint final : TableEndpoint {
    std::weak_ptr<PolaccoActor::Impl> impl;
    explicit PolaccoEndpoint(std::weak_ptr<PolaccoActor::Impl> i) : impl(std::move(i)) {}
    void post(session::TableRequest request) override {
        if (auto self = impl.lock())
            asio::post(self->strand, [self, request = std::move(request)] { self->handle(request); });
    }
};

}  // namespace

PolaccoActor::PolaccoActor(ActorContext context, TableRegistry& registry, LobbyNotices* lobby,
                           PolaccoOptions options, lobby::StartTournament start, std::function<void()> done)
    : impl_(std::make_shared<Impl>(context, registry, lobby, options, std::move(start), std::move(done))) {
    registry.add(impl_->address(), std::make_shared<PolaccoEndpoint>(impl_));
    asio::post(impl_->strand, [impl = impl_] { impl->begin(); });
}

PolaccoActor::~PolaccoActor() = default;

void PolaccoActor::post(session::TableRequest request) {
    asio::post(impl_->strand, [impl = impl_, request = std::move(request)] { impl->handle(request); });
}

void PolaccoActor::stop_dealing(std::function<void()> quiet) {
    asio::post(impl_->strand, [impl = impl_, quiet = std::move(quiet)]() mutable {
        impl->stopping = true;
        impl->quiet = std::move(quiet);
        impl->pause_timer.cancel();
        impl->maybe_quiet();
    });
}

}  // namespace tavolo::server::actors
