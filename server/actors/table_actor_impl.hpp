#pragma once
// The table actor's state and its handlers (table_actor.hpp), shared by table_actor.cpp and
// table_actor_purchases.cpp only: Asio stays out of every other header.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "engine/phh/export.hpp"
#include "engine/phh/writer.hpp"
#include "engine/tournament/table_report_text.hpp"
#include "persistence/engine_state.hpp"
#include "server/actors/chat_log.hpp"
#include "server/actors/clock_state.hpp"
#include "server/actors/dealing_gate.hpp"
#include "server/actors/hand_archive.hpp"
#include "server/actors/on_strand.hpp"
#include "server/actors/shuffle_frames.hpp"
#include "server/actors/table_actor.hpp"
#include "server/actors/table_refusal.hpp"
#include "server/actors/tournament_payments.hpp"
#include "server/metrics/instruments.hpp"
#include "server/operator/chat_guard.hpp"
#include "server/protocol/client_action.hpp"
#include "server/protocol/envelope.hpp"
#include "server/protocol/poker_events.hpp"
#include "server/protocol/table_notices.hpp"
#include "server/protocol/table_snapshot.hpp"
#include "server/secure_random.hpp"
#include "server/session/session_core.hpp"
#include "server/table/table_core.hpp"

namespace tavolo::server::actors {

namespace asio = boost::asio;
namespace v1 = protocol::v1;
using engine::SeatIndex;
using table::Millis;

// A refusal of the core as the protocol words it.
inline protocol::Refusal refusal_of(const table::Refused& r) {
    return refusal_words(r.refusal, r.message, protocol::refusal_of(r.rule));
}

struct TableActor::Impl : std::enable_shared_from_this<Impl> {
    Impl(ActorContext c, TableSetup s)
        : ctx(c),
          setup(std::move(s)),
          strand(asio::make_strand(c.io)),
          clock_timer(strand),
          pause_timer(strand),
          commit_timer(strand),
          purchase_timer(strand),
          core(setup.address.table, rng, setup.clock) {
        core.set_purchase_terms(setup.purchases);
        if (setup.resumed) core.resume(*std::exchange(setup.resumed, std::nullopt));
    }

    ActorContext ctx;
    TableSetup setup;
    Strand strand;
    asio::steady_timer clock_timer;
    asio::steady_timer pause_timer;
    asio::steady_timer commit_timer;    // while a finished hand waits to commit: is the database away?
    asio::steady_timer purchase_timer;  // busted players' time to re-buy
    SecureRandom rng;                   // before core, which deals with it
    table::TableCore core;
    std::set<SessionId> observers;
    // The connection each account last re-attached from: an away notice of an older connection that
    // closed after a newer one re-attached must not show the player away (the newer connection wins).
    std::map<session::AccountIdValue, SessionId> attached;
    std::deque<engine::DirectorMessage> inbox;     // the director's messages not applied yet
    std::map<std::int64_t, MoveNotice> notices;    // by move number, until its SeatPlayer applies
    std::vector<std::string> hand_names;           // by seat, as the hand in play was dealt (its PHH)
    std::vector<engine::EntrantId> hand_entrants;  // by seat, as dealt: a busted player's seat is empty
                                                   // before the hand's last events reach him
    bool pausing = false;                          // the pause before the next hand runs
    bool paused = false;                           // ... and is over: the StartHand at the front may deal
    std::int64_t level_ends_at_ms = 0;
    int pending_commits = 0;         // finished hands not yet durable
    bool awaiting_director = false;  // a finished hand reported, the next not started yet
    bool watching = false;           // commit_timer runs watch_commits()
    bool stopping = false;
    bool voided = false;             // cancelled: the hand in play is void, nothing more is dealt or played
    DealingGate gate;                // no hand starts that cannot be committed
    bool not_acting_logged = false;  // event=table_not_acting said, until the node acts again
    bool operator_hold = false;      // an operator paused the tournament (TableActor::hold)
    bool hold_logged = false;        // ... and the table logged that it waits (event=table_held)
    std::function<void()> quiet;
    bool closed = false;
    std::chrono::system_clock::time_point hand_started_at{};
    const session::TableRequest* current = nullptr;  // the request being handled: refusals answer it
    // Operators (table_actor_moderation.cpp): chat lines numbered from 1, the newest still removable,
    // disqualifications waiting for the hand in play to end.
    ChatLog chat_log;
    std::vector<ModerationRequest> held_sanctions;
    void moderate(ModerationRequest request);
    void apply_sanction(ModerationRequest request, bool held_back);
    void apply_held_sanctions();
    void refuse_held_sanctions(const std::string& why);
    bool chat_admitted();

    Millis now() const { return ctx.clock.now(); }
    const engine::Table& seats() const { return core.table().table(); }

    // ---- who receives what ------------------------------------------------------------------

    // The player in the seat, or, when it is empty, the one dealt there into the hand in play or just
    // ended: a player busted by a hand has left his seat when its last events (the pots awarded, the
    // hand's end, the shuffle's reveal) go out, and he sees them too.
    void to_seat(SeatIndex seat, const Frame& frame) {
        if (seat < 0 || seat >= seats().size()) return;
        const auto dealt = static_cast<std::size_t>(seat) < hand_entrants.size()
                               ? hand_entrants[static_cast<std::size_t>(seat)]
                               : engine::kNoEntrant;
        const engine::EntrantId entrant = seats().occupied(seat) ? seats().at(seat).entrant : dealt;
        if (entrant == engine::kNoEntrant) return;
        if (const RosterEntry* e = setup.roster->find(entrant)) ctx.outbox.to_account(e->account, frame);
    }
    void to_observers(const Frame& frame) {
        for (SessionId s : observers)
            ctx.outbox.to_session(s, frame);
        ctx.outbox.to_operators(setup.address, frame);  // the operators' live feed sees what observers see
    }
    void to(const table::Recipients& recipients, const Frame& frame) {
        for (SeatIndex s : recipients.seats)
            to_seat(s, frame);
        if (recipients.observers) to_observers(frame);
    }
    void to_everyone(const Frame& frame) {
        for (SeatIndex s = 0; s < seats().size(); ++s)
            to_seat(s, frame);
        to_observers(frame);
    }
    void reply(const protocol::Refusal& refusal) {
        if (current == nullptr) {
            spdlog::warn("event=table_refusal_without_request table={}:{} error=\"{}\"",
                         setup.address.tournament_id, setup.address.table, refusal.message);
            return;
        }
        ctx.outbox.to_session(current->from.session, session::serialise(protocol::error_message(
                                                         refusal, current->request_id, setup.address,
                                                         static_cast<std::uint64_t>(core.seq()))));
    }
    // The hand in play, or the last one between hands; 0 before the first.
    engine::HandId hand_id() const {
        return core.in_hand() || seats().hands_played() > 0 ? core.hand().hand_id() : 0;
    }

    // ---- snapshots --------------------------------------------------------------------------

    protocol::SnapshotContext context(const table::ClockView* clock) const {
        protocol::SnapshotContext c;
        c.table = setup.address;
        c.level = core.table().level();
        c.level_ends_at_ms = level_ends_at_ms;
        for (SeatIndex s = 0; s < seats().size(); ++s) {
            if (!seats().occupied(s)) continue;
            const engine::TablePlayer& p = seats().at(s);
            c.players[p.entrant] =
                protocol::PlayerStatus{setup.roster->name_of(p.entrant), p.sitting_out, core.disconnected(s)};
        }
        if (clock != nullptr && clock->seat != engine::kNoSeat) c.clock = clock_state(*clock);
        return c;
    }
    Frame snapshot_frame(const engine::view::PokerViewer& viewer) const {
        const table::TableSnapshot snap = core.snapshot_for(viewer, now());
        return session::serialise(
            protocol::table_message(snapshot_of(snap), static_cast<std::uint64_t>(snap.seq)));
    }
    v1::TableSnapshot snapshot_of(const table::TableSnapshot& snap) const {
        protocol::SnapshotContext c = context(&snap.clock);
        for (SeatIndex s = 0; s < seats().size(); ++s) {
            if (!seats().occupied(s)) continue;
            auto& status = c.players[seats().at(s).entrant];
            status.sitting_out = snap.seat_sitting_out[static_cast<std::size_t>(s)];
            status.disconnected = snap.seat_disconnected[static_cast<std::size_t>(s)];
        }
        c.shuffle_commitment = snap.shuffle_commitment;
        return protocol::table_snapshot(snap.view, c);
    }

    // ---- the operators' look (issue 12) -------------------------------------------------------

    std::optional<RevealedHand> last_revealed;  // the last finished hand's cards

    TableInspection inspection() const {
        TableInspection out;
        out.table = setup.address;
        out.snapshot = snapshot_of(core.snapshot_for(engine::view::PokerViewer::observer(), now()));
        out.paused =
            gate.paused() || stopping || voided || closed || (!core.in_hand() && (pausing || paused));
        out.last_hand = last_revealed;
        return out;
    }

    // The finished hand's cards, for the operators only: called at its HandFinished, so never before
    // the hand has ended.
    void reveal(engine::HandId hand) {
        RevealedHand r;
        r.table = setup.address;
        r.hand = hand;
        for (SeatIndex s = 0; s < static_cast<SeatIndex>(hand_names.size()); ++s) {
            if (hand_names[static_cast<std::size_t>(s)].empty()) continue;
            const auto cards = core.hand().hole_cards(s);
            RevealedSeat seat;
            seat.seat = s;
            seat.entrant = seats().occupied(s) ? seats().at(s).entrant : -1;
            seat.name = hand_names[static_cast<std::size_t>(s)];
            seat.cards = engine::to_string(std::vector<engine::Card>(cards.begin(), cards.end()));
            r.seats.push_back(std::move(seat));
        }
        last_revealed = r;
        ctx.outbox.hand_revealed(r);
    }

    // ---- the core's effects -----------------------------------------------------------------

    void carry_out(const table::Effects& effects) {
        for (const table::Effect& effect : effects)
            std::visit(overloaded{
                           [&](const table::Publish& p) { publish(p); },
                           [&](const table::SeatStatus& s) { status(s); },
                           [&](const table::TableViews& v) { views(v); },
                           [&](const table::ArmTimer& t) { arm(t); },
                           [&](const table::Refused& r) {
                               if (current == nullptr)  // a purchase asked earlier, refused at the hand's end
                                   tell_entrant(r.entrant, refusal_of(r));
                               else
                                   reply(refusal_of(r));
                           },
                           [&](const table::DirectorMessageRefused& r) {
                               spdlog::error("event=director_message_refused table={}:{} error=\"{}\"",
                                             setup.address.tournament_id, setup.address.table, r.message);
                           },
                           [&](const table::HandFinished& f) { persist_then_report(f); },
                           [&](const table::ReportToDirector& r) {
                               if (setup.report) setup.report(r.report);
                           },
                           [&](const table::ShuffleCommitted& c) {
                               to_everyone(commitment_frame(setup.address, c));
                           },
                           [&](const table::ShuffleRevealed& r) { revealed(r); },
                           [&](const table::PurchaseOffer& o) { offer(o); },
                           [&](const table::PayForChips& p) { pay_for(p); },
                           [&](const table::PayBack& p) { pay_back(p.purchase); },
                           [&](const table::ChipsAdded& c) { chips_added(c); },
                           [&](const table::ArmPurchaseTimer& t) { arm_purchase(t); },
                       },
                       effect);
    }

    // The hand's last event: a player who left his seat during the hand has it now, and no more.
    void revealed(const table::ShuffleRevealed& r) {
        to_everyone(reveal_frame(setup.address, r));
        hand_entrants.clear();
    }

    void publish(const table::Publish& p) {
        const engine::HandId hand = hand_id();
        for (const table::Copy& copy : p.copies) {
            v1::TableEvent event = protocol::table_event(copy.seen, setup.address, hand);
            if (p.clock && p.clock->seat != engine::kNoSeat)
                protocol::attach_clock(event, clock_state(*p.clock));
            to(copy.to, session::serialise(
                            protocol::table_message(std::move(event), static_cast<std::uint64_t>(p.seq))));
        }
    }

    void status(const table::SeatStatus& s) {
        const protocol::Someone who{s.seat, s.entrant};
        const bool connection =
            s.reason == table::StatusReason::Disconnected || s.reason == table::StatusReason::Reconnected;
        v1::TableEvent event =
            connection ? protocol::connection_event(setup.address, hand_id(), who, !s.disconnected)
                       : protocol::sitting_out_event(setup.address, hand_id(), who, s.sitting_out);
        to_everyone(
            session::serialise(protocol::table_message(std::move(event), static_cast<std::uint64_t>(s.seq))));
    }

    void views(const table::TableViews& v) {
        const table::ClockView clock = core.clock_at(now());
        for (const auto& [recipients, view] : v.views)
            to(recipients,
               session::serialise(protocol::table_message(protocol::table_snapshot(view, context(&clock)),
                                                          static_cast<std::uint64_t>(v.seq))));
    }

    void arm(const table::ArmTimer& t) {
        clock_timer.expires_at(ctx.clock.steady_deadline(t.at));
        wait_clock(t.hand, t.decision);
    }

    void wait_clock(engine::HandId hand, engine::DecisionNumber decision) {
        clock_timer.async_wait(
            [self = shared_from_this(), hand, decision](const boost::system::error_code& ec) {
                if (ec || self->closed || self->voided) return;  // replaced, closed, or the hand is void
                if (!self->acting()) {  // not before this node knows it still hosts the table
                    self->clock_timer.expires_after(kDatabaseRecheck);
                    self->wait_clock(hand, decision);
                    return;
                }
                self->carry_out(self->core.on_clock_expiry(hand, decision, self->now()));
            });
    }

    // Several nodes: this node's lease on the table is current by its own clock (Fence::acting). A
    // node that stalled past its lease deals nothing, takes no action and runs no clock once awake,
    // until its keeper renews the lease or finds it gone (docs/SCALING.md "Fencing").
    bool acting() {
        const bool yes = ctx.fence == nullptr ||
                         ctx.fence->acting(setup.address.tournament_id, persistence::raw(setup.stored));
        if (!yes && !not_acting_logged)
            spdlog::warn(
                "event=table_not_acting tournament={} table={} reason=\"this node's lease on it is not "
                "confirmed: nothing is dealt, taken or timed until it is\"",
                setup.address.tournament_id, setup.address.table);
        not_acting_logged = !yes;
        return yes;
    }

    // ---- persistence, then the director -----------------------------------------------------

    std::string phh_text() const {
        // The names as dealt: a player busted by the hand has left his seat by now.
        return engine::phh::write_hand(engine::phh::history_of_hand(core.hand(), core.setup(), hand_names));
    }

    void persist_then_report(const table::HandFinished& f) {
        reveal(f.record.hand);
        persistence::HandRecord record;
        record.table = setup.stored;
        record.hand_number = f.record.hand;
        record.started_at = hand_started_at;
        record.ended_at = std::chrono::system_clock::now();
        record.events = encode_poker_events(f.record.events, setup.address, f.record.hand);
        record.phh = phh_text();
        record.result_json = "{\"hand\": " + std::to_string(f.record.hand) +
                             ", \"level\": " + std::to_string(f.record.level) + "}";
        const auto roster = setup.roster;
        auto snapshot = persistence::table_snapshot(
            setup.stored, f.record.hand, f.record.level, f.record.state,
            [roster](std::int64_t entrant) -> std::optional<persistence::SeatOwner> {
                const RosterEntry* e = roster->find(entrant);
                if (e == nullptr) return std::nullopt;
                return persistence::SeatOwner{e->registration, persistence::AccountId{e->account}};
            });
        if (!snapshot) {
            // Never expected (every entrant is on the roster); the tournament goes on unrecorded.
            spdlog::error("event=hand_not_recorded table={}:{} hand={} error=\"{}\"",
                          setup.address.tournament_id, setup.address.table, f.record.hand,
                          snapshot.error().message);
            report(f.report);
            return;
        }
        record.snapshot = std::move(*snapshot);
        record.director_report = engine::encode_table_report(f.report);  // answered again after a crash
        ++pending_commits;
        auto accepted = ctx.writes.submit_hand(
            std::move(record),
            metrics::timed_commit([self = shared_from_this(), report = f.report,
                                   hand = f.record.hand](persistence::StoreResult<void> r) {
                --self->pending_commits;
                if (self->pending_commits == 0 && self->gate.paused() && !self->closed) self->ask_gate();
                if (r)
                    spdlog::debug("event=hand_committed table={}:{} hand={}",
                                  self->setup.address.tournament_id, self->setup.address.table, hand);
                if (!r)
                    spdlog::error("event=hand_commit_failed table={}:{} hand={} error=\"{}\"",
                                  self->setup.address.tournament_id, self->setup.address.table, hand,
                                  r.error().message);
                // Refused by the fence: another node holds the table now and goes on from its last
                // committed hand; a director told of this one would decide on a hand that never was.
                if (r || r.error().code != persistence::StoreErrc::fenced_out) self->report(report);
                self->maybe_quiet();
            }),
            executor_on(strand));
        if (accepted) watch_commits();
        if (!accepted) {
            --pending_commits;
            spdlog::error("event=hand_not_accepted table={}:{} hand={} error=\"{}\"",
                          setup.address.tournament_id, setup.address.table, f.record.hand,
                          accepted.error().message);
            report(f.report);
        }
    }

    void report(const engine::TableReport& r) {
        if (!setup.report || closed) return;
        setup.report(r);
        // Until the director's answer (a decision it saves first): a database that goes away meanwhile
        // is told to the players as it is while a hand waits to commit.
        if (r.finished_hand == 0) return;
        awaiting_director = true;
        watch_commits();
    }

    // ---- the director's messages ------------------------------------------------------------

    void pump() {
        while (!inbox.empty() && !pausing && !closed) {
            const bool start = std::holds_alternative<engine::StartHand>(inbox.front());
            if (start && operator_hold && !hold_logged) {  // the hand in play is over: the table waits
                hold_logged = true;
                spdlog::info("event=table_held tournament={} table={}", setup.address.tournament_id,
                             setup.address.table);
            }
            if (start && (stopping || operator_hold))
                break;  // no new hand after stop_dealing, nor while held
            if (start && !paused && seats().hands_played() > 0 && setup.pause_between_hands.count() > 0) {
                pausing = true;
                pause_timer.expires_after(ctx.clock.real_of(setup.pause_between_hands));
                pause_timer.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
                    if (ec || self->closed) return;
                    self->pausing = false;
                    self->paused = true;
                    self->pump();
                });
                return;
            }
            if (start && !may_deal()) return;  // waits for the database; asks again by itself
            const engine::DirectorMessage message = std::move(inbox.front());
            inbox.pop_front();
            if (start) {
                apply_held_sanctions();  // a disqualification asked during the last hand
                paused = false;
                hand_started_at = std::chrono::system_clock::now();
                awaiting_director = false;
                hand_names.assign(static_cast<std::size_t>(seats().size()), std::string());
                hand_entrants.assign(static_cast<std::size_t>(seats().size()), engine::kNoEntrant);
                for (SeatIndex s = 0; s < seats().size(); ++s)
                    if (seats().occupied(s)) {
                        hand_names[static_cast<std::size_t>(s)] =
                            setup.roster->name_of(seats().at(s).entrant);
                        hand_entrants[static_cast<std::size_t>(s)] = seats().at(s).entrant;
                    }
            }
            if (const auto* seat = std::get_if<engine::SeatPlayer>(&message)) tell_moved(seat->move);
            carry_out(core.on_director(message, now()));
        }
        maybe_quiet();
    }

    // The database can take this table's next hand: otherwise hold, and ask again after a while.
    bool may_deal() {
        if (acting() && ask_gate()) return true;
        pausing = true;
        pause_timer.expires_after(kDatabaseRecheck);
        pause_timer.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
            if (ec || self->closed) return;
            self->pausing = false;
            self->pump();
        });
        return false;
    }

    bool ask_gate() {
        return gate.may_deal(
            ctx.writes.status().database_up, pending_commits, setup.address, [this](bool waiting) {
                const Frame frame = session::serialise(table_paused_message(setup.address, waiting));
                for (SeatIndex s = 0; s < seats().size(); ++s)
                    to_seat(s, frame);
            });
    }

    // A hand that takes long to commit (the database is away) pauses the table until it has.
    // Also while the table waits for the director's answer to a finished hand (`awaiting_director`).
    void watch_commits() {
        if (watching) return;
        watching = true;
        commit_timer.expires_after(kCommitWait);
        commit_timer.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
            self->watching = false;
            if (ec || self->closed || (self->pending_commits == 0 && !self->awaiting_director)) return;
            self->ask_gate();
            self->watch_commits();
        });
    }

    // A moved player hears where he goes just before his seat here, whose views bring him this
    // table's snapshot (move_notices.hpp).
    void tell_moved(std::int64_t move) {
        const auto it = notices.find(move);
        if (it == notices.end()) return;
        ctx.outbox.to_account(it->second.account, it->second.frame);
        notices.erase(it);
    }

    void stop_then_wait(std::function<void()> q);  // below, beside both()

    // ---- re-buys and the add-on (table_actor_purchases.cpp) ----------------------------------

    void offer(const table::PurchaseOffer& o);
    void pay_for(const table::PayForChips& p);
    void pay_back(const table::PayForChips& p);
    void chips_added(const table::ChipsAdded& c);
    void arm_purchase(const table::ArmPurchaseTimer& t);
    void purchase(const session::TableRequest& r, const session::PurchaseRequest& p);
    void tell_entrant(engine::EntrantId entrant, const protocol::Refusal& refusal);

    void maybe_quiet() {
        // A settlement ends by its deadline (a shutdown waits for it; a cancellation ends it at once).
        if (!stopping || !quiet || (core.in_hand() && !voided) || core.settling() || pending_commits > 0)
            return;
        auto call = std::move(quiet);
        quiet = nullptr;
        call();
    }

    // ---- sessions' requests -----------------------------------------------------------------

    struct Held {
        SeatIndex seat = engine::kNoSeat;
        engine::EntrantId entrant = engine::kNoEntrant;
    };
    std::optional<Held> seat_of(session::AccountIdValue account) const {
        for (SeatIndex s = 0; s < seats().size(); ++s) {
            if (!seats().occupied(s)) continue;
            const RosterEntry* e = setup.roster->find(seats().at(s).entrant);
            if (e != nullptr && e->account == account) return Held{s, seats().at(s).entrant};
        }
        return std::nullopt;
    }
    std::optional<Held> seated_or_refuse(const session::TableRequest& r) {
        auto held = seat_of(r.from.account);
        if (!held)
            reply({v1::ERROR_CODE_NOT_SEATED, "you hold no seat at table " +
                                                  std::to_string(setup.address.table) + " of tournament " +
                                                  std::to_string(setup.address.tournament_id) +
                                                  ": only its players may do that (observe it to watch)"});
        return held;
    }

    // A player's request (table_actor_requests.cpp).
    void handle(const session::TableRequest& r);
    bool superseded_away(const session::TableRequest& r) const;
    static bool changes_the_table(const session::TableRequest& r);

    void act(const session::TableRequest& r, const v1::Action& action) {
        auto parsed = protocol::action_of(action, protocol::TableGame::Poker);
        if (!parsed) {
            reply(parsed.error());
            return;
        }
        const auto* command = std::get_if<engine::Command>(&parsed->command);
        if (command == nullptr) {
            reply({v1::ERROR_CODE_BAD_FIELD, "this is a poker table: send a poker command"});
            return;
        }
        auto held = seated_or_refuse(r);
        if (!held) return;
        if (voided) {
            reply({v1::ERROR_CODE_ILLEGAL_ACTION, "the tournament is being cancelled: this hand is void"});
            return;
        }
        const auto received = std::chrono::steady_clock::now();
        carry_out(core.on_action(
            table::PlayerAction{held->entrant, held->seat, parsed->hand, parsed->decision, *command}, now()));
        metrics::instruments().action_broadcast.observe_since(received);
    }

    void chat(const session::TableRequest& r, const session::ChatRequest& c) {
        if (!seat_of(r.from.account) && !observers.contains(r.from.session)) {
            reply({v1::ERROR_CODE_NOT_SEATED,
                   "only the players and observers of a table may chat there: observe it first"});
            return;
        }
        if (!chat_admitted()) return;  // muted or too fast: refused with why
        // A chat line carries the sequence number of the table's last message: it is not a table state
        // message, so it takes no number of its own and a client's count of the table's messages runs on.
        to_everyone(session::serialise(protocol::table_message(
            chat_log.numbered(protocol::chat_line(setup.address, r.from.name, c.text)),
            static_cast<std::uint64_t>(core.seq()))));
    }
};

}  // namespace tavolo::server::actors
