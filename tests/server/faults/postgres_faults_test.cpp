// Issue 14, faults of the database under a live Sit&Go played by `tavolo bots` (real server, a private
// PostgreSQL cluster per test):
// - the postmaster killed with SIGKILL mid-play and started again: the server rides it out (it says
//   database_down and /readyz 503, the table pauses rather than deal a hand it cannot commit, and play
//   resumes by itself once the database is back), nothing lost or doubled;
// - the disk of its WAL full: pg_wal on a small tmpfs filled to the last byte during play, then the WAL
//   switched to a new segment (pg_switch_wal) so that the next write of play needs a new file there:
//   PostgreSQL cannot write its WAL and stops; the server reports it the same way; once space is freed
//   and PostgreSQL started again, play resumes, nothing lost or doubled.
// Then: the tournament finishes, the ledger exact, chips conserved, every hand the bots saw committed
// once. Waits on log lines and rows, never on a clock.
#include <gtest/gtest.h>
#include <sys/mount.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <memory>
#include <string>
#include <thread>

#include "tests/server/faults/fault_checks.hpp"
#include "tests/support/private_cluster.hpp"
#include "tests/support/run_tool.hpp"

using namespace tavolo::testing;
using namespace std::chrono_literals;

namespace {

constexpr std::int64_t kGrantCents = 100'000;
constexpr std::int64_t kStack = 3000;
constexpr int kPlayers = 9;

std::string sng_config(const std::string& name) {
    return "[clock]\nspeed = 30\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n"
           "[[tournament]]\nname = \"" +
           name +
           "\"\ngame = \"holdem\"\nbetting = \"nl\"\nlevel_minutes = 1\nseats = 9\nmax_players = 9\n"
           "starting_stack = " +
           std::to_string(kStack) + "\nbuy_in = \"10.00\"\nfee = \"1.00\"\n";
}

// A fresh database on the private cluster (TestDatabase makes its database where
// TAVOLO_TEST_DATABASE_URL says: set to the cluster for the constructor only, the other tests of this
// executable use the shared server).
class ClusterDatabase {
  public:
    explicit ClusterDatabase(const PrivateCluster& cluster) {
        const char* before = std::getenv("TAVOLO_TEST_DATABASE_URL");
        const std::string saved = before ? before : "";
        ::setenv("TAVOLO_TEST_DATABASE_URL", cluster.url().c_str(), 1);
        db_ = std::make_unique<TestDatabase>();
        ::setenv("TAVOLO_TEST_DATABASE_URL", saved.c_str(), 1);
    }
    const TestDatabase& operator*() const { return *db_; }
    const TestDatabase* operator->() const { return db_.get(); }

  private:
    std::unique_ptr<TestDatabase> db_;
};

// The bots' run and what the database holds after it.
void expect_finished_with_nothing_lost(ServerProcess& server, std::future<ToolRun>& bots,
                                       const TestDatabase& db, const std::string& what) {
    const ToolRun run = bots.get();
    const std::string line = run.last_line();
    std::printf("%s: %s\n", what.c_str(), line.c_str());
    EXPECT_EQ(run.code, 0) << run.out;
    EXPECT_NE(line.find(" finished=1 "), std::string::npos) << line;
    EXPECT_NE(line.find(" errors=0"), std::string::npos) << run.out;
    EXPECT_EQ(server.stop(), 0) << server.log();
    EXPECT_EQ(tournaments_finished(db), 1);
    expect_nothing_lost(db, kGrantCents, kStack, what);
    const auto hands_at = line.find(" hands=");
    ASSERT_NE(hands_at, std::string::npos) << line;
    EXPECT_EQ(db.count("SELECT count(*) FROM hands"), std::stoll(line.substr(hands_at + 7)))
        << what << ": the hands the bots saw are not the hands stored";
}

std::future<ToolRun> start_bots(const ServerProcess& server) {
    const std::string url = "ws://127.0.0.1:" + std::to_string(server.port()) + "/ws";
    return std::async(std::launch::async, [url] {
        return run_tool("bots --url " + url + " --count " + std::to_string(kPlayers) +
                        " --strategy calling --tournament any");
    });
}

// A small tmpfs mounted at `dir` (root only), unmounted at the end.
class Tmpfs {
  public:
    Tmpfs(const std::string& dir, const std::string& size) : dir_(dir) {
        std::filesystem::create_directories(dir_);
        mounted_ = ::mount("tmpfs", dir_.c_str(), "tmpfs", 0, ("size=" + size + ",mode=0755").c_str()) == 0;
    }
    ~Tmpfs() {
        if (mounted_) ::umount2(dir_.c_str(), MNT_DETACH);
    }
    bool mounted() const { return mounted_; }

  private:
    std::string dir_;
    bool mounted_ = false;
};

}  // namespace

TEST(PostgresFaults, PostmasterKilledMidPlayAndRestartedTheServerRidesItOutAndNothingIsLost) {
    // Durable: a commit the server was told of is in the WAL on disk (synchronous_commit off would
    // lose the last ones with the killed postmaster's WAL buffers: not the server's fault).
    PrivateCluster cluster("restart", /*durable=*/true);
    ClusterDatabase db(cluster);
    const auto config = write_temp_file("pgkill.toml", sng_config("PG Kill"));
    ServerProcess server({"--config", config, "--log-level", "info"}, {"TAVOLO_DATABASE_URL=" + db->url()});
    ASSERT_TRUE(server.running()) << server.log();
    auto bots = start_bots(server);
    ASSERT_TRUE(wait_for_rows(*db, "SELECT count(*) FROM hands", 3)) << server.log();
    ASSERT_EQ(tournaments_finished(*db), 0) << "over before the fault: the test needs a longer tournament";

    cluster.kill_postmaster();
    ASSERT_TRUE(server.wait_for_log("event=database_down")) << server.log();
    EXPECT_EQ(http_request(server.port(), "GET", "/readyz").status, 503);
    ASSERT_TRUE(cluster.start_after_kill()) << "PostgreSQL did not start again after its kill";
    ASSERT_TRUE(server.wait_for_log("event=database_up")) << server.log();
    if (server.occurrences("event=table_paused") > 0) {
        EXPECT_TRUE(server.wait_for_log("event=table_resumed")) << server.log();
    }
    EXPECT_EQ(http_request(server.port(), "GET", "/readyz").status, 200);
    expect_finished_with_nothing_lost(server, bots, *db, "postmaster killed");
}

TEST(PostgresFaults, WalDiskFullMidPlayTheServerReportsItLosesNothingAndResumesWhenSpaceIsFreed) {
    ASSERT_EQ(::geteuid(), 0U) << "mounting the WAL's tmpfs needs root (CI runs as root)";
    // Durable: a commit the server was told of is in the WAL on disk (synchronous_commit off would
    // lose the last ones with the killed postmaster's WAL buffers: not the server's fault).
    PrivateCluster cluster("restart", /*durable=*/true);
    ClusterDatabase db(cluster);
    // pg_wal moves to a 48 MiB tmpfs: room for the segments there and a few more.
    cluster.stop();
    const std::string wal = cluster.dir() + "/wal";
    Tmpfs tmpfs(wal, "48m");
    ASSERT_TRUE(tmpfs.mounted()) << "cannot mount a tmpfs on " << wal;
    const std::string data = cluster.dir() + "/data";
    run_command("cp -a " + data + "/pg_wal/. " + wal + "/ && rm -rf " + data + "/pg_wal && ln -s " + wal +
                " " + data + "/pg_wal && chown -R postgres:postgres " + wal);
    cluster.start();

    const auto config = write_temp_file("walfull.toml", sng_config("WAL Full"));
    ServerProcess server({"--config", config, "--log-level", "info"}, {"TAVOLO_DATABASE_URL=" + db->url()});
    ASSERT_TRUE(server.running()) << server.log();
    auto bots = start_bots(server);
    ASSERT_TRUE(wait_for_rows(*db, "SELECT count(*) FROM hands", 3)) << server.log();
    ASSERT_EQ(tournaments_finished(*db), 0) << "over before the fault: the test needs a longer tournament";

    // The disk fills: a file takes every byte left, then the next WAL segment is due.
    run_command("dd if=/dev/zero of=" + wal + "/filler bs=1M >/dev/null 2>&1 || true");
    // Segments made before the disk filled are used first: switch until one must be made.
    for (int i = 0; i < 300 && server.occurrences("event=database_down") == 0; ++i) {
        try {
            db->query("SELECT pg_switch_wal()");
        } catch (const std::exception&) {
            // PostgreSQL stopped on the full disk (or is restarting after it).
        }
        std::this_thread::sleep_for(100ms);
    }
    ASSERT_TRUE(server.wait_for_log_until("event=database_down", 1, std::chrono::steady_clock::now() + 30s))
        << server.log();
    EXPECT_EQ(http_request(server.port(), "GET", "/readyz").status, 503);
    const std::string pg_log = run_command("cat " + cluster.dir() + "/postgres.log");
    EXPECT_NE(pg_log.find("No space left on device"), std::string::npos) << pg_log;

    // Space comes back; PostgreSQL is started again if the full disk stopped it.
    std::filesystem::remove(wal + "/filler");
    ASSERT_TRUE(cluster.start_after_kill()) << run_command("tail -20 " + cluster.dir() + "/postgres.log");
    ASSERT_TRUE(server.wait_for_log("event=database_up")) << server.log();
    if (server.occurrences("event=table_paused") > 0) {
        EXPECT_TRUE(server.wait_for_log("event=table_resumed")) << server.log();
    }
    EXPECT_EQ(http_request(server.port(), "GET", "/readyz").status, 200);
    expect_finished_with_nothing_lost(server, bots, *db, "WAL disk full");
    cluster.stop();  // before the tmpfs under its pg_wal goes
}
