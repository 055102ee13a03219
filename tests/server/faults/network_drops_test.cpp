// Issue 14, faults: network drops. `tc netem` is not available on this machine, so the bots reach the
// server through a TCP proxy (tests/support/tcp_proxy.hpp) that resets a random live connection, both
// ends at once (an RST each way, as when a NAT forgets a connection), every 100 to 600 ms of real time
// (seeded: TAVOLO_FAULT_SEED replays it) from the start of an 18-player MTT to its end. Each bot resumes
// its seat with its token and checks every message after it (sequence, snapshot, cards it may see);
// the hands go on and the tournament finishes with the ledger exact, chips conserved and every hand
// committed once.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <future>
#include <random>
#include <string>
#include <thread>

#include "tests/server/faults/fault_checks.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/tcp_proxy.hpp"

using namespace tavolo::testing;
using namespace std::chrono_literals;

namespace {

constexpr std::int64_t kGrantCents = 100'000;
constexpr std::int64_t kStack = 3000;
constexpr int kPlayers = 18;

std::string drops_config() {
    return "[clock]\nspeed = 60\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n"
           "[[tournament]]\nname = \"Drops MTT\"\ngame = \"holdem\"\nkind = \"mtt\"\nseats = 9\n"
           "max_players = " +
           std::to_string(kPlayers) + "\nmin_players = " + std::to_string(kPlayers) +
           "\nstart = \"+10m\"\nstarting_stack = " + std::to_string(kStack) +
           "\nlevel_minutes = 2\nbuy_in = \"10.00\"\nfee = \"1.00\"\n";
}

}  // namespace

TEST(NetworkDrops, ConnectionsResetAtRandomAllGameLongTheBotsResumeTheirSeatsAndNothingIsLost) {
    const std::uint64_t seed = fault_seed("NetworkDrops");
    std::mt19937_64 rng(seed);
    TestDatabase db;
    const auto config = write_temp_file("drops.toml", drops_config());
    ServerProcess server({"--config", config, "--log-level", "info"}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();
    TcpProxy proxy(server.port());

    auto bots = std::async(std::launch::async, [&] {
        return run_tool("bots --url " + proxy.url() + " --count " + std::to_string(kPlayers) +
                        " --strategy calling --tournament any --verbose");
    });
    // Drops from the start of play (a drop between a registration and its answer would leave a bot
    // that does not know it registered: the bots' client, not the server, would have to learn that).
    ASSERT_TRUE(server.wait_for_log("event=tournament_started")) << server.log();
    int drops = 0;
    while (server.occurrences("event=tournament_finished") == 0 &&
           bots.wait_for(std::chrono::milliseconds(100 + rng() % 500)) != std::future_status::ready) {
        const auto open = proxy.open_links();
        if (open.empty()) continue;
        drops += proxy.reset(open[rng() % open.size()]);
    }
    std::printf("NetworkDrops: %d connections reset\n", drops);

    const auto run = bots.get();
    const std::string line = run.last_line();
    std::printf("NetworkDrops: %s\n", line.c_str());
    EXPECT_GT(drops, 10) << "the tournament ended too soon to test anything";
    // No bot error: a drop after the server exchanged a resume token and before its LoggedIn arrived
    // leaves the bot the token it spent, still good until the fresh one is used (README "Faults").
    const auto [errors, token_lost] = bot_errors(run.out);
    std::printf("NetworkDrops: %d errors, %d of them a resume refused for its token\n", errors, token_lost);
    EXPECT_EQ(errors, 0) << "seed " << seed << "\n" << run.out;
    const auto errors_at = line.find(" errors=");
    ASSERT_NE(errors_at, std::string::npos) << line;
    EXPECT_EQ(std::stoi(line.substr(errors_at + 8)), 0) << line;
    EXPECT_EQ(run.code, 0) << "seed " << seed << "\n" << run.out;
    EXPECT_NE(line.find(" finished=1 "), std::string::npos) << line;
    // Every reset connection of a logged-in bot came back and resumed (a few may have been dropped
    // again before logging in, or after the bot's end).
    const auto at = line.find(" reconnects=");
    ASSERT_NE(at, std::string::npos) << line;
    EXPECT_GE(std::stoi(line.substr(at + 12)), drops / 2) << line;
    EXPECT_EQ(server.stop(), 0) << server.log();
    EXPECT_EQ(server.log().find("event=report_refused"), std::string::npos) << server.log();

    EXPECT_EQ(tournaments_finished(db), 1);
    expect_nothing_lost(db, kGrantCents, kStack, "network drops (seed " + std::to_string(seed) + ")");
    // Every hand a bot saw is stored (the bots count each hand once, whichever connection saw it).
    const auto hands_at = line.find(" hands=");
    ASSERT_NE(hands_at, std::string::npos) << line;
    EXPECT_EQ(db.count("SELECT count(*) FROM hands"), std::stoll(line.substr(hands_at + 7))) << line;
}
