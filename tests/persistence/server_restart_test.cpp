// The database SERVER restarts (not one database cut off) while hands wait in the write queue: the
// service sees the outage, reconnects with backoff once the server is back, and no hand is lost.
// Runs on a private cluster of its own (deploy/pg.sh), so the shared test server is never restarted.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <future>
#include <mutex>
#include <string>
#include <thread>

#include "persistence/hand_store.hpp"
#include "persistence/migrations.hpp"
#include "persistence/write_service.hpp"
#include "tests/persistence/fixtures.hpp"

using namespace tavolo::persistence;
using namespace tavolo::testing;
using namespace std::chrono_literals;

namespace {

std::string run(const std::string& command) {
    std::string out;
    if (FILE* pipe = ::popen(command.c_str(), "r")) {
        char buffer[512];
        while (std::fgets(buffer, sizeof buffer, pipe))
            out += buffer;
        if (::pclose(pipe) != 0) throw std::runtime_error("failed: " + command + "\n" + out);
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r'))
        out.pop_back();
    return out;
}

// A private fast cluster in the project's .tavolo directory, removed at the end.
class PrivateCluster {
  public:
    PrivateCluster()
        : dir_(std::string(TAVOLO_SOURCE_DIR) + "/.tavolo/test-restart-" + std::to_string(::getpid())),
          script_(std::string(TAVOLO_SOURCE_DIR) + "/deploy/pg.sh") {
        url_ = run("bash " + script_ + " start " + dir_ + " --fast 2>&1");
        std::ifstream port_file(dir_ + "/port");
        port_file >> port_;
    }
    ~PrivateCluster() {
        try {
            run("bash " + script_ + " stop " + dir_ + " 2>&1");
        } catch (...) {
        }
    }
    const std::string& url() const { return url_; }

    void pg_ctl(const std::string& action) {
        std::string pg_ctl = "/usr/lib/postgresql/15/bin/pg_ctl -D " + dir_ + "/data -w -l " + dir_ +
                             "/postgres.log " + action;
        if (::geteuid() == 0) pg_ctl = "cd / && runuser -u postgres -- " + pg_ctl;
        run(pg_ctl + " >/dev/null 2>&1");
    }
    void stop() { pg_ctl("-m fast stop"); }
    void start() {
        pg_ctl("-o \"-p " + std::to_string(port_) +
               " -c listen_addresses=127.0.0.1 -c unix_socket_directories=" + dir_ +
               "/sock -c fsync=off -c synchronous_commit=off\" start");
    }

  private:
    std::string dir_, script_, url_;
    int port_ = 0;
};

}  // namespace

TEST(WriteService, ADatabaseServerRestartWhileHandsAreQueuedLosesNoHand) {
    PrivateCluster cluster;
    apply_migrations(cluster.url());
    Database db(cluster.url());
    auto sng = small_tournament(db, 2, 2);

    std::mutex mutex;
    int ok = 0;
    std::vector<StoreError> errors;
    auto callback = [&](StoreResult<void> r) {
        std::lock_guard lock(mutex);
        if (r)
            ++ok;
        else
            errors.push_back(r.error());
    };
    WriteServiceOptions options;
    options.url = cluster.url();
    options.workers = 2;
    options.initial_backoff = 20ms;
    options.max_backoff = 200ms;
    std::promise<void> went_down;
    std::atomic<bool> reported{false};
    WriteService service(options, [&](bool up, const std::string&) {
        if (!up && !reported.exchange(true)) went_down.set_value();
    });
    for (int n = 1; n <= 10; ++n)
        for (auto table : sng.tables)
            ASSERT_TRUE(
                service.submit_hand(make_hand(table, n, sng.players), callback, Executor::service_thread()));
    ASSERT_TRUE(service.wait_idle(30s));

    cluster.stop();
    for (int n = 11; n <= 60; ++n)
        for (auto table : sng.tables)
            ASSERT_TRUE(
                service.submit_hand(make_hand(table, n, sng.players), callback, Executor::service_thread()));
    went_down.get_future().wait();  // the service reports the outage: the event itself, no clock
    EXPECT_FALSE(service.status().database_up);
    EXPECT_GT(service.status().pending, 0U);
    cluster.start();

    ASSERT_TRUE(service.wait_idle(30s));
    EXPECT_TRUE(service.status().database_up);
    EXPECT_EQ(ok, 120);
    for (const auto& e : errors)
        ADD_FAILURE() << to_string(e.code) << ": " << e.message;
    HandStore hands(db);
    for (auto table : sng.tables) {
        EXPECT_EQ(*hands.hand_count(table), 60);
        EXPECT_EQ(hands.snapshot(table)->hand_number, 60);
    }
}
