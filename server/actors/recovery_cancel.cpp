#include "server/actors/recovery_cancel.hpp"

#include <spdlog/spdlog.h>

#include <map>

#include "server/actors/stored_cancellation.hpp"
#include "server/actors/tournament_cancellation.hpp"

namespace tavolo::server::actors {

namespace {

bool live(const persistence::Registration& r) {
    using persistence::RegistrationState;
    return r.state == RegistrationState::registered || r.state == RegistrationState::playing;
}

// Every live entry back in full: the prize part from the pool, the fee from the house.
std::vector<CancelRefund> in_full(const persistence::RecoveredTournament& t) {
    std::vector<CancelRefund> refunds;
    for (const auto& r : t.registrations) {
        if (!live(r) || r.paid <= 0) continue;
        const engine::Cents fee = std::min(r.fee, r.paid);
        refunds.push_back({.entrant = engine::kNoEntrant,
                           .registration = r.id,
                           .account = persistence::raw(r.account),
                           .amount = r.paid,
                           .from_pool = r.paid - fee,
                           .from_house = fee,
                           .key = cancel_key(r.id)});
    }
    return refunds;
}

// The director's entrants (its save names their registrations) as a roster for plan_cancellation.
std::optional<Roster> roster_of(const persistence::RecoveredTournament& t) {
    if (!t.director) return std::nullopt;
    std::map<std::int64_t, const persistence::Registration*> by_id;
    for (const auto& r : t.registrations)
        by_id[persistence::raw(r.id)] = &r;
    Roster roster;
    for (persistence::RegistrationId registration : t.director->entrants) {
        const auto it = by_id.find(persistence::raw(registration));
        if (it == by_id.end()) return std::nullopt;
        roster.entrants.push_back({persistence::raw(it->second->account), registration, {}});
    }
    return roster;
}

// The refunds §7 gives, from the best record there is.
std::vector<CancelRefund> refunds_of(const persistence::RecoveredTournament& t,
                                     const TournamentDeclaration* declaration,
                                     const engine::TournamentDirector* director) {
    const std::int64_t id = persistence::raw(t.tournament.id);
    const auto* poker = declaration ? std::get_if<PokerTournament>(&declaration->rules) : nullptr;
    if (poker != nullptr && director != nullptr)
        if (auto roster = roster_of(t)) {
            auto plan = plan_cancellation(*director, poker->structure, *roster);
            if (plan) return plan->refunds;
            spdlog::error("event=cancellation_plan_refused tournament={} from=director error=\"{}\"", id,
                          plan.error());
        }
    if (declaration != nullptr && t.tournament.spec.state == persistence::TournamentState::running) {
        auto plan = plan_recovered_cancellation(t, *declaration);
        if (plan) {
            if (!plan->error.empty())
                spdlog::warn("event=cancellation_plan_partial tournament={} error=\"{}\"", id, plan->error);
            return plan->refunds;
        }
        spdlog::error("event=cancellation_plan_refused tournament={} from=snapshots error=\"{}\"", id,
                      plan.error());
    }
    return in_full(t);
}

}  // namespace

std::optional<std::string> cancel_at_recovery(persistence::Database& db,
                                              const persistence::RecoveredTournament& t,
                                              const TournamentDeclaration* declaration,
                                              const engine::TournamentDirector* director,
                                              const std::string& reason) {
    const std::int64_t id = persistence::raw(t.tournament.id);
    const auto refunds = refunds_of(t, declaration, director);
    auto paid = pay_refunds(db, t.tournament.id, refunds);
    engine::Cents total = 0;
    for (const CancelRefund& r : refunds)
        total += r.amount;
    if (!paid) {
        spdlog::error("event=tournament_cancel_failed tournament={} error=\"{}\" reason=\"{}\"", id,
                      paid.error().message, reason);
        return paid.error().message;
    }
    spdlog::error(
        "event=tournament_cancelled_at_recovery tournament={} refunds={} total_cents={} reason=\"{}\"", id,
        refunds.size(), total, reason);
    return std::nullopt;
}

}  // namespace tavolo::server::actors
