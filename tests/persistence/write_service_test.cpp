#include "persistence/write_service.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <future>
#include <mutex>
#include <set>
#include <thread>

#include "persistence/hand_store.hpp"
#include "persistence/ledger.hpp"
#include "persistence/tournament_store.hpp"
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
            ASSERT_TRUE(service.submit_hand(make_hand(table, n, sng.players, 1500), outcomes.callback(),
                                            Executor::service_thread()));
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
        ASSERT_TRUE(service.submit_hand(std::move(h), outcomes.callback(), Executor::service_thread()));
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
            [promise](StoreResult<Posted> r) { promise->set_value(std::move(r)); },
            Executor::service_thread()));
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
            ASSERT_TRUE(
                service.submit_hand(make_hand(table, n), outcomes.callback(), Executor::service_thread()));
    ASSERT_TRUE(service.wait_idle(30s));

    t.cut();
    for (int n = 11; n <= 60; ++n)
        for (auto table : sng.tables)
            ASSERT_TRUE(
                service.submit_hand(make_hand(table, n), outcomes.callback(), Executor::service_thread()));
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
        refused =
            service.submit_hand(make_hand(sng.tables[0], n), outcomes.callback(), Executor::service_thread());
        if (refused) ++accepted;
    }
    EXPECT_EQ(accepted, 8);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, StoreErrc::queue_full);
    t.restore();
    ASSERT_TRUE(service.wait_idle(30s));
    EXPECT_EQ(outcomes.ok, 8);
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), 8);
    EXPECT_TRUE(
        service.submit_hand(make_hand(sng.tables[0], 9), outcomes.callback(), Executor::service_thread()));
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
            ASSERT_TRUE(service.submit_hand(make_hand(sng.tables[0], n), outcomes.callback(),
                                            Executor::service_thread()));
        service.stop();
        auto after =
            service.submit_hand(make_hand(sng.tables[0], 6), outcomes.callback(), Executor::service_thread());
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
                                    },
                                    Executor::service_thread()));
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
                                    },
                                    Executor::service_thread()));
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
            },
            Executor::service_thread()));
    went_down.get_future().wait();  // the service has seen the database unreachable
    service->stop();
    EXPECT_EQ(calls.load(), 20);
    EXPECT_EQ(shutting_down.load(), 20);
    std::lock_guard lock(tried_mutex);
    EXPECT_LE(tried.size(), options.workers)
        << "only the write each worker was retrying when stop() began may have been tried; the rest are "
           "failed without a try";
}

namespace {

// An actor's strand, as far as the service can tell: functions posted to it wait until the test
// thread runs them.
struct Inbox {
    std::mutex mutex;
    std::condition_variable posted_cv;
    std::deque<std::function<void()>> posted;

    Executor executor() {
        return Executor{[this](std::function<void()> f) {
            {
                std::lock_guard lock(mutex);
                posted.push_back(std::move(f));
            }
            posted_cv.notify_all();
        }};
    }
    // Waits until `n` functions were posted, then runs them on this thread.
    bool run(std::size_t n) {
        std::deque<std::function<void()>> ready;
        {
            std::unique_lock lock(mutex);
            if (!posted_cv.wait_for(lock, 30s, [&] { return posted.size() >= n; })) return false;
            ready.swap(posted);
        }
        for (auto& f : ready)
            f();
        return true;
    }
};

// Waits for the listener to report the database up or down.
struct HealthEvents {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<bool> events;

    WriteService::StateListener listener() {
        return [this](bool up, const std::string&) {
            {
                std::lock_guard lock(mutex);
                events.push_back(up);
            }
            changed.notify_all();
        };
    }
    bool wait_for(bool up) {
        std::unique_lock lock(mutex);
        return changed.wait_for(lock, 30s,
                                [&] { return std::find(events.begin(), events.end(), up) != events.end(); });
    }
};

}  // namespace

// A table actor hears back on its own strand: every result goes through the executor it chose, and
// nothing of the caller's runs on a service thread.
TEST(WriteService, ResultsComeBackThroughTheExecutorTheCallerChose) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 1);
    WriteService service(options_for(t.url()));
    Inbox inbox;
    std::atomic<int> results{0};
    std::vector<std::thread::id> threads;  // touched only where the callbacks run
    for (int n = 1; n <= 3; ++n)
        ASSERT_TRUE(service.submit_hand(
            make_hand(sng.tables[0], n),
            [&](StoreResult<void> r) {
                threads.push_back(std::this_thread::get_id());
                results += r ? 1 : 0;
            },
            inbox.executor()));
    ASSERT_TRUE(service.submit_finish(
        sng.tables[0], Finish{sng.players[0].registration.id, 2, 0, "out:0"},
        [&](StoreResult<Registration> r) {
            threads.push_back(std::this_thread::get_id());
            results += r ? 1 : 0;
        },
        inbox.executor()));
    auto moved = make_hand(sng.tables[0], 3, sng.players).snapshot;
    ASSERT_TRUE(service.submit<void>(
        sng.tables[0], [=](Database& db) { return HandStore(db).save_snapshots(std::span(&moved, 1)); },
        [&](StoreResult<void> r) {
            threads.push_back(std::this_thread::get_id());
            results += r ? 1 : 0;
        },
        inbox.executor()));
    ASSERT_TRUE(service.wait_idle(30s));
    EXPECT_EQ(results.load(), 0) << "a callback ran before its executor ran it";
    ASSERT_TRUE(inbox.run(5));
    EXPECT_EQ(results.load(), 5);
    ASSERT_EQ(threads.size(), 5U);
    for (auto id : threads)
        EXPECT_EQ(id, std::this_thread::get_id());
}

// /readyz must not say ready before the database has answered, nor stay ready while it is down and
// nothing is being written.
TEST(WriteService, DatabaseUpIsTrueOnlyOnceTheDatabaseAnswered) {
    HealthEvents unreachable_events;
    auto unreachable = options_for("postgresql://tavolo@127.0.0.1:1/none?connect_timeout=2");
    WriteService nowhere(unreachable, unreachable_events.listener());
    EXPECT_FALSE(nowhere.status().database_up);
    ASSERT_TRUE(unreachable_events.wait_for(false)) << "no write was queued: the service must still find out";
    EXPECT_FALSE(nowhere.status().database_up);
    EXPECT_GE(nowhere.status().outages, 1U);
    EXPECT_FALSE(nowhere.status().last_error.empty());

    MigratedDatabase t;
    HealthEvents events;
    WriteService service(options_for(t.url()), events.listener());
    ASSERT_TRUE(events.wait_for(true));
    EXPECT_TRUE(service.status().database_up);
    EXPECT_EQ(service.status().outages, 0U);
}

// A statement stuck behind a lock is cancelled after statement_timeout and retried like an outage,
// so the write commits once the lock is gone instead of holding its worker for ever.
TEST(WriteService, AStatementPastStatementTimeoutIsRetriedAfterABackoff) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 1);
    auto options = options_for(t.url());
    options.statement_timeout = 200ms;
    HealthEvents events;
    Outcomes outcomes;
    WriteService service(options, events.listener());
    ASSERT_TRUE(events.wait_for(true));
    pqxx::connection blocker{t.url()};
    auto lock = std::make_unique<pqxx::work>(blocker);
    lock->exec("SELECT id FROM tournament_tables WHERE id = " + std::to_string(raw(sng.tables[0])) +
               " FOR UPDATE");
    ASSERT_TRUE(
        service.submit_hand(make_hand(sng.tables[0], 1), outcomes.callback(), Executor::service_thread()));
    ASSERT_TRUE(events.wait_for(false)) << "the blocked statement was never cancelled";
    EXPECT_NE(service.status().last_error.find("statement_timeout"), std::string::npos)
        << service.status().last_error;
    lock->commit();
    ASSERT_TRUE(service.wait_idle(30s));
    EXPECT_EQ(outcomes.ok, 1);
    EXPECT_TRUE(outcomes.errors.empty());
    EXPECT_TRUE(service.status().database_up);
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), 1);
}
