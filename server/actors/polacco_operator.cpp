// PolaccoActor's side of the operator API (issue 12), as the poker director's (director_operator.cpp):
// an operator's pause and resume, and the refund preview. Each runs on the actor's strand.
#include <spdlog/spdlog.h>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "persistence/tournament_pause.hpp"
#include "server/actors/dealing_gate.hpp"
#include "server/actors/polacco_actor_impl.hpp"
#include "server/actors/polacco_cancellation.hpp"
#include "server/session/session_core.hpp"

namespace tavolo::server::actors {

namespace asio = boost::asio;
namespace polacco = engine::polacco;

void PolaccoActor::Impl::tell_paused(PolaccoTableNumber table, bool paused, const std::string& reason) {
    auto message = table_paused_message(address(table), paused);
    message.mutable_tournament_event()->mutable_table_paused()->set_reason(reason);
    const Frame frame = session::serialise(message);
    for (table::PolaccoPlayer p : at_table(table))
        to_player(p, frame);
}

// Paused: the hand in play at each table is played to its end, the next is not dealt (deal() adds the
// table to `held`). Resumed: every held table deals at once.
void PolaccoActor::Impl::set_paused(bool paused, const std::string& reason) {
    if (paused)
        operator_pause = reason;
    else
        operator_pause.reset();
    for (const auto& [table, l] : links) {
        (void)l;
        tell_paused(table, paused, reason);
    }
    spdlog::info("event={} tournament={} reason=\"{}\"", paused ? "tournament_paused" : "tournament_resumed",
                 id(), reason);
    // Kept with the tournament's row, so a restart resumes it as it is now (polacco_recovery.cpp).
    auto kept = ctx.writes.submit<void>(
        [tournament = start.tournament, saved = operator_pause](persistence::Database& db) {
            return persistence::save_pause(db, tournament, saved);
        },
        [tournament = id(), paused](persistence::StoreResult<void> r) {
            if (!r)
                spdlog::error("event=pause_not_saved tournament={} paused={} error=\"{}\"", tournament,
                              paused, r.error().message);
        },
        executor_on(strand));
    if (!kept)
        spdlog::error("event=pause_not_saved tournament={} paused={} error=\"{}\"", id(), paused,
                      kept.error().message);
    if (paused) return;
    const std::set<PolaccoTableNumber> waiting = std::move(held);
    held.clear();
    for (PolaccoTableNumber t : waiting)
        deal(t);
}

void PolaccoActor::Impl::reveal(PolaccoTableNumber table, const table::PolaccoHandFinished& f) {
    PolaccoTableLinks* l = links_of(table);
    if (l == nullptr) return;
    RevealedHand r;
    r.table = address(table);
    r.hand = f.hand;
    std::map<polacco::PlayerId, std::vector<engine::Card>> cards;
    for (const polacco::Event& e : f.events) {
        if (const auto* started = std::get_if<polacco::HandStarted>(&e)) {
            for (std::size_t i = 0; i < started->seats.size(); ++i) {
                RevealedSeat seat;
                seat.seat = static_cast<std::int32_t>(i);
                seat.entrant = started->seats[i].player;
                const auto p = static_cast<std::size_t>(started->seats[i].player);
                seat.name = p < roster.entrants.size() ? roster.entrants[p].name : std::string();
                r.seats.push_back(std::move(seat));
            }
        } else if (const auto* dealt = std::get_if<polacco::CardDealt>(&e)) {
            if (dealt->card) cards[dealt->to].push_back(*dealt->card);
        }
    }
    for (RevealedSeat& seat : r.seats)
        seat.cards = engine::to_string(cards[static_cast<polacco::PlayerId>(seat.entrant)]);
    l->last_revealed = r;
    ctx.outbox.hand_revealed(r);
}

void PolaccoActor::Impl::moderate(PolaccoTableNumber table, ModerationRequest request) {
    using Status = ModerationAnswer::Status;
    PolaccoTableLinks* l = links_of(table);
    if (closed || cancel_run.cancelling || l == nullptr || !core)
        return request.done(
            {Status::refused, "the table has closed or its tournament is being cancelled", {}, 0});
    const auto* remove = std::get_if<RemoveChatLine>(&request.what);
    if (remove == nullptr)
        return request.done(
            {Status::refused,
             "a Poker Polacco table takes no RULES.md §6 sanction (its penalties are the game's)",
             {},
             0});
    auto said = l->chat_log.remove(remove->line);
    if (!said)
        return request.done({Status::unknown_line,
                             "no chat line " + std::to_string(remove->line) + " is shown at this table",
                             {},
                             0});
    to_everyone(table, session::serialise(chat_removed_message(address(table),
                                                               static_cast<std::uint64_t>(core->seq(table)),
                                                               remove->line, remove->reason)));
    request.done({Status::applied, *said, {}, 0});
}

void PolaccoActor::set_paused(bool paused, std::string reason,
                              std::function<void(std::expected<void, std::string>)> done) {
    asio::post(impl_->strand, [impl = impl_, paused, reason = std::move(reason), done = std::move(done)] {
        if (!impl->set_up || !impl->core || impl->core->finished() || impl->closed)
            return done(std::unexpected(std::string("the tournament is not playing (starting or over)")));
        if (impl->cancel_run.cancelling)
            return done(std::unexpected(std::string("the tournament is being cancelled")));
        if (impl->operator_pause.has_value() == paused)
            return done(
                std::unexpected(std::string(paused ? "the tournament is paused already: resume it first"
                                                   : "the tournament is not paused")));
        impl->set_paused(paused, reason);
        done({});
    });
}

std::string PolaccoActor::Impl::snapshot_json() const {
    namespace json = boost::json;
    json::object out;
    out["id"] = id();
    out["name"] = start.declaration.name;
    out["game"] = "polacco";
    out["paused"] = operator_pause.has_value();
    out["state"] = core && core->finished() ? "finished" : cancel_run.cancelling ? "cancelling" : "running";
    if (!set_up || !core) {
        out["starting"] = true;  // the first tables' rows are being written
        return json::serialize(out);
    }
    const auto name_of = [this](engine::polacco::PlayerId p) {
        return p >= 0 && static_cast<std::size_t>(p) < roster.entrants.size()
                   ? roster.entrants[static_cast<std::size_t>(p)].name
                   : std::string();
    };
    const auto& t = core->tournament();
    out["entrants"] = t.entrants();
    out["remaining"] = t.remaining();
    out["final_table"] = t.final_table();
    out["draws"] = t.draws();
    out["prize_pool_cents"] = t.prize_pool();
    json::array payouts;
    for (std::size_t i = 0; i < t.prizes().size(); ++i)
        payouts.push_back(json::object{{"place", i + 1}, {"prize_cents", t.prizes()[i]}});
    out["payouts"] = std::move(payouts);
    json::array tables_out;
    for (PolaccoTableNumber number : core->tables()) {
        const engine::polacco::Table* table = core->table(number);
        if (table == nullptr) continue;
        json::array players;
        for (const auto& seat : table->seats())
            players.push_back(json::object{{"name", name_of(seat.player)},
                                           {"penalties", seat.penalties},
                                           {"pass_available", seat.pass_available}});
        tables_out.push_back(json::object{{"table", number},
                                          {"hands_played", table->hands_played()},
                                          {"in_hand", table->hand_in_progress()},
                                          {"held", held.contains(number)},
                                          {"players", std::move(players)}});
    }
    out["tables"] = std::move(tables_out);
    json::array standings;
    for (const auto& s : t.standings())
        standings.push_back(
            json::object{{"name", name_of(s.player)}, {"place", s.place}, {"prize_cents", s.prize}});
    out["standings"] = std::move(standings);
    return json::serialize(out);
}

void PolaccoActor::inspect(std::function<void(std::string)> done) {
    asio::post(impl_->strand, [impl = impl_, done = std::move(done)] { done(impl->snapshot_json()); });
}

void PolaccoActor::preview_cancel(std::function<void(std::expected<CancellationOutcome, std::string>)> done) {
    asio::post(impl_->strand, [impl = impl_, done = std::move(done)] {
        if (impl->cancel_run.cancelling || impl->cancel_run.over)
            return done(std::unexpected(std::string("the tournament is cancelled already")));
        done(impl->set_up && impl->core
                 ? plan_polacco_cancellation(*impl->core, impl->start.declaration, impl->roster)
                 : plan_unstarted(impl->start.declaration.buy_in(), impl->roster));
    });
}

}  // namespace tavolo::server::actors
