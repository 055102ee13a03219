#include "server/actors/polacco_actor.hpp"

#include "server/operator/chat_guard.hpp"

#include <spdlog/spdlog.h>

#include "persistence/engine_state.hpp"
#include "persistence/tournament_store.hpp"
#include "server/actors/clock_state.hpp"
#include "server/actors/hand_archive.hpp"
#include "server/actors/polacco_actor_impl.hpp"
#include "server/actors/shuffle_frames.hpp"
#include "server/actors/table_refusal.hpp"
#include "server/actors/tournament_payments.hpp"
#include "server/metrics/instruments.hpp"
#include "server/protocol/client_action.hpp"
#include "server/protocol/envelope.hpp"
#include "server/protocol/polacco_events.hpp"
#include "server/protocol/table_notices.hpp"
#include "server/protocol/table_snapshot.hpp"
#include "server/protocol/tournament_events.hpp"
#include "server/session/session_core.hpp"

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

// What the registry holds for each table: a weak handle, so a closed tournament's Impl is not kept
// by the registry.
struct PolaccoEndpoint final : TableEndpoint {
    std::weak_ptr<PolaccoActor::Impl> impl;
    PolaccoTableNumber table;
    PolaccoEndpoint(std::weak_ptr<PolaccoActor::Impl> i, PolaccoTableNumber t)
        : impl(std::move(i)), table(t) {}
    void post(session::TableRequest request) override {
        if (auto self = impl.lock())
            asio::post(self->strand,
                       [self, table = table, request = std::move(request)] { self->handle(table, request); });
    }
    // An operator's chat line removal (polacco_operator.cpp); sanctions are the poker tables' (RULES.md §6).
    void moderate(ModerationRequest request) override {
        auto self = impl.lock();
        if (!self) return request.done({ModerationAnswer::Status::refused, "the table has closed", {}, 0});
        asio::post(self->strand, [self, table = table, request = std::move(request)]() mutable {
            self->moderate(table, std::move(request));
        });
    }
    // The operators' look (issue 12): the observer's snapshot and the cards of the last finished hand.
    void inspect(InspectDone done) override {
        auto self = impl.lock();
        if (!self) return done(std::nullopt);
        asio::post(self->strand, [self, table = table, done = std::move(done)] {
            if (!self->core || self->core->table(table) == nullptr) return done(std::nullopt);
            v1::ServerMessage message;
            if (!message.ParseFromString(
                    *self->snapshot_frame(table, engine::view::PolaccoViewer::observer())))
                return done(std::nullopt);
            TableInspection out;
            out.table = self->address(table);
            out.snapshot = message.table_snapshot();
            if (const PolaccoTableLinks* l = self->links_of(table)) out.last_hand = l->last_revealed;
            done(std::move(out));
        });
    }
};

}  // namespace

// ---- starting -------------------------------------------------------------------------------

void PolaccoActor::Impl::begin() {
    for (const lobby::Entrant& e : start.entrants)
        roster.entrants.push_back({persistence::raw(e.account), e.registration, {}});
    const auto* rules = std::get_if<PolaccoTournament>(&start.declaration.rules);
    if (rules == nullptr) return cannot_go_on("not a Polacco tournament");
    std::vector<PolaccoPlayer> players(start.entrants.size());
    for (std::size_t i = 0; i < players.size(); ++i)
        players[i] = static_cast<PolaccoPlayer>(i);
    auto started = table::PolaccoCore::start(players, rules->config, rng);
    if (!started) return cannot_go_on(protocol::refusal_of(started.error()).message);
    core.emplace(std::move(*started));
    seats = rules->seats;
    const std::vector<PolaccoTableNumber> tables = core->tables();
    add_tables(tables);
    ++pending_opens;
    auto accepted = ctx.writes.submit<std::shared_ptr<const Opened>>(
        [start = start, rows = drawn_rows(tables), owners = owners()](persistence::Database& db) {
            return seat_drawn_tables(db, start, rows, {}, owners);
        },
        [self = shared_from_this()](persistence::StoreResult<std::shared_ptr<const Opened>> r) {
            --self->pending_opens;
            self->opened(r);
        },
        executor_on(strand));
    if (!accepted) {
        --pending_opens;
        cannot_go_on(accepted.error().message);
    }
}

void PolaccoActor::Impl::opened(const persistence::StoreResult<std::shared_ptr<const Opened>>& r) {
    if (!r) return cannot_go_on(r.error().message);
    for (std::size_t i = 0; i < (*r)->names.size(); ++i)
        roster.entrants[i].name = (*r)->names[i];
    if (cancel_run.cancelling) return maybe_refund();  // cancelled while the rows were written: nobody played
    set_up = true;
    for (PolaccoTableNumber t : core->tables())
        for (PolaccoPlayer p : at_table(t))
            ctx.seats.seat(roster.entrants.at(static_cast<std::size_t>(p)).account, address(t));
    v1::TournamentEvent started;
    started.set_tournament_id(id());
    started.mutable_started()->set_entrants(core->tournament().entrants());
    started.mutable_started()->set_prize_pool_cents(core->tournament().prize_pool());
    to_entrants(ctx.outbox, roster, tournament_message(std::move(started)));
    // The tables' snapshots follow the start, then their first hands.
    const std::vector<PolaccoTableNumber> tables = core->tables();
    for (PolaccoTableNumber t : tables)
        carry_out(t, core->open_table(t));
    rows_opened(tables, r);
}

// Registers the core's new tables: links, the registry's endpoints, the seat book.
void PolaccoActor::Impl::add_tables(const std::vector<PolaccoTableNumber>& tables) {
    for (PolaccoTableNumber t : tables) {
        links[t] = std::make_unique<PolaccoTableLinks>(strand);
        registry.add(address(t), std::make_shared<PolaccoEndpoint>(weak_from_this(), t));
    }
}

void PolaccoActor::Impl::deal(PolaccoTableNumber table) {
    PolaccoTableLinks* l = links_of(table);
    if (closed || stopping || cancel_run.cancelling || !core || core->finished() || l == nullptr ||
        !l->dealing)
        return;
    if (operator_pause) {  // an operator paused the tournament: this table waits for the resume
        if (held.insert(table).second) spdlog::info("event=table_held tournament={} table={}", id(), table);
        return;
    }
    if (!may_deal(table, *l)) return;  // the database is away: asks again by itself
    l->hand_started_at = std::chrono::system_clock::now();
    auto effects = core->start_hand(table, now());
    if (const polacco::Hand* h = core->hand(table)) l->current_hand = h->hand_number();
    carry_out(table, effects);
}

// The dealing gate (dealing_gate.hpp): false, and a re-check armed, while the database is away or
// this table's last hands have not committed.
bool PolaccoActor::Impl::may_deal(PolaccoTableNumber table, PolaccoTableLinks& l) {
    const auto tell = [this, table](bool waiting) {
        const Frame frame = session::serialise(table_paused_message(address(table), waiting));
        for (table::PolaccoPlayer p : at_table(table))
            to_player(p, frame);
    };
    // It deals after a pause without waiting for the last commit (a Polacco table deals on its own, not
    // after its report as a poker table): one hand may still wait to commit.
    const int uncommitted = std::max(0, l.pending_commits - 1);
    if (l.gate.may_deal(ctx.writes.status().database_up, uncommitted, address(table), tell)) return true;
    l.pause_timer.expires_after(kDatabaseRecheck);
    l.pause_timer.async_wait([self = shared_from_this(), table](const boost::system::error_code& ec) {
        if (!ec && !self->closed) self->deal(table);
    });
    return false;
}

// The next hand after a pause, so players see the reveal (or their new table).
void PolaccoActor::Impl::deal_after_pause(PolaccoTableNumber table) {
    PolaccoTableLinks* l = links_of(table);
    if (l == nullptr || core->finished()) return;
    l->pause_timer.expires_after(ctx.clock.real_of(options.pause_between_hands));
    l->pause_timer.async_wait([self = shared_from_this(), table](const boost::system::error_code& ec) {
        if (!ec) self->deal(table);
    });
}

// ---- who receives what ------------------------------------------------------------------------

void PolaccoActor::Impl::to_player(PolaccoPlayer player, const Frame& frame) {
    if (const RosterEntry* e = roster.find(player)) ctx.outbox.to_account(e->account, frame);
}

void PolaccoActor::Impl::to(PolaccoTableNumber table, const table::PolaccoRecipients& recipients,
                            const Frame& frame) {
    for (PolaccoPlayer p : recipients.players)
        to_player(p, frame);
    if (const PolaccoTableLinks* l = links_of(table); l && recipients.observers)
        for (SessionId s : l->observers)
            ctx.outbox.to_session(s, frame);
    if (recipients.observers) ctx.outbox.to_operators(address(table), frame);  // the operators' live feed
}

std::vector<PolaccoPlayer> PolaccoActor::Impl::at_table(PolaccoTableNumber table) const {
    std::vector<PolaccoPlayer> out;
    if (const polacco::Table* t = core ? core->table(table) : nullptr)
        for (const polacco::HandPlayer& p : t->seats())
            out.push_back(p.player);
    return out;
}

void PolaccoActor::Impl::to_everyone(PolaccoTableNumber table, const Frame& frame) {
    to(table, table::PolaccoRecipients{at_table(table), true}, frame);
}

void PolaccoActor::Impl::reply(const protocol::Refusal& refusal) {
    if (current == nullptr) return;
    ctx.outbox.to_session(current->from.session, session::serialise(protocol::error_message(
                                                     refusal, current->request_id, address(current_table),
                                                     static_cast<std::uint64_t>(core->seq(current_table)))));
}

protocol::SnapshotContext PolaccoActor::Impl::context(PolaccoTableNumber table, const table::ClockView& clock,
                                                      const std::vector<PolaccoPlayer>& away) const {
    protocol::SnapshotContext c;
    c.table = address(table);
    for (PolaccoPlayer p : at_table(table))
        c.players[p] = protocol::PlayerStatus{roster.name_of(p), false,
                                              std::find(away.begin(), away.end(), p) != away.end()};
    if (clock.player >= 0 && clock.decision > 0) c.clock = clock_state(clock);
    return c;
}

Frame PolaccoActor::Impl::snapshot_frame(PolaccoTableNumber table,
                                         const engine::view::PolaccoViewer& viewer) const {
    const table::PolaccoSnapshot snap = core->snapshot_for(table, viewer, now());
    protocol::SnapshotContext c = context(table, snap.clock, snap.disconnected);
    c.shuffle_commitment = snap.shuffle_commitment;
    return session::serialise(protocol::table_message(protocol::table_snapshot(snap.view, c),
                                                      static_cast<std::uint64_t>(snap.seq)));
}

// ---- the core's effects (all of them for `table`, but the new tables of a recomposition) --------

void PolaccoActor::Impl::carry_out(PolaccoTableNumber table, const table::PolaccoEffects& effects) {
    const protocol::TableAddress here = address(table);
    const std::int64_t hand = links_of(table) ? links_of(table)->current_hand : 0;
    for (const table::PolaccoEffect& effect : effects)
        std::visit(
            overloaded{
                [&](const table::PolaccoPublish& p) {
                    for (const table::PolaccoCopy& copy : p.copies) {
                        v1::TableEvent event = protocol::table_event(copy.seen, here, hand);
                        if (p.clock && p.clock->player >= 0 && p.clock->decision > 0)
                            protocol::attach_clock(event, clock_state(*p.clock));
                        to(table, copy.to,
                           session::serialise(
                               protocol::table_message(std::move(event), static_cast<std::uint64_t>(p.seq))));
                    }
                },
                [&](const table::PolaccoTournamentNews& n) { news(table, n); },
                [&](const table::PolaccoTableViews& v) {
                    const table::PolaccoSnapshot any =
                        core->snapshot_for(table, engine::view::PolaccoViewer::observer(), now());
                    for (const auto& [recipients, view] : v.views)
                        to(table, recipients,
                           session::serialise(protocol::table_message(
                               protocol::table_snapshot(view, context(table, any.clock, any.disconnected)),
                               static_cast<std::uint64_t>(v.seq))));
                },
                [&](const table::PolaccoSeatStatus& s) {
                    to_everyone(
                        table,
                        session::serialise(protocol::table_message(
                            protocol::connection_event(
                                here, hand, protocol::Someone{engine::kNoSeat, s.player}, !s.disconnected),
                            static_cast<std::uint64_t>(s.seq))));
                },
                [&](const table::ArmTimer& t) { arm(table, t); },
                [&](const table::PolaccoRefused& r) { reply(refusal_of(r)); },
                [&](const table::PolaccoHandFinished& f) { persist(table, f); },
                [&](const table::ShuffleCommitted& c) { to_everyone(table, commitment_frame(here, c)); },
                [&](const table::ShuffleRevealed& r) { to_everyone(table, reveal_frame(here, r)); },
                [&](const table::PolaccoTablesDrawn& d) { redraw(table, d); },
            },
            effect);
}

void PolaccoActor::Impl::arm(PolaccoTableNumber table, const table::ArmTimer& t) {
    PolaccoTableLinks* l = links_of(table);
    if (l == nullptr || cancel_run.cancelling) return;  // a void hand's clock runs no more
    l->clock_timer.expires_at(ctx.clock.steady_deadline(t.at));
    l->clock_timer.async_wait([self = shared_from_this(), table, hand = t.hand,
                               decision = t.decision](const boost::system::error_code& ec) {
        if (ec || self->closed || self->cancel_run.cancelling) return;
        self->carry_out(table, self->core->on_clock_expiry(table, hand, decision, self->now()));
    });
}

// The news take a sequence number: the table's viewers get the table as it stands at that number
// (there is no table event for a place), and every entrant the places as tournament events. With
// no number the table closed with the hand (a recomposition follows).
void PolaccoActor::Impl::news(PolaccoTableNumber table, const table::PolaccoTournamentNews& n) {
    if (n.seq != 0 && core->table(table) != nullptr) {
        for (PolaccoPlayer p : at_table(table))
            to_player(p, snapshot_frame(table, engine::view::PolaccoViewer::player(p)));
        const Frame observer = snapshot_frame(table, engine::view::PolaccoViewer::observer());
        if (const PolaccoTableLinks* l = links_of(table))
            for (SessionId s : l->observers)
                ctx.outbox.to_session(s, observer);
        ctx.outbox.to_operators(address(table), observer);
        tell_waiting(table, n);
    }
    pay_new_places(table);
}

void PolaccoActor::Impl::persist(PolaccoTableNumber table, const table::PolaccoHandFinished& f) {
    PolaccoTableLinks* l = links_of(table);
    if (l == nullptr) return;
    reveal(table, f);
    const protocol::TableAddress here = address(table);
    persistence::HandRecord record;
    record.table = l->stored;
    record.hand_number = f.hand;
    record.started_at = l->hand_started_at;
    record.ended_at = std::chrono::system_clock::now();
    record.events = encode_polacco_events(f.events, here, f.hand);
    record.result_json = "{\"hand\": " + std::to_string(f.hand) + "}";
    record.snapshot.table = l->stored;
    record.snapshot.hand_number = f.hand;
    if (f.state) {
        const Roster& r = roster;
        auto snapshot = persistence::table_snapshot(
            l->stored, f.hand, 0, *f.state,
            [&r](std::int64_t player) -> std::optional<persistence::SeatOwner> {
                const RosterEntry* e = r.find(player);
                if (e == nullptr) return std::nullopt;
                return persistence::SeatOwner{e->registration, persistence::AccountId{e->account}};
            });
        if (snapshot)
            record.snapshot = std::move(*snapshot);
        else
            spdlog::error("event=polacco_state_not_recorded tournament={} table={} hand={} error=\"{}\"",
                          id(), table, f.hand, snapshot.error().message);
    }
    ++pending_commits;
    if (l != nullptr) ++l->pending_commits;
    auto accepted = ctx.writes.submit_hand(
        std::move(record),
        metrics::timed_commit([self = shared_from_this(), table,
                               hand = f.hand](persistence::StoreResult<void> r) {
            --self->pending_commits;
            if (PolaccoTableLinks* of_table = self->links_of(table)) --of_table->pending_commits;
            if (!r)
                spdlog::error("event=hand_commit_failed tournament={} table={} hand={} error=\"{}\"",
                              self->id(), table, hand, r.error().message);
            else
                spdlog::debug("event=hand_committed tournament={} table={} hand={}", self->id(), table, hand);
            self->maybe_quiet();
            self->maybe_refund();
        }),
        executor_on(strand));
    if (!accepted) {
        --pending_commits;
        if (l != nullptr) --l->pending_commits;
        spdlog::error("event=hand_not_accepted tournament={} table={} hand={} error=\"{}\"", id(), table,
                      f.hand, accepted.error().message);
    }
    deal_after_pause(table);  // nothing when the table closed or paused: the core deals no hand there
}

// ---- sessions' requests -------------------------------------------------------------------------

std::optional<PolaccoPlayer> PolaccoActor::Impl::player_of(PolaccoTableNumber table,
                                                           session::AccountIdValue account) const {
    const auto entrant = roster.entrant_of(account);
    if (!entrant) return std::nullopt;
    const auto players = at_table(table);
    if (std::find(players.begin(), players.end(), *entrant) == players.end()) return std::nullopt;
    return *entrant;
}

std::optional<PolaccoPlayer> PolaccoActor::Impl::seated_or_refuse(PolaccoTableNumber table,
                                                                  const session::TableRequest& r) {
    auto player = player_of(table, r.from.account);
    if (!player)
        reply({v1::ERROR_CODE_NOT_SEATED,
               "you do not play at this Polacco table: only its players may do that (observe it to watch)"});
    return player;
}

// An away notice from a connection older than the one the account re-attached from last.
bool PolaccoActor::Impl::superseded_away(const session::TableRequest& r) const {
    auto it = attached.find(r.from.account);
    return it != attached.end() && it->second != r.from.session;
}

void PolaccoActor::Impl::handle(PolaccoTableNumber table, const session::TableRequest& r) {
    PolaccoTableLinks* l = links_of(table);
    if (closed || !core || l == nullptr) return;
    current = &r;
    current_table = table;
    std::visit(
        overloaded{
            [&](const v1::Action& a) {
                auto parsed = protocol::action_of(a, protocol::TableGame::Polacco);
                if (!parsed) return reply(parsed.error());
                const auto* command = std::get_if<protocol::PolaccoCommand>(&parsed->command);
                if (command == nullptr)
                    return reply(
                        {v1::ERROR_CODE_BAD_FIELD, "this is a Polacco table: send a Polacco command"});
                auto player = seated_or_refuse(table, r);
                if (!player) return;
                if (cancel_run.cancelling)
                    return reply({v1::ERROR_CODE_ILLEGAL_ACTION,
                                  "the tournament is being cancelled: this hand is void"});
                const auto received = std::chrono::steady_clock::now();
                carry_out(table, core->on_action(table,
                                                 table::PolaccoAction{*player, parsed->hand, parsed->decision,
                                                                      command_of(*command)},
                                                 now()));
                metrics::instruments().action_broadcast.observe_since(received);
            },
            [&](const session::SitOutRequest&) {
                reply({v1::ERROR_CODE_ILLEGAL_ACTION,
                       "a Polacco table has no sitting out: the turn clock plays for a player who is away"});
            },
            [&](const session::ChatRequest& c) {
                if (!player_of(table, r.from.account) && !l->observers.contains(r.from.session))
                    return reply(
                        {v1::ERROR_CODE_NOT_SEATED,
                         "only the players and observers of a table may chat there: observe it first"});
                if (ctx.chat != nullptr) {  // mutes and the chat rate (chat_guard.hpp)
                    const auto verdict = ctx.chat->admit(r.from.account, std::chrono::system_clock::now());
                    if (!verdict.allowed())
                        return reply({verdict.refusal == operators::ChatVerdict::Refusal::muted
                                          ? v1::ERROR_CODE_MUTED
                                          : v1::ERROR_CODE_CHAT_RATE_LIMITED,
                                      verdict.message});
                }
                to_everyone(
                    table, session::serialise(protocol::table_message(
                               l->chat_log.numbered(protocol::chat_line(address(table), r.from.name, c.text)),
                               static_cast<std::uint64_t>(core->seq(table)))));
            },
            [&](const session::ObserveRequest&) {
                ctx.outbox.to_session(r.from.session,
                                      snapshot_frame(table, engine::view::PolaccoViewer::observer()));
                l->observers.insert(r.from.session);
            },
            [&](const session::StopObservingRequest&) { l->observers.erase(r.from.session); },
            [&](const session::ReattachRequest&) {
                if (auto player = seated_or_refuse(table, r)) {
                    ctx.outbox.to_session(
                        r.from.session, snapshot_frame(table, engine::view::PolaccoViewer::player(*player)));
                    attached[r.from.account] = r.from.session;
                    carry_out(table, core->set_disconnected(table, *player, false));
                }
            },
            [&](const session::AwayNotice&) {
                l->observers.erase(r.from.session);
                if (superseded_away(r)) return;
                if (auto player = player_of(table, r.from.account))
                    carry_out(table, core->set_disconnected(table, *player, true));
            },
            [&](const session::ClientSeedRequest& seed) {
                if (auto player = seated_or_refuse(table, r))
                    carry_out(table, core->set_client_seed(table, *player, seed.bytes));
            },
            [&](const session::PurchaseRequest&) {
                reply({v1::ERROR_CODE_PURCHASE_REFUSED, "Poker Polacco has no re-buys and no add-on"});
            },
        },
        r.body);
    current = nullptr;
}

PolaccoActor::PolaccoActor(ActorContext context, TableRegistry& registry, LobbyNotices* lobby,
                           PolaccoOptions options, lobby::StartTournament start, std::function<void()> done)
    : impl_(std::make_shared<Impl>(context, registry, lobby, options, std::move(start), std::move(done))) {
    asio::post(impl_->strand, [impl = impl_] { impl->begin(); });
}

PolaccoActor::~PolaccoActor() = default;

void PolaccoActor::post(session::TableRequest request) {
    asio::post(impl_->strand,
               [impl = impl_, request = std::move(request)] { impl->handle(request.table.table, request); });
}

void PolaccoActor::stop_dealing(std::function<void()> quiet) {
    asio::post(impl_->strand, [impl = impl_, quiet = std::move(quiet)]() mutable {
        impl->stopping = true;
        impl->quiet = std::move(quiet);
        for (auto& [table, links] : impl->links)
            links->pause_timer.cancel();
        impl->maybe_quiet();
    });
}

}  // namespace tavolo::server::actors
