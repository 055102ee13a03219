// Issue 14, faults: `kill -9` of the server at random moments of a running MTT. 90 bots over
// WebSocket; the server is killed five times, each moment drawn from a seeded generator (printed:
// TAVOLO_FAULT_SEED=... replays the draw) among a random delay after the restart (mostly mid-hand) and
// the n-th next occurrence of a log event (a hand committed, a player moving between tables, a
// balancing step, a break, a prize paid, hand-for-hand); restarted on the same port each time, the bots
// resume their seats and the tournament finishes. Then: the ledger exact to the cent, chips conserved,
// every hand committed once, 1..n with no gap. The full run (1,000 players, 20 kills) is
// bench/faults_kill9.sh.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <future>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "tests/server/faults/fault_checks.hpp"
#include "tests/support/run_tool.hpp"

using namespace tavolo::testing;
using namespace std::chrono_literals;

namespace {

constexpr std::int64_t kGrantCents = 100'000;
constexpr std::int64_t kStack = 5000;
constexpr int kPlayers = 90;
constexpr int kKills = 5;

std::string kill9_config() {
    return "[log]\nlevel = \"debug\"\n\n[clock]\nspeed = 60\n\n[accounts]\npassword_cost = \"minimum\"\n\n"
           "[lobby]\ndemo = false\n\n[server]\nshutdown_grace = 10\n\n"
           "[[tournament]]\nname = \"Kill9 MTT\"\ngame = \"holdem\"\nkind = \"mtt\"\nseats = 9\n"
           "max_players = " +
           std::to_string(kPlayers) + "\nmin_players = " + std::to_string(kPlayers) +
           "\nstart = \"+20m\"\nstarting_stack = " + std::to_string(kStack) +
           "\nlevel_minutes = 2\nbuy_in = \"10.00\"\nfee = \"1.00\"\n";
}

// The moments a kill may be tied to: the n-th next occurrence of one of these lines (n from 1 to 3).
const std::vector<std::string> kEvents{"event=hand_committed", "event=player_moving", "event=table_balanced",
                                       "event=break_started",  "event=prize_paid",    "event=hand_for_hand"};

}  // namespace

TEST(Kill9, NinetyPlayersKilledAtFiveRandomMomentsTheMttFinishesWithNothingLost) {
    const std::uint64_t seed = fault_seed("Kill9");
    std::mt19937_64 rng(seed);
    TestDatabase db;
    const auto config = write_temp_file("kill9.toml", kill9_config());
    const std::vector<std::string> env{"TAVOLO_DATABASE_URL=" + db.url()};
    auto server = std::make_unique<ServerProcess>(std::vector<std::string>{"--config", config}, env);
    ASSERT_TRUE(server->running()) << server->log();
    const std::string port = std::to_string(server->port());

    auto bots = std::async(std::launch::async, [&] {
        return run_tool("bots --url ws://127.0.0.1:" + port + "/ws --count " + std::to_string(kPlayers) +
                        " --strategy calling --tournament any --verbose");
    });
    ASSERT_TRUE(server->wait_for_log("event=hand_committed", 5)) << server->log();

    std::vector<std::string> killed_at;
    std::int64_t in_play = 0;
    for (int kill = 0; kill < kKills; ++kill) {
        std::string moment;
        if (rng() % 3 == 0) {  // a third by time: most of those land mid-hand
            const auto delay = std::chrono::milliseconds(50 + rng() % 2000);
            std::this_thread::sleep_for(delay);
            moment = "after " + std::to_string(delay.count()) + " ms";
        } else {
            const std::string& event = kEvents[rng() % kEvents.size()];
            const int n = server->occurrences(event) + 1 + static_cast<int>(rng() % 3);
            // An event that does not come within 5 s (no break due, no prize yet) gives way to time.
            if (server->wait_for_log_until(event, n, std::chrono::steady_clock::now() + 5s))
                moment = "at " + event + " #" + std::to_string(n);
            else
                moment = "5 s after waiting for " + event;
        }
        ASSERT_EQ(server->occurrences("event=tournament_finished"), 0)
            << "the MTT finished after " << kill << " kills (" << seed << "): make it longer\n"
            << server->log();
        // Each table with a hand in play may have it voided by the kill (never committed, never paid).
        in_play += db.count("SELECT count(*) FROM tournament_tables WHERE state = 'open'");
        server->crash();
        killed_at.push_back(moment);
        std::printf("Kill9: kill %d %s\n", kill + 1, moment.c_str());
        std::fflush(stdout);
        const std::string before = server->log();
        EXPECT_EQ(before.find("event=report_refused"), std::string::npos) << before;
        server = std::make_unique<ServerProcess>(std::vector<std::string>{"--config", config, "--port", port},
                                                 env);
        ASSERT_TRUE(server->running()) << server->log();
        ASSERT_TRUE(server->wait_for_log("event=tables_resumed"))
            << "seed " << seed << ", kill " << moment << ":\n"
            << server->log();
        const std::string after = server->log();
        EXPECT_NE(after.find("tournaments_resumed=1"), std::string::npos) << after;
        EXPECT_EQ(after.find("event=resume_report_refused"), std::string::npos) << after;
        EXPECT_EQ(after.find("event=recovery_failed"), std::string::npos) << after;
    }

    const auto run = bots.get();
    const std::string line = run.last_line();
    std::printf("Kill9: %s\n", line.c_str());
    // No bot error, not even a kill between a resume token's exchange and its LoggedIn (README "Faults").
    const auto [errors, token_lost] = bot_errors(run.out);
    std::printf("Kill9: %d errors, %d of them a resume refused for its token\n", errors, token_lost);
    EXPECT_EQ(errors, 0) << "seed " << seed << "\n" << run.out;
    const auto errors_at = line.find(" errors=");
    ASSERT_NE(errors_at, std::string::npos) << line;
    EXPECT_EQ(std::stoi(line.substr(errors_at + 8)), 0) << line;
    EXPECT_EQ(run.code, 0) << "seed " << seed << "\n" << run.out;
    EXPECT_NE(line.find(" finished=1 "), std::string::npos) << line;
    EXPECT_EQ(line.find(" reconnects=0 "), std::string::npos)
        << "the bots came back after each kill: " << line;
    EXPECT_EQ(server->stop(), 0) << server->log();
    EXPECT_EQ(server->log().find("event=report_refused"), std::string::npos) << server->log();

    EXPECT_EQ(tournaments_finished(db), 1);
    expect_nothing_lost(db, kGrantCents, kStack, "kill -9 (seed " + std::to_string(seed) + ")", in_play);
    EXPECT_GT(db.count("SELECT count(*) FROM hands"), 100);
}
