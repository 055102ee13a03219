// Issue 11: the money of a scheduled MTT (RULES.md §6, §7), played over the real protocol by
// `tavolo bots` against the real server and a real PostgreSQL at an accelerated clock: late
// registration seated live, and an MTT below its minimum cancelled at its time and refunded in full.
#include <gtest/gtest.h>

#include <future>

#include "tests/support/e2e_money.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

namespace {

constexpr std::int64_t kGrantCents = 100'000;  // [accounts] starting_balance, the default 1,000.00

std::string server_config(const std::string& tournament) {
    return "[clock]\nspeed = 40\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n" +
           tournament;
}

std::string bots(const ServerProcess& server, int count, const std::string& tournament,
                 const std::string& strategy = "random") {
    return "bots --url ws://127.0.0.1:" + std::to_string(server.port()) + "/ws --count " +
           std::to_string(count) + " --strategy " + strategy + " --tournament " + tournament;
}

}  // namespace

// Four bots register before the start, three more after it during late registration: each late
// entrant is seated live, his buy-in grows the pool, and the tournament is played to the end.
TEST(MttMoney, LateRegistrationSeatsLateEntrantsAndPaysThePoolToTheCent) {
    MigratedDatabase db;
    const auto config = write_temp_file(
        "late_mtt.toml",
        server_config(
            "[[tournament]]\nname = \"Late MTT\"\ngame = \"holdem\"\nkind = \"mtt\"\nseats = 9\n"
            "buy_in = \"10.00\"\nfee = \"1.00\"\nmin_players = 4\nmax_players = 12\nstart = \"+160s\"\n"
            "starting_stack = 3000\nlevel_minutes = 1\nbreaks = false\nlate_registration_levels = 3\n"));
    ServerProcess server({"--config", config, "--log-level", "info"}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();

    // The early ones only check or call, so that the field lasts into late registration (4 s of
    // real time at this clock) whatever the late ones do.
    auto early = std::async(std::launch::async, [&] { return run_tool(bots(server, 4, "any", "calling")); });
    ASSERT_TRUE(server.wait_for_log("event=tournament_started ")) << server.log();
    const std::int64_t id = db.count("SELECT id FROM tournaments WHERE name = 'Late MTT'");
    const auto late = run_tool(bots(server, 3, std::to_string(id)));
    const auto first = early.get();
    EXPECT_EQ(first.code, 0) << first.out;
    EXPECT_EQ(late.code, 0) << late.out;
    EXPECT_NE(late.last_line().find(" finished=1 "), std::string::npos) << late.out;
    EXPECT_NE(late.last_line().find(" errors=0"), std::string::npos) << late.out;
    EXPECT_NE(first.last_line().find(" errors=0"), std::string::npos) << first.out;
    EXPECT_TRUE(server.wait_for_log("event=late_entrant_seated ", 3)) << server.log();
    EXPECT_TRUE(server.wait_for_log("event=late_registration_closed ")) << server.log();
    EXPECT_EQ(server.stop(), 0) << server.log();

    EXPECT_EQ(tournaments_finished(db), 1);
    EXPECT_EQ(db.count("SELECT count(*) FROM registrations"), 7) << "four on time, three late";
    EXPECT_EQ(tournaments_badly_ranked(db), 0) << "every entrant ranked once, 1..7, one winner";
    EXPECT_EQ(prize_pools_not_paid_out(db), 0) << "the pool of all seven buy-ins paid out to the cent";
    EXPECT_EQ(db.count("SELECT coalesce(sum(prize_cents), 0) FROM registrations"), 7 * 1000);
    EXPECT_EQ(wallets_off_by_anything(db, kGrantCents), 0) << "wallet = grant - buy-ins + prizes";
    EXPECT_EQ(ledger_sum(db), 0);
}

// RULES.md §6: at its time an MTT below its minimum is cancelled, every entry refunded in full,
// fee included.
TEST(MttMoney, BelowItsMinimumAnMttIsCancelledAtItsTimeAndRefundedInFull) {
    MigratedDatabase db;
    const auto config = write_temp_file(
        "small_mtt.toml",
        server_config("[[tournament]]\nname = \"Small MTT\"\ngame = \"holdem\"\nkind = \"mtt\"\n"
                      "buy_in = \"10.00\"\nfee = \"1.00\"\nmin_players = 5\nstart = \"+60s\"\n"));
    ServerProcess server({"--config", config}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();

    const auto run = run_tool(bots(server, 3, "any"));
    EXPECT_EQ(run.code, 0) << run.out;
    EXPECT_NE(run.last_line().find("bots: players=3 "), std::string::npos) << run.out;
    EXPECT_NE(run.last_line().find(" errors=0"), std::string::npos) << run.out;
    EXPECT_EQ(server.stop(), 0) << server.log();

    EXPECT_EQ(db.count("SELECT count(*) FROM tournaments WHERE state = 'cancelled'"), 1);
    EXPECT_EQ(db.count("SELECT count(*) FROM registrations"), 3);
    EXPECT_EQ(db.count("SELECT count(*) FROM registrations WHERE state = 'refunded' AND "
                       "refund_cents = paid_cents AND paid_cents = 1100"),
              3)
        << "each entry paid back in full, the fee too";
    EXPECT_EQ(db.count("SELECT count(*) FROM wallets w JOIN accounts a ON a.id = w.account_id "
                       "WHERE w.balance <> " +
                       std::to_string(kGrantCents)),
              0)
        << "every wallet back to its grant";
    EXPECT_EQ(wallets_off_by_anything(db, kGrantCents), 0);
    EXPECT_EQ(ledger_sum(db), 0);
}
