#include "persistence/write_service.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <mutex>
#include <set>
#include <thread>

#include "persistence/hand_store.hpp"
#include "persistence/ledger.hpp"
#include "tests/persistence/fixtures.hpp"
#include "tests/persistence/test_database.hpp"

using namespace tavolo::persistence;
using namespace tavolo::testing;
using namespace std::chrono_literals;

namespace {

// Collects callback results from the service threads.
struct Outcomes {
    std::mutex mutex;
    int ok = 0;
    std::vector<StoreError> errors;
    std::thread::id last_thread;

    WriteService::HandCallback callback() {
        return [this](StoreResult<void> r) {
            std::lock_guard lock(mutex);
            last_thread = std::this_thread::get_id();
            if (r)
                ++ok;
            else
                errors.push_back(r.error());
        };
    }
};

WriteServiceOptions options_for(const std::string& url) {
    WriteServiceOptions o;
    o.url = url;
    o.workers = 2;
    o.initial_backoff = 20ms;
    o.max_backoff = 200ms;
    return o;
}

}  // namespace

TEST(WriteService, HandsCommitOffTheCallersThreadInBatches) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 4);
    Outcomes outcomes;
    WriteService service(options_for(t.url()));
    constexpr int kHandsPerTable = 250;
    for (int n = 1; n <= kHandsPerTable; ++n)
        for (auto table : sng.tables)
            ASSERT_TRUE(service.submit_hand(make_hand(table, n, sng.players, 1500), outcomes.callback()));
    ASSERT_TRUE(service.wait_idle(30s));
    EXPECT_EQ(outcomes.ok, kHandsPerTable * 4);
    EXPECT_TRUE(outcomes.errors.empty());
    EXPECT_NE(outcomes.last_thread, std::this_thread::get_id());
    auto status = service.status();
    EXPECT_EQ(status.hands_committed, 1000U);
    EXPECT_LT(status.commits, 1000U) << "hands submitted faster than one commit each must share commits";
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), 1000);
    HandStore hands(t.db());
    for (auto table : sng.tables)
        EXPECT_EQ(hands.snapshot(table)->hand_number, kHandsPerTable);
}

TEST(WriteService, ABadHandFailsAloneAndTheRestOfItsBatchCommits) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 1);
    Outcomes outcomes;
    WriteService service(options_for(t.url()));
    for (int n = 1; n <= 20; ++n) {
        auto h = make_hand(sng.tables[0], n, sng.players);
        if (n == 7) h.result_json = "{broken";
        ASSERT_TRUE(service.submit_hand(std::move(h), outcomes.callback()));
    }
    ASSERT_TRUE(service.wait_idle(30s));
    EXPECT_EQ(outcomes.ok, 19);
    ASSERT_EQ(outcomes.errors.size(), 1U);
    EXPECT_EQ(outcomes.errors[0].code, StoreErrc::invalid_argument);
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), 19);
}

TEST(WriteService, MoneyOperationsRunOnTheServiceAndAreIdempotent) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 0);
    WriteService service(options_for(t.url()));
    auto from = sng.players[0].account.wallet, to = sng.players[1].account.wallet;
    std::vector<std::future<StoreResult<Posted>>> results;
    for (int i = 0; i < 2; ++i) {
        auto promise = std::make_shared<std::promise<StoreResult<Posted>>>();
        results.push_back(promise->get_future());
        ASSERT_TRUE(service.submit<Posted>(
            [&](Database& db) { return Ledger(db).post(transfer("tip:1", "transfer", from, to, 250)); },
            [promise](StoreResult<Posted> r) { promise->set_value(std::move(r)); }));
    }
    auto a = results[0].get(), b = results[1].get();
    ASSERT_TRUE(a && b);
    EXPECT_NE(a->applied, b->applied);
    Ledger ledger(t.db());
    EXPECT_EQ(*ledger.balance(to), 10'000 - 2'500 + 250);
}

// The database goes away while hands keep coming: they wait in the queue, the service reports the
// outage, reconnects with backoff when the database is back, and every hand is committed.
TEST(WriteService, DatabaseOutageWhileWritesAreQueuedLosesNoHand) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 2);
    std::atomic<int> downs{0}, ups{0};
    std::promise<void> went_down;
    Outcomes outcomes;
    WriteService service(options_for(t.url()), [&](bool up, const std::string&) {
        if ((up ? ups : downs)++ == 0 && !up) went_down.set_value();
    });
    for (int n = 1; n <= 10; ++n)
        for (auto table : sng.tables)
            ASSERT_TRUE(service.submit_hand(make_hand(table, n), outcomes.callback()));
    ASSERT_TRUE(service.wait_idle(30s));

    t.cut();
    for (int n = 11; n <= 60; ++n)
        for (auto table : sng.tables)
            ASSERT_TRUE(service.submit_hand(make_hand(table, n), outcomes.callback()));
    went_down.get_future().wait();  // the service reports the outage: the event itself, no clock
    auto during = service.status();
    EXPECT_FALSE(during.database_up);
    EXPECT_FALSE(during.last_error.empty());
    EXPECT_GT(during.pending, 0U);
    {
        std::lock_guard lock(outcomes.mutex);
        EXPECT_EQ(outcomes.ok, 20) << "nothing can commit while the database is unreachable";
        EXPECT_TRUE(outcomes.errors.empty()) << outcomes.errors[0].message;
    }

    t.restore();
    ASSERT_TRUE(service.wait_idle(30s));
    EXPECT_TRUE(service.status().database_up);
    EXPECT_GE(downs.load(), 1);
    EXPECT_GE(ups.load(), 1);
    EXPECT_EQ(outcomes.ok, 120);
    EXPECT_TRUE(outcomes.errors.empty());
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), 120);
    EXPECT_EQ(t.count("SELECT count(*) FROM tournament_tables WHERE hand_number = 60"), 2);
}

TEST(WriteService, AFullQueueIsRefusedNotDropped) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 1);
    auto options = options_for(t.url());
    options.queue_capacity = 8;
    Outcomes outcomes;
    WriteService service(options);
    t.cut();
    int accepted = 0;
    StoreResult<void> refused;
    for (int n = 1; n <= 20 && refused; ++n) {
        refused = service.submit_hand(make_hand(sng.tables[0], n), outcomes.callback());
        if (refused) ++accepted;
    }
    EXPECT_EQ(accepted, 8);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, StoreErrc::queue_full);
    t.restore();
    ASSERT_TRUE(service.wait_idle(30s));
    EXPECT_EQ(outcomes.ok, 8);
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), 8);
    EXPECT_TRUE(service.submit_hand(make_hand(sng.tables[0], 9), outcomes.callback()));
}

TEST(WriteService, StoppingWhileTheDatabaseIsDownFailsWhatIsLeftWithAnError) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 1);
    auto options = options_for(t.url());
    options.shutdown_deadline = 300ms;
    Outcomes outcomes;
    {
        WriteService service(options);
        t.cut();
        for (int n = 1; n <= 5; ++n)
            ASSERT_TRUE(service.submit_hand(make_hand(sng.tables[0], n), outcomes.callback()));
        service.stop();
        auto after = service.submit_hand(make_hand(sng.tables[0], 6), outcomes.callback());
        ASSERT_FALSE(after);
        EXPECT_EQ(after.error().code, StoreErrc::shutting_down);
    }
    t.restore();
    EXPECT_EQ(outcomes.ok, 0);
    ASSERT_EQ(outcomes.errors.size(), 5U);
    for (const auto& e : outcomes.errors)
        EXPECT_EQ(e.code, StoreErrc::shutting_down);
}

// A caller's callback that throws is the caller's bug: it must still be called exactly once, and the
// service must keep running.
TEST(WriteService, ACallbackThatThrowsIsCalledExactlyOnce) {
    MigratedDatabase t;
    WriteService service(options_for(t.url()));
    std::atomic<int> calls{0};
    ASSERT_TRUE(service.submit<int>([](Database&) -> StoreResult<int> { return 7; },
                                    [&](StoreResult<int>) {
                                        ++calls;
                                        throw std::runtime_error("the caller's bug");
                                    }));
    ASSERT_TRUE(service.wait_idle(10s));
    EXPECT_EQ(calls.load(), 1);
}

// Work that throws anything at all is reported through its callback, not by ending the process.
TEST(WriteService, WorkThatThrowsAnythingIsReportedOnce) {
    MigratedDatabase t;
    WriteService service(options_for(t.url()));
    std::atomic<int> calls{0};
    std::atomic<bool> database_error{false};
    ASSERT_TRUE(service.submit<int>([](Database&) -> StoreResult<int> { throw 42; },
                                    [&](StoreResult<int> r) {
                                        ++calls;
                                        database_error = !r && r.error().code == StoreErrc::database;
                                    }));
    ASSERT_TRUE(service.wait_idle(10s));
    EXPECT_EQ(calls.load(), 1);
    EXPECT_TRUE(database_error.load());
}

// Stopping while the database is unreachable ends soon after the shutdown deadline: what is still
// queued is failed with shutting_down, not tried once more each (each try can take a connect timeout).
TEST(WriteService, StoppingWhileTheDatabaseIsDownDoesNotTryEachQueuedWriteAgain) {
    MigratedDatabase t;
    auto options = options_for(t.url());
    options.shutdown_deadline = 200ms;
    std::atomic<int> shutting_down{0}, calls{0};
    std::mutex tried_mutex;
    std::set<int> tried;  // the queued writes that were ever tried
    std::promise<void> went_down;
    std::atomic<bool> reported{false};
    auto service = std::make_unique<WriteService>(options, [&](bool up, const std::string&) {
        if (!up && !reported.exchange(true)) went_down.set_value();
    });
    // Each try of this work stands for a connection attempt to an unreachable database; counting the
    // tries, not timing stop(), shows what stop() does with the queue.
    for (int i = 0; i < 20; ++i)
        ASSERT_TRUE(service->submit<int>(
            [&, i](Database&) -> StoreResult<int> {
                std::lock_guard lock(tried_mutex);
                tried.insert(i);
                return store_error(StoreErrc::unavailable, "connect timeout");
            },
            [&](StoreResult<int> r) {
                ++calls;
                if (!r && r.error().code == StoreErrc::shutting_down) ++shutting_down;
            }));
    went_down.get_future().wait();  // the service has seen the database unreachable
    service->stop();
    EXPECT_EQ(calls.load(), 20);
    EXPECT_EQ(shutting_down.load(), 20);
    std::lock_guard lock(tried_mutex);
    EXPECT_LE(tried.size(), options.workers)
        << "only the write each worker was retrying when stop() began may have been tried; the rest are "
           "failed without a try";
}
