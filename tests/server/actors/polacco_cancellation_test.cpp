// Technical cancellation of a Poker Polacco tournament (RULES.md §7, §9; issue 11 item 3) through
// the real Polacco actor, the write service and a real PostgreSQL: an MTT of twelve and a Sit&Go
// cancelled mid-play (twice at once, and again after); the hand in play is void (its players'
// actions refused, never committed); "chips" are lives left (6 - cards held), each as a committed
// snapshot holds it; every refund is the engine's plan to the cent, paid once under
// "cancel:<registration>"; prizes already paid are not paid again; the ledger sums to zero; the
// players and the lobby are told.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <pqxx/pqxx>
#include <set>
#include <thread>

#include "engine/tournament/refunds.hpp"
#include "persistence/ledger.hpp"
#include "persistence/recovery.hpp"
#include "server/actors/polacco_cancellation.hpp"
#include "server/actors/recovery_cancel.hpp"
#include "server/actors/stored_cancellation.hpp"
#include "tests/server/actors/actors_support.hpp"
#include "tests/server/actors/cancellation_support.hpp"
#include "tests/server/actors/scripted_players.hpp"

namespace tavolo::server::actors::testing {
namespace {

// Slow enough that the pause between hands leaves the cancellation time to land mid-tournament.
constexpr double kSpeed = 20.0;
const std::string kReason = "test: the deck server broke";

// (registration, lives) of every player seated at an open table of the tournament, as committed.
std::set<std::pair<std::int64_t, engine::Chips>> committed_lives(Harness& h, std::int64_t tournament) {
    std::set<std::pair<std::int64_t, engine::Chips>> out;
    pqxx::connection conn{h.db().url()};
    pqxx::work tx{conn};
    for (const auto& row : tx.exec_params(
             "SELECT (s->>'registration_id')::bigint, (s->>'stack')::bigint FROM tournament_tables t, "
             "jsonb_array_elements(t.seats) s WHERE t.tournament_id = $1 AND t.state <> 'broken'",
             tournament))
        out.emplace(row[0].as<std::int64_t>(), row[1].as<std::int64_t>());
    return out;
}

// Everything a cancelled tournament must show: the plan is the engine's for its case, each remaining
// player's lives as committed, each refund paid once, wallets to the cent, the pool emptied, every
// entrant told once, the lobby told, no hand after, and a second call pays nothing.
void expect_cancelled_per_rules_7(Harness& h, const lobby::StartTournament& start,
                                  const CancellationOutcome& outcome, std::int64_t hands_before) {
    const std::int64_t id = persistence::raw(start.tournament);
    ASSERT_TRUE(outcome.cancelled) << outcome.error;
    EXPECT_EQ(outcome.reason, kReason);
    std::map<engine::EntrantId, engine::Cents> refund_of = expect_engine_plan(outcome);
    EXPECT_EQ(outcome.refund_case.entrants.size(), start.entrants.size()) << "every entrant in the case once";
    // Lives as chips: 1 to 4 each, and each one a committed snapshot holds (the hand in play was void).
    const auto committed = committed_lives(h, id);
    int remaining = 0;
    for (const engine::RefundEntrant& e : outcome.refund_case.entrants) {
        if (!e.remaining) continue;
        ++remaining;
        EXPECT_GE(e.chips, 1);
        EXPECT_LE(e.chips, 4);
        const auto registration =
            persistence::raw(start.entrants[static_cast<std::size_t>(e.entrant)].registration);
        EXPECT_TRUE(committed.contains({registration, e.chips}))
            << "entrant " << e.entrant << " has " << e.chips
            << " lives in the case, in no committed snapshot";
    }
    EXPECT_GE(remaining, 2);
    EXPECT_EQ(remaining, static_cast<int>(committed.size())) << "the remaining players are those seated";

    const engine::BuyIn buy_in = start.declaration.buy_in();
    for (std::size_t i = 0; i < start.entrants.size(); ++i) {
        const auto& e = start.entrants[i];
        const std::string reg = std::to_string(persistence::raw(e.registration));
        const auto entrant = static_cast<engine::EntrantId>(i);
        const engine::Cents refund = refund_of.contains(entrant) ? refund_of[entrant] : 0;
        EXPECT_EQ(h.db().count("SELECT refund_cents FROM registrations WHERE id = " + reg), refund)
            << "entrant " << i;
        EXPECT_EQ(h.db().count("SELECT count(*) FROM ledger_transactions WHERE idempotency_key = 'cancel:" +
                               reg + "'"),
                  refund > 0 ? 1 : 0);
        const engine::Cents prize = h.db().count("SELECT prize_cents FROM registrations WHERE id = " + reg);
        EXPECT_EQ(h.balance(e.account), kGrant - buy_in.total() + prize + refund) << "entrant " << i;
        const auto& c = outcome.refund_case.entrants[i];
        if (!c.remaining && c.prize_won > 0) {
            EXPECT_TRUE(c.prize_credited);
            EXPECT_EQ(prize, c.prize_won) << "a prize already paid is not paid again";
        }
    }
    expect_ledger_exact(h);
    expect_cancellation_told(h, start, outcome, kReason);

    // Every table's snapshot is that of its last committed hand; no hand after the cancellation.
    EXPECT_EQ(h.db().count("SELECT count(*) FROM tournament_tables t WHERE t.hand_number <> (SELECT "
                           "coalesce(max(hand_number), 0) FROM hands WHERE table_id = t.id)"),
              0);
    EXPECT_EQ(h.db().count("SELECT count(*) FROM hands"), hands_before);
    EXPECT_TRUE(h.outbox.wait([&](const std::vector<Received>&) { return h.tournaments.running() == 0; }))
        << "the tables close";

    expect_second_cancel_pays_nothing(h, start, outcome, kReason);
    expect_ledger_exact(h);
}

TEST(PolaccoCancellationActors, rules_7_9_an_mtt_cancelled_mid_play_refunds_lives_as_chips_once) {
    Harness h(kSpeed);
    ScriptedPlayers players(h, 23);
    const auto start =
        h.tournament(polacco("polacco-mtt-cancel", engine::TournamentKind::ScheduledMtt, 12), 12);
    const std::int64_t id = persistence::raw(start.tournament);
    h.tournaments.start(start);
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>& log) {
        return count_of(log, eliminated) > 0 || count_of(log, hand_ended) >= 30;
    })) << "the tournament did not play before the hang guard";

    // Twice at the same time: one cancellation, the same outcome for both, nothing paid twice.
    Outcomes outcomes;
    std::thread other(
        [&] { h.tournaments.cancel(id, kReason, [&](const auto& o) { outcomes.add(h.outbox, o); }); });
    h.tournaments.cancel(id, kReason, [&](const auto& o) { outcomes.add(h.outbox, o); });
    other.join();
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>&) { return outcomes.size() == 2; }));
    ASSERT_TRUE(h.idle());
    ASSERT_TRUE(outcomes.all[1].cancelled) << outcomes.all[1].error;
    ASSERT_EQ(outcomes.all[1].refunds.size(), outcomes.all[0].refunds.size());
    const std::int64_t hands = h.db().count("SELECT count(*) FROM hands");
    EXPECT_EQ(static_cast<std::size_t>(hands), count_of(h.outbox.log(), hand_ended))
        << "every hand that ended committed, the void one never";
    expect_cancelled_per_rules_7(h, start, outcomes.all[0], hands);
}

TEST(PolaccoCancellationActors, rules_7_a_sit_and_go_cancelled_mid_hand_voids_it_and_refuses_its_actions) {
    Harness h(kSpeed);
    ScriptedPlayers players(h, 29);
    const auto start = h.tournament(polacco("polacco-sng-cancel", engine::TournamentKind::SitAndGo, 5), 5);
    const std::int64_t id = persistence::raw(start.tournament);
    // After a few hands, the first decision of the next one is held back: that hand is in play.
    std::atomic<bool> holding{false};
    std::mutex held_mutex;
    std::optional<std::pair<session::AccountIdValue, v1::TableEvent>> held;
    players.hold = [&](session::AccountIdValue account, const v1::TableEvent& e) {
        if (e.hand() < 4) return false;
        std::lock_guard lock(held_mutex);
        if (!held) held.emplace(account, e);
        holding = true;
        h.outbox.poke();
        return true;
    };
    h.tournaments.start(start);
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>&) { return holding.load(); }));
    ASSERT_TRUE(h.idle());
    const std::int64_t hands = h.db().count("SELECT count(*) FROM hands");

    // The cancellation, then at once the held decision answered: both reach the actor's strand in
    // that order, before the refunds commit, so the answer meets a void hand and is refused.
    Outcomes outcomes;
    h.tournaments.cancel(id, kReason, [&](const auto& o) { outcomes.add(h.outbox, o); });
    session::AccountIdValue answering = 0;
    {
        std::lock_guard lock(held_mutex);
        ASSERT_TRUE(held.has_value());
        answering = held->first;
        v1::Action a;
        *a.mutable_table() = held->second.table();
        a.set_hand(held->second.hand());
        a.set_decision(held->second.polacco_decision().legal().decision());
        if (held->second.polacco_decision().legal().choose_direction())
            a.mutable_polacco()->set_choose_direction(v1::DIRECTION_CLOCKWISE);
        else
            a.mutable_polacco()->mutable_doubt();
        h.registry.submit(request(answering, held->second.table(), a, 77));
    }
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>&) { return outcomes.size() == 1; }));
    ASSERT_TRUE(h.idle());
    bool refused = false;
    for (const Received& r : h.outbox.log())
        if (r.session == session_of(answering) && r.message.has_error() && r.message.request_id() == 77) {
            EXPECT_EQ(r.message.error().code(), v1::ERROR_CODE_ILLEGAL_ACTION);
            EXPECT_NE(r.message.error().message().find("void"), std::string::npos)
                << r.message.error().message();
            refused = true;
        }
    EXPECT_TRUE(refused) << "the void hand's action was refused";
    expect_cancelled_per_rules_7(h, start, outcomes.all[0], hands);
    EXPECT_EQ(h.db().count("SELECT count(*) FROM hands"), hands) << "the void hand is never committed";
}

}  // namespace
}  // namespace tavolo::server::actors::testing
