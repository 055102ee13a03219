// Issue 14 item 1: `tavolo load` against a real server and PostgreSQL at an accelerated clock: 4 tables
// of 3 seats kept in play by 6 players, each one connection seated at 2 tables (multi-tabling), for 5
// seconds; the last lines are the window's load line and the detail line. And at a human pace (--think-ms).
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <regex>
#include <thread>

#include "tests/persistence/test_database.hpp"
#include "tests/support/e2e_money.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/tcp_proxy.hpp"

using namespace tavolo::testing;

namespace {

// Four Sit&Gos of three seats, each re-opened when it starts; stacks deep and levels long so that the
// calling bots keep their tables for the whole run (cash-like).
std::string config() {
    std::string text =
        "[server]\nshutdown_grace = 1\n\n[clock]\nspeed = 20\n\n[accounts]\npassword_cost = "
        "\"minimum\"\nstarting_balance = \"100000.00\"\n\n"
        "[lobby]\ndemo = false\n";
    for (int i = 0; i < 4; ++i)
        text += "\n[[tournament]]\nname = \"Load " + std::to_string(i) +
                "\"\ngame = \"holdem\"\nkind = \"sng\"\nbetting = \"nl\"\nseats = 3\nmin_players = 3\n"
                "max_players = 3\nbuy_in = \"1.00\"\nfee = \"0.00\"\nlevel_minutes = 60\nstarting_stack = "
                "100000\n";
    return text;
}

double number(const std::smatch& m, int i) {
    return std::stod(m[i].str());
}

// `tavolo load` against a fresh server on its own database (kept for the test's checks): 4 tables of 3
// seats played by 6 players at 2 tables each, then `options`.
ToolRun run_load(const MigratedDatabase& db, const std::string& options) {
    const auto path = write_temp_file("load.toml", config());
    ServerProcess server({"--config", path}, {"TAVOLO_DATABASE_URL=" + db.url()});
    if (!server.running()) return ToolRun{.code = -1, .out = "the server did not start:\n" + server.log()};
    return run_tool("load --url ws://127.0.0.1:" + std::to_string(server.port()) +
                    "/ws --tables 4 --seats 3 --tables-per-player 2 --report-every 2 " + options);
}

}  // namespace

TEST(LoadCommand, KeepsTablesInPlayAndPrintsTheLoadLine) {
    MigratedDatabase db;
    const auto run = run_load(db, "--seconds 5 --ramp-seconds 60");
    ASSERT_EQ(run.code, 0) << run.out;

    static const std::regex kLine(
        "load: tables=(\\d+) players=(\\d+) hands_per_s=([0-9.]+) p50_ms=([0-9.]+) p99_ms=([0-9.]+) "
        "p999_ms=([0-9.]+) server_cpu=([0-9.]+|na) server_rss_mb=([0-9]+|na) errors=(\\d+)");
    std::vector<std::smatch> lines;
    std::vector<std::string> texts;
    std::istringstream in(run.out);
    for (std::string line; std::getline(in, line);)
        if (line.starts_with("load: tables=")) texts.push_back(line);
    ASSERT_GE(texts.size(), 2U) << run.out;  // at least one interval line, then the window's
    for (const auto& text : texts) {
        std::smatch m;
        ASSERT_TRUE(std::regex_match(text, m, kLine)) << text;
    }
    std::smatch m;
    ASSERT_TRUE(std::regex_match(texts.back(), m, kLine));
    EXPECT_GE(number(m, 1), 1) << texts.back();  // tables in play (some may have finished meanwhile)
    EXPECT_LE(number(m, 1), 4) << texts.back();
    EXPECT_EQ(number(m, 2), 6) << "12 seats at 2 tables a player: 6 players";
    EXPECT_GT(number(m, 3), 0) << "hands_per_s";
    EXPECT_GT(number(m, 4), 0) << "p50_ms";
    EXPECT_LE(number(m, 4), number(m, 5));
    EXPECT_LE(number(m, 5), number(m, 6));
    // The window's line has the server's figures from its /metrics (an interval line may say na: the
    // first scrape has nothing to compare with).
    ASSERT_NE(m[7].str(), "na") << texts.back();
    ASSERT_NE(m[8].str(), "na") << texts.back();
    EXPECT_GT(number(m, 8), 0) << "server_rss_mb";
    EXPECT_EQ(number(m, 9), 0) << run.out;
    EXPECT_NE(run.out.find("load-detail: "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(" connections=6 tables_per_player=2 seats=3 "), std::string::npos) << run.out;
    EXPECT_GT(db.count("SELECT count(*) FROM hands"), 0) << "the hands played were committed";
}

// --think-ms: every decision waits 0.5 to 1.5 times it (measured after --warmup-seconds of play), so 4 tables
// at a mean of 400 ms (at least 200 ms a decision) make at most 20 actions a second, where the bots at once
// make hundreds.
TEST(LoadCommand, ThinkMsPacesEveryDecisionLikeAHuman) {
    MigratedDatabase db;
    const auto run = run_load(db, "--seconds 4 --ramp-seconds 20 --think-ms 400 --warmup-seconds 1");
    ASSERT_EQ(run.code, 0) << run.out;
    static const std::regex kDetail(".* warmup_s=1 .*think_ms=400 actions=(\\d+) actions_per_s=(\\d+) .*");
    std::smatch m;
    std::string detail;
    std::istringstream in(run.out);
    for (std::string line; std::getline(in, line);)
        if (line.starts_with("load-detail: ")) detail = line;
    ASSERT_TRUE(std::regex_match(detail, m, kDetail)) << run.out;
    EXPECT_GT(number(m, 2), 0) << detail;
    EXPECT_LE(number(m, 2), 20) << "a decision waited less than half of --think-ms: " << detail;
}

// A player whose connection drops after logging in resumes on a new one with his token and keeps his
// seats: the run ends with no error, the resumes counted (resumes=). The drops: a TCP proxy resets
// three of the six connections once hands are being committed.
TEST(LoadCommand, APlayerWhoseConnectionDropsResumesHisSeats) {
    MigratedDatabase db;
    const auto path = write_temp_file("load-drops.toml", config());
    ServerProcess server({"--config", path}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();
    TcpProxy proxy(server.port());
    auto load = std::async(std::launch::async, [&] {
        return run_tool("load --url " + proxy.url() +
                        " --metrics-url http://127.0.0.1:" + std::to_string(server.port()) +
                        "/metrics --tables 4 --seats 3 --tables-per-player 2 --report-every 2 --seconds 6 "
                        "--ramp-seconds 60 --verbose");
    });
    // Once hands are committed (every table dealt), three players lose their connections.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (db.count("SELECT count(*) FROM hands") < 4 && std::chrono::steady_clock::now() < deadline &&
           load.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
    }
    ASSERT_NE(load.wait_for(std::chrono::seconds(0)), std::future_status::ready) << load.get().out;
    for (std::size_t i = 0; i < 3; ++i)
        EXPECT_TRUE(proxy.reset(i));
    const auto run = load.get();
    ASSERT_EQ(run.code, 0) << run.out;
    static const std::regex kDetail(".* resumes=(\\d+).*");
    std::string detail;
    std::istringstream in(run.out);
    for (std::string line; std::getline(in, line);)
        if (line.starts_with("load-detail: ")) detail = line;
    std::smatch m;
    ASSERT_TRUE(std::regex_match(detail, m, kDetail)) << run.out;
    EXPECT_GE(std::stoi(m[1].str()), 3) << run.out;
    EXPECT_NE(run.out.find("errors=0"), std::string::npos) << run.out;
}
