// The poker director's side of the operator API (issue 12; director_actor.hpp, "The operator API"):
// an operator's pause and resume, a snapshot of the tournament, and the refund preview. Each runs on
// the director's strand, so nothing here reads the director's state from another thread.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "persistence/tournament_pause.hpp"
#include "server/actors/director_actor_impl.hpp"

namespace tavolo::server::actors {

namespace json = boost::json;

void DirectorActor::Impl::set_paused(bool paused, const std::string& reason) {
    if (paused) {
        paused_at = ctx.clock.now();
        tick_timer.cancel();  // the level clock stands still
    } else {
        started_at += ctx.clock.now() - *paused_at;
        paused_at.reset();
    }
    for (const auto& [table, actor] : tables) {
        (void)table;
        actor->hold(paused, reason);
    }
    spdlog::info("event={} tournament={} reason=\"{}\"", paused ? "tournament_paused" : "tournament_resumed",
                 id(), reason);
    // Kept with the tournament's row, so a restart resumes it as it is now (tournament_recovery.cpp).
    auto kept = ctx.writes.submit<void>(
        [tournament = start.tournament, saved = paused ? std::optional<std::string>(reason) : std::nullopt](
            persistence::Database& db) { return persistence::save_pause(db, tournament, saved); },
        [tournament = id(), paused](persistence::StoreResult<void> r) {
            if (!r)
                spdlog::error(
                    "event=pause_not_saved tournament={} paused={} error=\"{}\": a restart resumes "
                    "it as it was last saved",
                    tournament, paused, r.error().message);
        },
        executor_on(strand));
    if (!kept)
        spdlog::error("event=pause_not_saved tournament={} paused={} error=\"{}\"", id(), paused,
                      kept.error().message);
    if (!paused) arm_tick();
}

std::string DirectorActor::Impl::snapshot_json() const {
    json::object out;
    out["id"] = id();
    out["name"] = start.declaration.name;
    out["game"] = to_string(start.declaration.game);
    out["state"] = director && director->finished() ? "finished"
                   : cancel_run.cancelling          ? "cancelling"
                                                    : "running";
    out["paused"] = paused_at.has_value();
    if (!director) {
        out["starting"] = true;  // the tables' rows are being opened
        return json::serialize(out);
    }
    const engine::TournamentStructure& s = rules->structure;
    const auto clock = engine::clock_at(s, since_start());
    const engine::Stakes stakes = director->stakes(director->level());
    out["level"] = director->level();
    out["stakes"] = json::object{
        {"small_blind", stakes.small_blind}, {"big_blind", stakes.big_blind}, {"ante", stakes.ante}};
    out["clock"] =
        json::object{{"elapsed_ms", since_start().count()},
                     {"level_ends_at_ms", level_ends_at_ms()},
                     {"level_duration_ms", std::chrono::duration_cast<Millis>(s.level_duration).count()},
                     {"on_break", clock.on_break},
                     {"break_left_ms", std::chrono::duration_cast<Millis>(clock.break_left).count()},
                     {"paused", paused_at.has_value()}};
    out["entrants"] = director->entrants();
    out["remaining"] = director->remaining();
    out["starting_stack"] = s.starting_stack;
    out["rebuys"] = director->rebuys();
    out["addons"] = director->addons();
    out["chips_in_play"] = director->chips_in_play();
    out["prize_pool_cents"] = director->prize_pool();
    json::array payouts;
    const auto prizes = director->prizes();
    for (std::size_t i = 0; i < prizes.size(); ++i)
        payouts.push_back(json::object{{"place", i + 1}, {"prize_cents", prizes[i]}});
    out["payouts"] = std::move(payouts);

    // Where each entrant sits, from the floor (the last report of each table, moves since).
    struct Where {
        int table = -1;
        int seat = -1;
        engine::Chips stack = 0;
    };
    std::vector<Where> where(roster->entrants.size());
    json::array tables_out;
    const engine::Floor& floor = director->floor();
    floor.for_each_open([&](int t) {
        const engine::TableView& view = floor.table(t);
        json::array players;
        for (engine::SeatIndex seat = 0; seat < view.size(); ++seat) {
            if (!view.occupied(seat)) continue;
            const engine::TablePlayer& p = view.at(seat);
            const auto* e = roster->find(p.entrant);
            players.push_back(json::object{{"seat", seat},
                                           {"entrant", p.entrant},
                                           {"name", e ? e->name : std::string()},
                                           {"stack", p.stack}});
            if (e) where[static_cast<std::size_t>(p.entrant)] = {t, seat, p.stack};
        }
        tables_out.push_back(json::object{{"table", t},  // from 0, as TableRef.table and the API
                                          {"button", view.button()},
                                          {"in_hand", view.in_hand()},
                                          {"hand_playing", director->hand_playing(t)},
                                          {"players", std::move(players)}});
    });
    out["tables"] = std::move(tables_out);

    std::vector<int> place_of(roster->entrants.size(), 0);
    for (const auto& p : director->ranking().placings())
        if (p.entrant >= 0 && static_cast<std::size_t>(p.entrant) < place_of.size())
            place_of[static_cast<std::size_t>(p.entrant)] = p.place;
    json::array players_out;
    for (std::size_t i = 0; i < roster->entrants.size() && i < entries_used; ++i) {
        const RosterEntry& e = roster->entrants[i];
        json::object p{{"entrant", i},
                       {"name", e.name},
                       {"account", e.account},
                       {"registration", persistence::raw(e.registration)},
                       {"stack", where[i].stack},
                       {"state", place_of[i] > 0       ? "out"
                                 : where[i].table >= 0 ? "playing"
                                                       : "moving"}};
        if (where[i].table >= 0) {
            p["table"] = where[i].table;
            p["seat"] = where[i].seat;
        }
        if (place_of[i] > 0) p["place"] = place_of[i];
        players_out.push_back(std::move(p));
    }
    out["players"] = std::move(players_out);
    return json::serialize(out);
}

void DirectorActor::set_paused(bool paused, std::string reason,
                               std::function<void(std::expected<void, std::string>)> done) {
    asio::post(impl_->strand, [impl = impl_, paused, reason = std::move(reason), done = std::move(done)] {
        if (!impl->director || impl->director->finished())
            return done(std::unexpected(std::string("the tournament is not playing (starting or over)")));
        if (impl->cancel_run.cancelling)
            return done(std::unexpected(std::string("the tournament is being cancelled")));
        if (impl->paused_at.has_value() == paused)
            return done(
                std::unexpected(std::string(paused ? "the tournament is paused already: resume it first"
                                                   : "the tournament is not paused")));
        impl->set_paused(paused, reason);
        done({});
    });
}

void DirectorActor::inspect(std::function<void(std::string)> done) {
    asio::post(impl_->strand, [impl = impl_, done = std::move(done)] { done(impl->snapshot_json()); });
}

void DirectorActor::preview_cancel(
    std::function<void(std::expected<CancellationOutcome, std::string>)> done) {
    asio::post(impl_->strand, [impl = impl_, done = std::move(done)] {
        if (impl->cancel_run.cancelling || impl->cancel_run.over)
            return done(std::unexpected(std::string("the tournament is cancelled already")));
        done(impl->set_up ? plan_cancellation(*impl->director, impl->rules->structure, *impl->roster)
                          : plan_unstarted(impl->start.declaration.buy_in(), *impl->roster));
    });
}

}  // namespace tavolo::server::actors
