// At a restart, a running Poker Polacco tournament (Sit&Go or MTT) cannot resume (its engine is not
// restorable yet) and is cancelled per RULES.md §7 from the last committed snapshot of each table
// (issue 11 item 4): "chips" are the lives left the snapshots hold (6 - cards held), places and
// prizes already paid come from the registrations and are not paid again; not every entry in full
// as before. The plan from the database alone is the live actor's plan to the cent (same keys, so
// either one paid after the other moves nothing), and recover_tournaments run twice pays once.
#include <gtest/gtest.h>

#include <map>

#include "engine/tournament/refunds.hpp"
#include "persistence/recovery.hpp"
#include "persistence/tournament_store.hpp"
#include "server/actors/recovery_cancel.hpp"
#include "server/actors/stored_cancellation.hpp"
#include "server/actors/tournament_recovery.hpp"
#include "tests/server/actors/actors_support.hpp"
#include "tests/server/actors/cancellation_support.hpp"
#include "tests/server/actors/scripted_players.hpp"

namespace tavolo::server::actors::testing {
namespace {

// The lobby's time for recover_tournaments (a start long past is refunded, not adopted).
server::TimePoint now_utc() {
    return std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());
}

constexpr double kSpeed = 20.0;
const std::string kReason = "test: the deck server broke";

// Played until an elimination (or a good many hands), stopped, then planned from the database alone
// and cancelled live: the same refunds, split and keys.
void expect_stored_plan_is_live_plan(const TournamentDeclaration& declaration, int players_count,
                                     std::uint64_t seed) {
    Harness h(kSpeed);
    ScriptedPlayers players(h, seed);
    const auto start = h.tournament(declaration, players_count);
    const std::int64_t id = persistence::raw(start.tournament);
    h.tournaments.start(start);
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>& log) {
        return count_of(log, eliminated) > 0 || count_of(log, hand_ended) >= 30;
    }));
    // Every table still, every finished hand and place committed: the database holds what the core knows.
    ASSERT_TRUE(stop_and_settle(h));
    auto all = persistence::load_unfinished_tournaments(h.db().db());
    ASSERT_TRUE(all.has_value()) << all.error().message;
    ASSERT_EQ(all->size(), 1U);
    auto stored = plan_recovered_cancellation(all->front(), declaration);
    ASSERT_TRUE(stored.has_value()) << stored.error();
    EXPECT_TRUE(stored->error.empty()) << stored->error;

    Outcomes outcomes;
    h.tournaments.cancel(id, kReason, [&](const auto& o) { outcomes.add(h.outbox, o); });
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>&) { return outcomes.size() == 1; }));
    ASSERT_TRUE(h.idle());
    const CancellationOutcome& live = outcomes.all[0];
    ASSERT_TRUE(live.cancelled) << live.error;
    // The same refunds to the cent, the same split and keys: paying the stored plan again moves nothing.
    ASSERT_EQ(stored->refunds.size(), live.refunds.size());
    for (std::size_t i = 0; i < live.refunds.size(); ++i) {
        EXPECT_EQ(stored->refunds[i].entrant, live.refunds[i].entrant);
        EXPECT_EQ(stored->refunds[i].amount, live.refunds[i].amount) << "entrant " << live.refunds[i].entrant;
        EXPECT_EQ(stored->refunds[i].from_pool, live.refunds[i].from_pool);
        EXPECT_EQ(stored->refunds[i].key, live.refunds[i].key);
    }
    const std::int64_t before = ledger_transactions(h);
    EXPECT_TRUE(pay_refunds(h.db().db(), start.tournament, stored->refunds).has_value());
    EXPECT_EQ(ledger_transactions(h), before);
    expect_ledger_exact(h);
}

TEST(PolaccoRestartCancellation, rules_7_the_restart_plan_of_an_mtt_is_the_live_plan) {
    expect_stored_plan_is_live_plan(polacco("polacco-mtt-restart", engine::TournamentKind::ScheduledMtt, 12),
                                    12, 31);
}

TEST(PolaccoRestartCancellation, rules_7_the_restart_plan_of_a_sit_and_go_is_the_live_plan) {
    expect_stored_plan_is_live_plan(polacco("polacco-sng-restart", engine::TournamentKind::SitAndGo, 7), 7,
                                    41);
}

TEST(PolaccoRestartCancellation, restart_a_running_polacco_tournament_is_cancelled_per_rules_7_not_in_full) {
    Harness h(kSpeed);
    ScriptedPlayers players(h, 37);
    const TournamentDeclaration declaration =
        polacco("polacco-mtt-recovered", engine::TournamentKind::ScheduledMtt, 12);
    const auto start = h.tournament(declaration, 12);
    const std::int64_t id = persistence::raw(start.tournament);
    // The lobby marks a tournament running when it starts it; the restart cancels only running ones per §7.
    ASSERT_TRUE(persistence::TournamentStore(h.db().db())
                    .set_state(start.tournament, persistence::TournamentState::running));
    h.tournaments.start(start);
    ASSERT_TRUE(
        h.outbox.wait([&](const std::vector<Received>& log) { return count_of(log, eliminated) >= 2; }));
    ASSERT_TRUE(stop_and_settle(h));
    // A running Polacco tournament resumes after a restart; this one cannot: its tables' numbers do
    // not start a draw (as if rows had been renumbered by hand), so it is cancelled instead.
    h.db().query("UPDATE tournament_tables SET table_number = table_number + 100 WHERE tournament_id = " +
                 std::to_string(id));
    auto all = persistence::load_unfinished_tournaments(h.db().db());
    ASSERT_TRUE(all.has_value());
    ASSERT_EQ(all->size(), 1U);
    const persistence::RecoveredTournament recovered = all->front();
    auto plan = plan_recovered_cancellation(recovered, declaration);
    ASSERT_TRUE(plan.has_value()) << plan.error();

    // What the restart does with it: recover_tournaments finds it running, cannot resume it, cancels it
    // (cancel_at_recovery) with the reason; a second restart finds nothing unfinished.
    const RecoveryOutcome first = recover_tournaments(h.db().db(), {declaration}, h.tournaments, now_utc());
    EXPECT_EQ(first.resumed, 0);
    EXPECT_EQ(first.cancelled, 1);
    ASSERT_EQ(first.errors.size(), 1U);
    EXPECT_NE(first.errors[0].find("start at number"), std::string::npos) << first.errors[0];
    const std::int64_t after_first = ledger_transactions(h);
    const RecoveryOutcome second = recover_tournaments(h.db().db(), {declaration}, h.tournaments, now_utc());
    EXPECT_EQ(second.cancelled, 0);
    // And the cancellation itself replayed (as if its commit's answer had been lost): nothing moves.
    EXPECT_FALSE(cancel_at_recovery(h.db().db(), recovered, &declaration, nullptr, "again").has_value());
    EXPECT_EQ(ledger_transactions(h), after_first) << "a second run pays nothing";
    EXPECT_EQ(h.db().query("SELECT state FROM tournaments WHERE id = " + std::to_string(id)), "cancelled");

    // Per §7, not in full: the eliminated players get nothing back (k > P) or keep the prize paid at
    // their elimination; the remaining ones what they paid plus their shares of the residual pool.
    int eliminated_players = 0;
    std::map<engine::EntrantId, engine::Cents> refund_of;
    for (const CancelRefund& r : plan->refunds)
        refund_of[r.entrant] = r.amount;
    for (std::size_t i = 0; i < start.entrants.size(); ++i) {
        const auto& e = start.entrants[i];
        const std::string reg = std::to_string(persistence::raw(e.registration));
        const auto& c = plan->refund_case.entrants[i];
        const engine::Cents refund = refund_of[static_cast<engine::EntrantId>(i)];
        EXPECT_EQ(h.db().count("SELECT refund_cents FROM registrations WHERE id = " + reg), refund);
        if (!c.remaining) {
            ++eliminated_players;
            EXPECT_EQ(refund, c.prize_credited ? 0 : c.prize_won)
                << "entrant " << i << " was eliminated: nothing, or his place's prize once";
            EXPECT_EQ(h.db().count("SELECT prize_cents FROM registrations WHERE id = " + reg), c.prize_won);
        } else {
            EXPECT_GE(refund, start.declaration.buy_in().total()) << "entrant " << i;
        }
    }
    EXPECT_GE(eliminated_players, 2);
    expect_ledger_exact(h);
    EXPECT_EQ(h.db().count("SELECT w.balance FROM wallets w JOIN tournaments t ON t.prize_pool_wallet_id = "
                           "w.id WHERE t.id = " +
                           std::to_string(id)),
              0);
}

// A crash after a hand committed and before the places it decided did (a finish commits with its
// hand or after it): the eliminated players are in no snapshot and their registrations hold no place.
// The plan places them in the places nobody holds, as the committed places would have: the same refunds.
TEST(PolaccoRestartCancellation, rules_7_places_not_yet_committed_are_placed_from_the_snapshots) {
    Harness h(kSpeed);
    ScriptedPlayers players(h, 43);
    const TournamentDeclaration declaration =
        polacco("polacco-mtt-unplaced", engine::TournamentKind::ScheduledMtt, 12);
    const auto start = h.tournament(declaration, 12);
    h.tournaments.start(start);
    ASSERT_TRUE(
        h.outbox.wait([&](const std::vector<Received>& log) { return count_of(log, eliminated) >= 2; }));
    ASSERT_TRUE(stop_and_settle(h));
    auto all = persistence::load_unfinished_tournaments(h.db().db());
    ASSERT_TRUE(all.has_value());
    ASSERT_EQ(all->size(), 1U);
    const persistence::RecoveredTournament committed = all->front();
    auto expected = plan_recovered_cancellation(committed, declaration);
    ASSERT_TRUE(expected.has_value()) << expected.error();
    ASSERT_TRUE(expected->error.empty()) << expected->error;

    // The last one or two places lost, as if their finishes had not committed.
    for (const std::size_t lost : {1U, 2U}) {
        persistence::RecoveredTournament crashed = committed;
        std::vector<persistence::Registration*> placed;
        for (auto& r : crashed.registrations)
            if (r.finishing_place) placed.push_back(&r);
        std::ranges::sort(placed, [](auto* a, auto* b) { return *a->finishing_place < *b->finishing_place; });
        ASSERT_GE(placed.size(), lost);
        for (std::size_t k = 0; k < lost; ++k) {
            persistence::Registration& r = *placed[k];  // the best places: the latest decided
            r.finishing_place.reset();
            r.state = persistence::RegistrationState::playing;
            r.prize = 0;
        }
        auto plan = plan_recovered_cancellation(crashed, declaration);
        ASSERT_TRUE(plan.has_value()) << plan.error();
        EXPECT_TRUE(plan->error.empty()) << plan->error;
        for (std::size_t k = 0; k < lost; ++k) {
            const auto& e =
                plan->refund_case.entrants[static_cast<std::size_t>(placed[k] - &crashed.registrations[0])];
            EXPECT_FALSE(e.remaining) << "lost " << lost;
        }
        // More remain than are paid here, so the lost places are unpaid ones: the very same refunds.
        if (plan->plan.remaining > plan->plan.prizes) {
            ASSERT_EQ(plan->refunds.size(), expected->refunds.size()) << "lost " << lost;
            for (std::size_t i = 0; i < plan->refunds.size(); ++i) {
                EXPECT_EQ(plan->refunds[i].entrant, expected->refunds[i].entrant);
                EXPECT_EQ(plan->refunds[i].amount, expected->refunds[i].amount);
            }
        }
    }
}

}  // namespace
}  // namespace tavolo::server::actors::testing
