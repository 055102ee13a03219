// Issue 11: PostgreSQL stopped for 30 s mid-tournament. The real server against a private cluster
// the test stops and starts again, `tavolo bots` playing a Sit&Go at an accelerated clock: the
// table pauses (no hand starts that cannot be committed; the server logs event=table_paused and
// /readyz says 503), nothing is lost (the hand finished during the outage commits when the database
// returns), play resumes by itself (event=table_resumed) and the tournament finishes with every
// hand committed once and the ledger exact. Waits on log lines and database rows, never on a clock,
// except the outage itself, which lasts 30 s of real time by definition.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "tests/support/e2e_money.hpp"
#include "tests/support/private_cluster.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;
using namespace std::chrono_literals;

namespace {

constexpr std::int64_t kGrantCents = 100'000;
constexpr auto kOutage = 30s;
constexpr int kPlayers = 9;

std::string outage_config() {
    return "[clock]\nspeed = 30\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n"
           "[[tournament]]\nname = \"Outage\"\ngame = \"holdem\"\nbetting = \"nl\"\nlevel_minutes = 2\n"
           "seats = 9\nmax_players = 9\nbuy_in = \"10.00\"\nfee = \"1.00\"\n";
}

// A fresh migrated database on the private cluster (TestDatabase makes its database on the server
// TAVOLO_TEST_DATABASE_URL names: here, the cluster the test stops).
class ClusterDatabase {
  public:
    explicit ClusterDatabase(const PrivateCluster& cluster) {
        const char* before = std::getenv("TAVOLO_TEST_DATABASE_URL");
        const std::string saved = before ? before : "";
        ::setenv("TAVOLO_TEST_DATABASE_URL", cluster.url().c_str(), 1);
        db_ = std::make_unique<MigratedDatabase>();
        ::setenv("TAVOLO_TEST_DATABASE_URL", saved.c_str(), 1);
    }
    MigratedDatabase& operator*() { return *db_; }
    MigratedDatabase* operator->() { return db_.get(); }

  private:
    std::unique_ptr<MigratedDatabase> db_;
};

// Waits until `sql` counts at least `n` (a condition on the database, asked again every 50 ms).
bool wait_for_rows(MigratedDatabase& db, const std::string& sql, std::int64_t n) {
    const auto guard = std::chrono::steady_clock::now() + 240s;
    while (std::chrono::steady_clock::now() < guard) {
        if (db.count(sql) >= n) return true;
        std::this_thread::sleep_for(50ms);
    }
    return false;
}

}  // namespace

TEST(DatabaseOutage, PostgresStoppedThirtySecondsMidTournamentPausesTablesLosesNothingAndPlayResumes) {
    PrivateCluster cluster;
    ClusterDatabase db(cluster);
    const auto config = write_temp_file("outage.toml", outage_config());
    ServerProcess server({"--config", config, "--log-level", "info"}, {"TAVOLO_DATABASE_URL=" + db->url()});
    ASSERT_TRUE(server.running()) << server.log();

    ToolRun bots;
    std::thread fleet([&] {
        bots = run_tool("bots --url ws://127.0.0.1:" + std::to_string(server.port()) + "/ws --count " +
                        std::to_string(kPlayers) + " --strategy random --tournament any");
    });
    ASSERT_TRUE(server.wait_for_log("event=tournament_started")) << server.log();
    ASSERT_TRUE(wait_for_rows(*db, "SELECT count(*) FROM hands", 3)) << server.log();
    ASSERT_EQ(tournaments_finished(*db), 0) << "over before the outage: the test needs a longer tournament";

    // The outage: the table pauses, /readyz says so, for 30 s of real time.
    const auto stopped_at = std::chrono::steady_clock::now();
    cluster.stop();
    ASSERT_TRUE(server.wait_for_log("event=table_paused")) << server.log();
    ASSERT_TRUE(server.wait_for_log("event=database_down")) << server.log();
    EXPECT_EQ(http_request(server.port(), "GET", "/readyz").status, 503);
    std::this_thread::sleep_until(stopped_at + kOutage);
    EXPECT_EQ(server.log().find("event=table_resumed"), std::string::npos) << "resumed during the outage";
    cluster.start();
    ASSERT_TRUE(server.wait_for_log("event=table_resumed")) << server.log();
    ASSERT_TRUE(server.wait_for_log("event=database_up")) << server.log();
    EXPECT_EQ(http_request(server.port(), "GET", "/readyz").status, 200);

    fleet.join();
    EXPECT_EQ(bots.code, 0) << bots.out;
    const std::string line = bots.last_line();
    EXPECT_NE(line.find(" finished=1 "), std::string::npos) << line;
    EXPECT_NE(line.find(" errors=0"), std::string::npos) << line;
    EXPECT_EQ(server.stop(), 0) << server.log();

    EXPECT_EQ(tournaments_finished(*db), 1);
    EXPECT_EQ(tournaments_badly_ranked(*db), 0);
    EXPECT_EQ(prize_pools_not_paid_out(*db), 0);
    EXPECT_EQ(wallets_off_by_anything(*db, kGrantCents), 0);
    EXPECT_EQ(ledger_sum(*db), 0);
    // Every hand committed once (the schema keeps (table, hand) unique) and none lost: the table's
    // snapshot is its last hand's, and the hands the bots saw are all stored.
    EXPECT_EQ(db->count("SELECT count(*) FROM tournament_tables t WHERE t.hand_number <> (SELECT "
                        "coalesce(max(hand_number), 0) FROM hands WHERE table_id = t.id)"),
              0);
    const auto hands_at = line.find(" hands=");
    ASSERT_NE(hands_at, std::string::npos) << line;
    EXPECT_EQ(db->count("SELECT count(*) FROM hands"), std::stoll(line.substr(hands_at + 7))) << line;
}
