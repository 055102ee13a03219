#include "server/actors/tournament_recovery.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <map>
#include <memory>

#include "engine/tournament/director_state_text.hpp"
#include "engine/tournament/resume.hpp"
#include "engine/tournament/table_report_text.hpp"
#include "persistence/account_store.hpp"
#include "persistence/engine_state.hpp"
#include "persistence/hand_store.hpp"
#include "persistence/recovery.hpp"
#include "persistence/tournament_pause.hpp"
#include "server/actors/polacco_recovery.hpp"
#include "server/actors/purchase_recovery.hpp"
#include "server/actors/recovery_cancel.hpp"
#include "server/actors/resumed_tournament.hpp"
#include "server/secure_random.hpp"

namespace tavolo::server::actors {

namespace {

using Prepared = std::expected<std::shared_ptr<ResumedTournament>, std::string>;
using persistence::raw;

std::optional<TimePoint> starts_at_of(const persistence::Tournament& t) {
    if (!t.spec.starts_at) return std::nullopt;
    return std::chrono::time_point_cast<std::chrono::milliseconds>(*t.spec.starts_at);
}

const TournamentDeclaration* declared_as(const std::vector<TournamentDeclaration>& declared,
                                         const std::string& name) {
    for (const auto& d : declared)
        if (d.name == name) return &d;
    return nullptr;
}

// Everything a DirectorActor needs to carry on, or why it cannot.
Prepared prepare(persistence::Database& db, const persistence::RecoveredTournament& rt,
                 const TournamentDeclaration& declaration, const engine::TournamentDirector& director,
                 engine::RandomSource& rng) {
    const persistence::SavedDirector& saved = *rt.director;
    auto out =
        std::make_shared<ResumedTournament>(ResumedTournament{{}, {}, director, saved.seq, {}, {}, {}});
    out->start.tournament = rt.tournament.id;
    auto paused = persistence::saved_pause(db, rt.tournament.id);
    if (!paused) return std::unexpected("its pause: " + paused.error().message);
    out->paused = std::move(*paused);
    out->start.declaration = declaration;
    std::map<std::int64_t, const persistence::Registration*> registrations;
    for (const auto& r : rt.registrations)
        registrations[raw(r.id)] = &r;
    persistence::AccountStore accounts(db, persistence::PasswordCost::minimum());  // reads only
    for (auto id : saved.entrants) {
        if (raw(id) == 0) {  // a late entrant's slot whose seating was under way: no entrant
            out->start.entrants.push_back({});
            out->finish_recorded.push_back(false);
            out->names.emplace_back();
            continue;
        }
        const auto it = registrations.find(raw(id));
        if (it == registrations.end())
            return std::unexpected("entrant registration " + std::to_string(raw(id)) +
                                   " is not in the tournament");
        const persistence::Registration& r = *it->second;
        out->start.entrants.push_back({r.account, r.id, r.entry_number});
        out->finish_recorded.push_back(r.finishing_place.has_value());
        auto account = accounts.find(r.account);
        if (!account)
            return std::unexpected("account " + std::to_string(raw(r.account)) + ": " +
                                   account.error().message);
        out->names.push_back(account->name);
    }
    if (static_cast<int>(saved.entrants.size()) < director.entrants())
        return std::unexpected("the save names fewer registrations than the director has entrants");
    std::map<int, const persistence::RecoveredTable*> rows;  // by engine table number
    for (const auto& t : rt.tables)
        rows[t.table_number - 1] = &t;
    std::vector<persistence::TableId> broken;
    for (const auto& [number, row] : rows)
        if (!director.floor().open(number)) broken.push_back(row->id);  // closed by a move not yet recorded
    for (int id = 0; id < director.floor().table_count(); ++id) {
        if (!director.floor().open(id)) continue;
        const auto it = rows.find(id);
        if (it == rows.end()) return std::unexpected("table " + std::to_string(id) + " has no open row");
        const persistence::RecoveredTable& row = *it->second;
        auto state = persistence::poker_table_state(row);
        if (!state) return std::unexpected(state.error().message);
        auto table = engine::Table::restored(*state);
        if (!table)
            return std::unexpected("table " + std::to_string(id) + ": " + engine::to_string(table.error()));
        engine::CommittedTable committed{id, std::move(*table), row.snapshot.hand_number, std::nullopt};
        if (!row.director_report.empty()) {
            auto owed = engine::decode_table_report(row.director_report);
            if (!owed)
                return std::unexpected("table " + std::to_string(id) +
                                       "'s report: " + describe(owed.error()));
            committed.owed = std::move(*owed);
        }
        auto resumed = engine::resume_table(director, std::move(committed), rng);
        if (!resumed) return std::unexpected(resumed.error());
        out->tables.push_back({id, row.id, std::move(resumed->table), std::move(resumed->report)});
    }
    if (!broken.empty())
        if (auto ok = persistence::HandStore(db).save_snapshots({}, broken); !ok)
            return std::unexpected("marking broken tables: " + ok.error().message);
    return out;
}

bool registering(const persistence::RecoveredTournament& rt) {
    using persistence::TournamentState;
    const auto state = rt.tournament.spec.state;
    return state == TournamentState::registering || state == TournamentState::announced;
}

// Resumes, adopts or cancels one unfinished tournament, counted in `outcome`.
void recover_one(persistence::Database& db, const std::vector<TournamentDeclaration>& declared,
                 Tournaments& tournaments, TimePoint now, engine::RandomSource& rng,
                 const persistence::RecoveredTournament& rt, RecoveryOutcome& outcome) {
    const std::int64_t id = raw(rt.tournament.id);
    if (registering(rt)) {
        // The lobby adopts it with its committed registrations if the same declaration is still
        // configured and its start is not long past; else every entry is paid back in full.
        const lobby::AdoptionVerdict verdict = lobby::adoption_of(declared, rt.tournament, now);
        if (verdict.declaration) {
            ++outcome.adopted_registering;
            outcome.adopted.push_back({rt.tournament.id, *verdict.declaration, false,
                                       starts_at_of(rt.tournament), rt.registrations, false});
            spdlog::info("event=tournament_adopted tournament={} name=\"{}\" registrations={}", id,
                         rt.tournament.spec.name, rt.registrations.size());
            return;
        }
        ++outcome.cancelled;
        outcome.errors.push_back("tournament " + std::to_string(id) + ": " + verdict.why_not);
        (void)cancel_at_recovery(db, rt, nullptr, nullptr,
                                 "it was registering when the server stopped, and " + verdict.why_not);
        return;
    }
    const TournamentDeclaration* declaration = declared_as(declared, rt.tournament.spec.name);
    const auto* poker = declaration ? std::get_if<PokerTournament>(&declaration->rules) : nullptr;
    std::optional<engine::TournamentDirector> director;
    std::string why;
    if (declaration == nullptr) {
        why = "no tournament named \"" + rt.tournament.spec.name + "\" is configured any more";
    } else if (poker == nullptr) {
        // Poker Polacco (polacco_recovery.hpp): resumed from its tables and registrations.
        auto resumed = prepare_polacco(db, rt, *declaration, rng);
        if (resumed) {
            outcome.tables += static_cast<int>((*resumed)->rows.size());
            ++outcome.resumed;
            tournaments.resume(std::move(*resumed));
            // Listed by the lobby as running, until its actor reports its end.
            outcome.adopted.push_back({rt.tournament.id,
                                       static_cast<std::size_t>(declaration - declared.data()), true,
                                       starts_at_of(rt.tournament), rt.registrations, false});
            return;
        }
        why = "a Poker Polacco tournament that cannot resume: " + resumed.error();
    } else if (!rt.director) {
        why = "its director saved no decision: no hand was dealt";
    } else {
        auto decoded = engine::decode_director_state(
            rt.director->state,
            engine::DirectorConfig{poker->structure, engine::Pace::Free, poker->payout_table});
        if (!decoded)
            why = engine::describe(decoded.error());
        else
            director.emplace(std::move(*decoded));
    }
    if (director) {
        auto prepared = prepare(db, rt, *declaration, *director, rng);
        if (prepared) {
            (void)pay_back_unplayed_purchases(db, rt, **prepared, poker->structure.rebuys);
            outcome.tables += static_cast<int>((*prepared)->tables.size());
            ++outcome.resumed;
            tournaments.resume(std::move(*prepared));
            // Listed by the lobby as running, until its director reports its end.
            outcome.adopted.push_back(
                {rt.tournament.id, static_cast<std::size_t>(declaration - declared.data()), true,
                 starts_at_of(rt.tournament), rt.registrations, director->late_registration_open()});
            return;
        }
        why = prepared.error();
    }
    ++outcome.cancelled;
    outcome.errors.push_back("tournament " + std::to_string(id) + ": " + why);
    (void)cancel_at_recovery(db, rt, declaration, director ? &*director : nullptr, why);
}

}  // namespace

RecoveryOutcome recover_tournaments(persistence::Database& db,
                                    const std::vector<TournamentDeclaration>& declared,
                                    Tournaments& tournaments, TimePoint now, RecoveryScope scope) {
    RecoveryOutcome outcome;
    auto unfinished = persistence::load_unfinished_tournaments(db);
    if (!unfinished) {
        outcome.errors.push_back("reading the unfinished tournaments: " + unfinished.error().message);
        spdlog::error("event=recovery_failed error=\"{}\"", outcome.errors.back());
        return outcome;
    }
    SecureRandom rng;
    for (const auto& rt : *unfinished)
        if (scope == RecoveryScope::everything || registering(rt))
            recover_one(db, declared, tournaments, now, rng, rt, outcome);
    spdlog::info("event=recovery tournaments_resumed={} tables={} adopted_registering={} cancelled={}",
                 outcome.resumed, outcome.tables, outcome.adopted_registering, outcome.cancelled);
    return outcome;
}

RecoveryOutcome recover_tournament(persistence::Database& db,
                                   const std::vector<TournamentDeclaration>& declared,
                                   Tournaments& tournaments, TimePoint now, persistence::TournamentId id) {
    RecoveryOutcome outcome;
    auto loaded = persistence::load_unfinished_tournament(db, id);
    if (!loaded) {
        outcome.errors.push_back("reading tournament " + std::to_string(raw(id)) + ": " +
                                 loaded.error().message);
        spdlog::error("event=recovery_failed tournament={} error=\"{}\"", raw(id), outcome.errors.back());
        return outcome;
    }
    if (!*loaded || registering(**loaded)) return outcome;  // over, or the lobby's
    SecureRandom rng;
    recover_one(db, declared, tournaments, now, rng, **loaded, outcome);
    spdlog::info("event=tournament_recovered tournament={} resumed={} tables={} cancelled={}", raw(id),
                 outcome.resumed, outcome.tables, outcome.cancelled);
    return outcome;
}

}  // namespace tavolo::server::actors
