#pragma once
// The write path (DESIGN.md "Actors and threads"): a persistence service with its own connection pool
// and worker threads, so an actor's strand never waits on the database.
//
// - submit_hand() never blocks. A hand and its table snapshot are committed in one transaction;
//   under load many hands share one commit (group commit). Hands of one table always go to the same
//   worker, in order.
// - When the database is unreachable, writes wait in a bounded queue while the workers reconnect
//   with exponential backoff; nothing is dropped. A full queue is refused at once with queue_full
//   (the caller keeps the hand and decides), never dropped silently.
// - submit() runs any store operation (money: buy-ins, prizes, refunds...) on a worker as soon as
//   possible, outside any batch; while the database is unreachable it is retried, which is safe
//   because every money operation carries an idempotency key.
// - Every accepted write gets exactly one callback, on a service thread: the caller posts it back
//   onto its own strand.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "persistence/database.hpp"
#include "persistence/hand_record.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

struct WriteServiceOptions {
    std::string url;
    std::size_t workers = 4;  // threads, each with its own connection; commits overlap one another's fsync
    std::size_t queue_capacity = 50'000;  // writes accepted but not yet committed, at most
    std::size_t max_batch = 512;          // hands per commit, at most
    std::chrono::milliseconds initial_backoff{50};
    std::chrono::milliseconds max_backoff{2'000};
    std::chrono::milliseconds shutdown_deadline{10'000};  // stop(): how long to keep trying to drain
};

struct WriteServiceStatus {
    bool database_up = true;
    std::size_t pending = 0;  // accepted, not yet committed
    std::uint64_t hands_committed = 0;
    std::uint64_t commits = 0;  // transactions that committed hands
    std::uint64_t outages = 0;  // times the database was found unreachable
    std::string last_error;
};

class WriteService {
  public:
    using HandCallback = std::function<void(StoreResult<void>)>;
    // Called on a service thread when the database goes down (false + the error) or comes back.
    using StateListener = std::function<void(bool up, const std::string& error)>;

    explicit WriteService(WriteServiceOptions options, StateListener listener = {});
    ~WriteService();  // stop()
    WriteService(const WriteService&) = delete;
    WriteService& operator=(const WriteService&) = delete;

    // Queues the hand. An error (queue_full, shutting_down, invalid_argument) means it was NOT
    // accepted and `done` will not be called; otherwise `done` is called exactly once.
    StoreResult<void> submit_hand(HandRecord hand, HandCallback done);

    // Queues `work` (called with the service's Database) and calls `done` with its result. Same
    // acceptance rule as submit_hand. `work` may run more than once when the database is
    // unreachable: it must be idempotent (money operations are, through their keys).
    template <class T>
    StoreResult<void> submit(std::function<StoreResult<T>(Database&)> work,
                             std::function<void(StoreResult<T>)> done) {
        auto shared_done = std::make_shared<std::function<void(StoreResult<T>)>>(std::move(done));
        // Neither `work` nor `done` may throw out of here: a throwing `done` would otherwise be called
        // a second time through `fail`, and anything thrown past the worker would end the process.
        return submit_task(
            [work = std::move(work), shared_done](Database& db, bool last_try) {
                StoreResult<T> result = guarded<T>(work, db);
                if (!result && result.error().code == StoreErrc::unavailable && !last_try) return false;
                deliver_once<T>(*shared_done, std::move(result));
                return true;
            },
            [shared_done](StoreError error) {
                deliver_once<T>(*shared_done, std::unexpected(std::move(error)));
            });
    }

    // Waits until nothing is pending (true) or the timeout passes (false).
    bool wait_idle(std::chrono::milliseconds timeout);
    // Refuses new writes, keeps committing the queued ones until they are done or the shutdown
    // deadline passes, then fails what is left with shutting_down. Idempotent.
    void stop();

    WriteServiceStatus status() const;

    struct Impl;

  private:
    template <class T>
    static StoreResult<T> guarded(const std::function<StoreResult<T>(Database&)>& work, Database& db) {
        try {
            return work(db);
        } catch (const std::exception& e) {
            return store_error(StoreErrc::database, std::string("the queued operation threw: ") + e.what());
        } catch (...) {
            return store_error(StoreErrc::database, "the queued operation threw a non-standard exception");
        }
    }
    // The caller's callback; whatever it throws is its own bug and is swallowed here.
    template <class T>
    static void deliver_once(const std::function<void(StoreResult<T>)>& done, StoreResult<T> result) {
        try {
            if (done) done(std::move(result));
        } catch (...) {
        }
    }

    // `run` returns false to be retried later (database unreachable); `fail` reports a write that
    // will never run.
    StoreResult<void> submit_task(std::function<bool(Database&, bool last_try)> run,
                                  std::function<void(StoreError)> fail);

    std::unique_ptr<Impl> impl_;
};

}  // namespace tavolo::persistence
