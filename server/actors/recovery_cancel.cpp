#include "server/actors/recovery_cancel.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>

#include "engine/tournament/cancellation.hpp"
#include "persistence/tournament_store.hpp"

namespace tavolo::server::actors {

namespace {

bool live(const persistence::Registration& r) {
    using persistence::RegistrationState;
    return r.state == RegistrationState::registered || r.state == RegistrationState::playing;
}

}  // namespace

std::optional<std::string> cancel_at_recovery(persistence::Database& db,
                                              const persistence::RecoveredTournament& t,
                                              const engine::TournamentDirector* director,
                                              const std::string& reason) {
    const std::int64_t id = persistence::raw(t.tournament.id);
    spdlog::error("event=tournament_cancelled_at_recovery tournament={} reason=\"{}\"", id, reason);
    persistence::TournamentStore store(db);
    std::map<std::int64_t, const persistence::Registration*> by_id;
    for (const auto& r : t.registrations)
        by_id[persistence::raw(r.id)] = &r;
    // (registration, amount): from the director's books when they read, else every live entry in full.
    std::vector<std::pair<const persistence::Registration*, engine::Cents>> refunds;
    bool planned = false;
    if (director != nullptr && t.director) {
        engine::CancellationTerms terms;
        terms.kind = t.tournament.spec.kind;
        terms.guarantee = t.tournament.spec.guarantee;
        terms.rebuy_open = director->rebuy_period();
        terms.prizes = director->prizes();
        auto c =
            engine::cancellation_case(terms, director->floor(), director->ranking(), director->payments());
        auto plan = c ? engine::plan_refunds(*c) : std::unexpected(c.error());
        if (plan) {
            planned = true;
            for (const auto& line : plan->lines) {
                const auto e = static_cast<std::size_t>(line.entrant);
                if (e >= t.director->entrants.size()) continue;
                auto it = by_id.find(persistence::raw(t.director->entrants[e]));
                if (it != by_id.end()) refunds.emplace_back(it->second, line.amount);
            }
        } else {
            spdlog::error("event=cancellation_plan_refused tournament={} error=\"{}\"", id,
                          engine::to_string(plan.error()));
        }
    }
    if (!planned)
        for (const auto& r : t.registrations)
            if (live(r)) refunds.emplace_back(&r, r.paid);
    std::optional<std::string> problem;
    for (const auto& [r, amount] : refunds) {
        if (amount <= 0) continue;
        const engine::Cents from_house = std::min(r->fee, amount);  // the fees come back from the house
        auto done = store.refund(r->id, amount - from_house, from_house,
                                 "cancel:" + std::to_string(persistence::raw(r->id)));
        if (!done) {
            problem = "registration " + std::to_string(persistence::raw(r->id)) + ": " + done.error().message;
            spdlog::error("event=refund_failed tournament={} {}", id, *problem);
        }
    }
    if (auto ok = store.set_state(t.tournament.id, persistence::TournamentState::cancelled); !ok)
        problem = ok.error().message;
    return problem;
}

}  // namespace tavolo::server::actors
