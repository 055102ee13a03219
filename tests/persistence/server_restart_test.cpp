// The database SERVER restarts (not one database cut off) while hands wait in the write queue: the
// service sees the outage, reconnects with backoff once the server is back, and no hand is lost.
// Runs on a private cluster of its own (deploy/pg.sh), so the shared test server is never restarted.
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <mutex>
#include <string>
#include <thread>

#include "persistence/hand_store.hpp"
#include "persistence/migrations.hpp"
#include "persistence/write_service.hpp"
#include "tests/persistence/fixtures.hpp"
#include "tests/support/private_cluster.hpp"

using namespace tavolo::persistence;
using namespace tavolo::testing;
using namespace std::chrono_literals;

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
