#pragma once
// What the technical cancellation tests share (cancellation_test.cpp, polacco_cancellation_test.cpp,
// polacco_restart_cancel_test.cpp): a Polacco declaration, counts of what players saw, the outcomes
// of Tournaments::cancel collected from other threads, the ledger's and the news' checks, and a stop
// that waits until every table is still and every finished hand committed.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "engine/tournament/refunds.hpp"
#include "persistence/ledger.hpp"
#include "server/actors/tournament_cancellation.hpp"
#include "tests/server/actors/actors_support.hpp"

namespace tavolo::server::actors::testing {

inline TournamentDeclaration polacco(const std::string& name, engine::TournamentKind kind, int players) {
    TournamentDeclaration d =
        default_declaration(name, TournamentGame::Polacco, kind, engine::Betting::NoLimit);
    auto& p = std::get<PolaccoTournament>(d.rules);
    p.min_players = 2;
    p.max_players = players;
    if (kind == engine::TournamentKind::SitAndGo) p.seats = players;
    return d;
}

// Hands ended (table, hand) or players eliminated (entrant), once each whoever was told.
inline std::size_t count_of(const std::vector<Received>& log, bool (*is)(const v1::ServerMessage&)) {
    std::set<std::pair<std::int64_t, std::int64_t>> seen;
    for (const Received& r : log) {
        if (!is(r.message)) continue;
        if (r.message.has_table_event())
            seen.emplace(r.message.table_event().table().table(), r.message.table_event().hand());
        else
            seen.emplace(-1, r.message.tournament_event().eliminated().entrant());
    }
    return seen.size();
}
inline bool hand_ended(const v1::ServerMessage& m) {
    return m.has_table_event() && m.table_event().has_polacco_hand_ended();
}
inline bool eliminated(const v1::ServerMessage& m) {
    return m.has_tournament_event() && m.tournament_event().has_eliminated();
}

// The outcome's refunds are the engine's plan for the case it was computed from, line for line, each
// split between pool and house; by entrant (an entrant with no line gets nothing).
inline std::map<engine::EntrantId, engine::Cents> expect_engine_plan(const CancellationOutcome& outcome) {
    std::map<engine::EntrantId, engine::Cents> refund_of;
    const auto plan = engine::plan_refunds(outcome.refund_case);
    EXPECT_TRUE(plan.has_value());
    if (!plan) return refund_of;
    EXPECT_EQ(plan->lines.size(), outcome.refunds.size());
    EXPECT_FALSE(outcome.refunds.empty());
    for (std::size_t i = 0; i < plan->lines.size() && i < outcome.refunds.size(); ++i) {
        EXPECT_EQ(outcome.refunds[i].entrant, plan->lines[i].entrant);
        EXPECT_EQ(outcome.refunds[i].amount, plan->lines[i].amount);
        EXPECT_EQ(outcome.refunds[i].from_pool + outcome.refunds[i].from_house, outcome.refunds[i].amount);
        refund_of[plan->lines[i].entrant] = plan->lines[i].amount;
    }
    return refund_of;
}

// Outcomes collected from other threads.
struct Outcomes {
    std::mutex mutex;
    std::vector<CancellationOutcome> all;
    void add(Recorder& wake, const CancellationOutcome& o) {
        {
            std::lock_guard lock(mutex);
            all.push_back(o);
        }
        wake.poke();
    }
    std::size_t size() {
        std::lock_guard lock(mutex);
        return all.size();
    }
};

inline std::int64_t ledger_transactions(Harness& h) {
    return h.db().count("SELECT count(*) FROM ledger_transactions");
}

inline void expect_ledger_exact(Harness& h) {
    const auto audit = persistence::Ledger(h.db().db()).audit().value();
    EXPECT_EQ(audit.sum_of_entries, 0);
    EXPECT_EQ(audit.negative_wallets, 0);
    EXPECT_EQ(audit.mismatched_balances, 0);
}

// Tournaments::stop_dealing, then waits for its quiet and the write path: the database then holds
// everything the actors know (what a restart would find).
inline bool stop_and_settle(Harness& h) {
    std::atomic<bool> quiet{false};
    h.tournaments.stop_dealing([&] {
        quiet = true;
        h.outbox.poke();
    });
    return h.outbox.wait([&](const std::vector<Received>&) { return quiet.load(); }) && h.idle();
}

// The prize pool emptied (prizes and refunds took what the players paid in), the tournament
// cancelled, the lobby told, every entrant told once with the reason and every refund.
inline void expect_cancellation_told(Harness& h, const lobby::StartTournament& start,
                                     const CancellationOutcome& outcome, const std::string& reason) {
    const std::string id = std::to_string(persistence::raw(start.tournament));
    EXPECT_EQ(h.db().count("SELECT w.balance FROM wallets w JOIN tournaments t ON t.prize_pool_wallet_id = "
                           "w.id WHERE t.id = " +
                           id),
              0);
    EXPECT_EQ(h.db().query("SELECT state FROM tournaments WHERE id = " + id), "cancelled");
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>&) { return !h.lobby.cancelled().empty(); }));
    EXPECT_EQ(h.lobby.cancelled(), std::vector<std::int64_t>{persistence::raw(start.tournament)});
    EXPECT_TRUE(h.lobby.finished().empty());
    std::map<session::AccountIdValue, int> told;
    for (const Received& r : h.outbox.log()) {
        if (!r.message.has_tournament_event() || !r.message.tournament_event().has_cancelled()) continue;
        ++told[r.account];
        const auto& c = r.message.tournament_event().cancelled();
        EXPECT_EQ(c.reason(), reason);
        EXPECT_EQ(static_cast<std::size_t>(c.refunds_size()), outcome.refunds.size());
    }
    for (const auto& e : start.entrants)
        EXPECT_EQ(told[persistence::raw(e.account)], 1);
}

// Cancelled again, after: the same outcome and nothing moves; the refunds replayed on the database
// pay nothing (their keys).
inline void expect_second_cancel_pays_nothing(Harness& h, const lobby::StartTournament& start,
                                              const CancellationOutcome& outcome, const std::string& reason) {
    const std::int64_t before = ledger_transactions(h);
    Outcomes again;
    h.tournaments.cancel(persistence::raw(start.tournament), reason,
                         [&](const auto& o) { again.add(h.outbox, o); });
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>&) { return again.size() == 1; }));
    EXPECT_TRUE(again.all[0].cancelled);
    EXPECT_EQ(again.all[0].refunds.size(), outcome.refunds.size());
    auto replay = pay_refunds(h.db().db(), start.tournament, outcome.refunds);
    EXPECT_TRUE(replay.has_value()) << (replay ? "" : replay.error().message);
    EXPECT_EQ(ledger_transactions(h), before);
    EXPECT_TRUE(h.idle());
}

}  // namespace tavolo::server::actors::testing
