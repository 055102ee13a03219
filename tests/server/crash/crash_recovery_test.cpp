// Issue 11, the crash: an MTT of 200 bots on a durable PostgreSQL (fsync on, deploy/pg.sh without
// --fast); the server is killed with SIGKILL at five moments found from its debug log (mid-hand,
// mid-move: a player stood up at one table and not yet seated at the other, during a break, during
// hand-for-hand, right after a prize), restarted on the same port each time; the bots reconnect with
// their resume tokens and the tournament finishes. Every hand committed once, the chips of every
// table conserved across each restart (the director refuses a report that does not add up, and a
// restored director whose tables do not hold its chips: neither may happen), every entrant ranked
// once, the pool paid out and every wallet and the ledger exact to the cent.
#include <gtest/gtest.h>

#include <iostream>

#include <cstdlib>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "tests/support/e2e_money.hpp"
#include "tests/support/private_cluster.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

namespace {

constexpr std::int64_t kGrantCents = 100'000;
constexpr int kPlayers = 200;

std::string crash_config() {
    return "[log]\nlevel = \"debug\"\n\n[clock]\nspeed = 60\n\n[accounts]\npassword_cost = \"minimum\"\n\n"
           "[lobby]\ndemo = false\n\n[server]\nshutdown_grace = 10\n\n"
           "[[tournament]]\nname = \"Crash MTT\"\ngame = \"holdem\"\nkind = \"mtt\"\nseats = 9\n"
           "max_players = " +
           std::to_string(kPlayers + 20) + "\nmin_players = " + std::to_string(kPlayers) +
           "\nstart = \"+20m\"\nstarting_stack = 3000\nlevel_minutes = 6\nbuy_in = \"10.00\"\nfee = "
           "\"1.00\"\n";
}

}  // namespace

TEST(CrashRecovery, KilledAtFiveMomentsTheMttFinishesWithEveryChipAndCent) {
    PrivateCluster cluster("restart", /*durable=*/true);
    ::setenv("TAVOLO_TEST_DATABASE_URL", cluster.url().c_str(), 1);  // the test database on that cluster
    TestDatabase db;
    const auto config = write_temp_file("crash.toml", crash_config());
    const std::vector<std::string> env{"TAVOLO_DATABASE_URL=" + db.url()};
    auto server = std::make_unique<ServerProcess>(std::vector<std::string>{"--config", config}, env);
    ASSERT_TRUE(server->running()) << server->log();
    const std::string port = std::to_string(server->port());

    auto bots = std::async(std::launch::async, [&] {
        return run_tool("bots --url ws://127.0.0.1:" + port + "/ws --count " + std::to_string(kPlayers) +
                        " --strategy calling --tournament any --verbose");
    });

    // The five moments, each once, in whatever order the tournament reaches them.
    const std::vector<std::string> moments{"event=hand_committed", "event=player_moving",
                                           "event=break_started", "event=hand_for_hand", "event=prize_paid"};
    std::vector<bool> done(moments.size(), false);
    ASSERT_TRUE(server->wait_for_log("event=hand_committed", 100)) << server->log();  // well under way
    std::size_t kills = 0;
    for (std::size_t kill = 0; kill < moments.size(); ++kill) {
        std::vector<std::string> left;
        for (std::size_t i = 0; i < moments.size(); ++i)
            left.push_back(done[i] ? std::string("\x01never\x01") : moments[i]);
        // A tournament that ends before a moment comes (no break reached, no hand-for-hand) ends the
        // kills there: waiting for it would wait for ever.
        left.push_back("event=tournament_finished");
        const int hit = server->wait_for_any(left);
        ASSERT_GE(hit, 0) << "the server exited before " << kill << " kills:\n" << server->log();
        if (static_cast<std::size_t>(hit) == moments.size()) break;
        ++kills;
        done[static_cast<std::size_t>(hit)] = true;
        server->crash();
        const std::string before = server->log();
        EXPECT_EQ(before.find("event=report_refused"), std::string::npos) << before;
        server = std::make_unique<ServerProcess>(std::vector<std::string>{"--config", config, "--port", port},
                                                 env);
        ASSERT_TRUE(server->running()) << server->log();
        ASSERT_TRUE(server->wait_for_log("event=tables_resumed"))
            << "kill at " << moments[static_cast<std::size_t>(hit)] << ":\n"
            << server->log();
        const std::string after = server->log();
        EXPECT_NE(after.find("tournaments_resumed=1"), std::string::npos) << after;
        // (The lobby lists the resumed MTT and opens no copy of it: nothing is cancelled at a restart.)
        EXPECT_EQ(after.find("event=tournament_cancelled_at_recovery tournament=1 "), std::string::npos)
            << after;
        EXPECT_EQ(after.find("event=resume_report_refused"), std::string::npos) << after;
        // A moment that has passed leaves its line in the log of the new run only when it comes again.
    }

    std::cout << "crash: kills=" << kills << " of " << moments.size() << std::endl;
    EXPECT_GE(kills, 3U) << "the MTT ended before three of the five moments:\n" << server->log();

    const auto run = bots.get();
    const std::string line = run.last_line();
    EXPECT_EQ(line.rfind("bots: players=" + std::to_string(kPlayers) + " ", 0), 0U) << line;
    // Every bot checked every message across the five restarts: no sequence gap (a moved player is
    // told, then gets his new table's snapshot), no card it may not see, nothing refused as not seated.
    EXPECT_EQ(run.code, 0) << run.out;
    EXPECT_NE(line.find(" errors=0"), std::string::npos) << run.out;
    EXPECT_NE(line.find(" finished=1 "), std::string::npos) << line;
    EXPECT_EQ(line.find(" reconnects=0 "), std::string::npos)
        << "the bots came back after each kill: " << line;
    EXPECT_EQ(server->stop(), 0) << server->log();
    EXPECT_EQ(server->log().find("event=report_refused"), std::string::npos) << server->log();

    EXPECT_EQ(db.count("SELECT count(*) FROM tournaments WHERE name = 'Crash MTT' AND state = 'finished'"),
              1);
    EXPECT_EQ(tournaments_badly_ranked(db), 0) << "every entrant ranked once, 1..n, one winner";
    EXPECT_EQ(prize_pools_not_paid_out(db), 0) << "the prize pool paid out to the cent";
    EXPECT_EQ(wallets_off_by_anything(db, kGrantCents), 0) << "wallet = grant - buy-ins + prizes + refunds";
    EXPECT_EQ(ledger_sum(db), 0);
    // Every hand once: the director numbers hands across its tables, so a number is one hand.
    EXPECT_EQ(db.count("SELECT count(*) FROM (SELECT t.tournament_id, h.hand_number FROM hands h JOIN "
                       "tournament_tables t ON t.id = h.table_id GROUP BY 1, 2 HAVING count(*) > 1) twice"),
              0);
    EXPECT_GT(db.count("SELECT count(*) FROM hands"), 200);
}
