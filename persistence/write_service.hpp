#pragma once
// The write path (DESIGN.md "Actors and threads"): a persistence service with its own connection pool
// and worker threads, so an actor's strand never waits on the database.
//
// - Order per table: everything submitted for one table (its hands through submit_hand, the
//   eliminations and prizes they cause through submit_finish, other work through submit(table, ...))
//   commits in the order it was submitted, each in the same transaction as the write before it or
//   after that one committed. So a prize never commits before the hand that caused it, and a hand
//   never before the prizes of the hand before it.
// - Group commit across tables: the hands and finishes of different tables waiting at one worker
//   share a transaction; a table's other work waits only for that table's own earlier writes.
// - submit_hand() never blocks. A hand and its table snapshot are committed in one transaction.
// - When the database is unreachable, writes wait in a bounded queue while the workers reconnect
//   with exponential backoff; nothing is dropped. A full queue is refused at once with queue_full
//   (the caller keeps the hand and decides), never dropped silently.
// - Work given to submit() is retried while the database is unreachable, which is safe because every
//   money operation carries an idempotency key.
// - Every accepted write gets exactly one callback, run by the Executor the caller chose (an actor
//   passes one that posts to its strand), never on the caller's thread during submit.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "persistence/database.hpp"
#include "persistence/executor.hpp"
#include "persistence/fence.hpp"
#include "persistence/hand_record.hpp"
#include "persistence/store_error.hpp"
#include "persistence/tournament_store.hpp"

namespace tavolo::persistence {

struct WriteServiceOptions {
    std::string url;
    std::size_t workers = 4;  // threads, each with its own connection; commits overlap one another's fsync
    std::size_t queue_capacity = 50'000;  // writes accepted but not yet committed, at most
    std::size_t max_batch = 512;          // hands per commit, at most
    std::chrono::milliseconds initial_backoff{50};
    std::chrono::milliseconds max_backoff{2'000};
    std::chrono::milliseconds shutdown_deadline{10'000};  // stop(): how long to keep trying to drain
    // A statement running longer is cancelled and counts as the database being unreachable (the write
    // is retried after a backoff); 0 keeps the server's setting.
    std::chrono::milliseconds statement_timeout{30'000};
    // Several nodes: this node's fence (persistence/fence.hpp); a write the fence refuses fails with
    // fenced_out and is not retried. Null: a single node, never fenced.
    std::shared_ptr<Fence> fence{};
};

struct WriteServiceStatus {
    bool database_up = false;  // the database answered last time it was tried; false until then
    std::size_t pending = 0;   // accepted, not yet committed
    std::uint64_t hands_committed = 0;
    std::uint64_t commits = 0;  // transactions that committed hands
    std::uint64_t outages = 0;  // times the database was found unreachable (at start included)
    std::string last_error;
};

class WriteService {
  public:
    using HandCallback = std::function<void(StoreResult<void>)>;
    template <class T>
    using Work = std::function<StoreResult<T>(Database&)>;
    template <class T>
    using Done = std::function<void(StoreResult<T>)>;
    // Called on a service thread when the database is first found up or down, goes down (false +
    // the error) or comes back.
    using StateListener = std::function<void(bool up, const std::string& error)>;

    // Checks the database at once (in the background): status() tells when it answered.
    explicit WriteService(WriteServiceOptions options, StateListener listener = {});
    ~WriteService();  // stop()
    WriteService(const WriteService&) = delete;
    WriteService& operator=(const WriteService&) = delete;

    // Queues the hand, after everything submitted for its table before. An error (queue_full,
    // shutting_down, invalid_argument) means it was NOT accepted and `done` will not be called;
    // otherwise `done` is posted to `executor` exactly once.
    StoreResult<void> submit_hand(HandRecord hand, HandCallback done, Executor executor);

    // Queues an elimination (a place, no prize) or a finish in the money for `table`: it commits with
    // the table's hands, in the same transaction as the hand before it or after it, and before
    // anything submitted for the table after it. The prize is a ledger movement under finish.key
    // (idempotent). Same acceptance rule as submit_hand; `done` gets the entry as it stands after.
    StoreResult<void> submit_finish(TableId table, Finish finish, Done<Registration> done, Executor executor);

    // Queues `work` for `table` (an elimination, a prize, a snapshot after moves...): it runs after
    // everything submitted for that table before it has committed, and before anything submitted for
    // it after. `done` gets its result through `executor`. Same acceptance rule as submit_hand.
    // `work` may run more than once when the database is unreachable: it must be idempotent (money
    // operations are, through their keys).
    template <class T>
    StoreResult<void> submit(TableId table, Work<T> work, Done<T> done, Executor executor) {
        return submit_task(table, runner<T>(std::move(work), std::move(done), std::move(executor)));
    }
    // The same for work of no table (a registration, an unregistration...): it runs as soon as a
    // worker is free, ordered with nothing.
    template <class T>
    StoreResult<void> submit(Work<T> work, Done<T> done, Executor executor) {
        return submit_task(std::nullopt, runner<T>(std::move(work), std::move(done), std::move(executor)));
    }

    // Waits until nothing is pending (true) or the timeout passes (false).
    bool wait_idle(std::chrono::milliseconds timeout);
    // Refuses new writes, keeps committing the queued ones until they are done or the shutdown
    // deadline passes, then fails what is left with shutting_down. Idempotent.
    void stop();

    WriteServiceStatus status() const;

    struct Impl;
    // A queued piece of work: `run` returns false to be retried later (database unreachable); `fail`
    // reports a write that will never run. Each delivers through the caller's executor.
    struct Task {
        std::function<bool(Database&, bool last_try)> run;
        std::function<void(StoreError)> fail;
    };

  private:
    template <class T>
    static Task runner(Work<T> work, Done<T> done, Executor executor) {
        auto shared_done = std::make_shared<Done<T>>(std::move(done));
        auto shared_executor = std::make_shared<Executor>(std::move(executor));
        // Neither `work` nor `done` may throw out of here: a throwing `done` would otherwise be called
        // a second time through `fail`, and anything thrown past the worker would end the process.
        return Task{[work = std::move(work), shared_done, shared_executor](Database& db, bool last_try) {
                        StoreResult<T> result = guarded<T>(work, db);
                        if (!result && result.error().code == StoreErrc::unavailable && !last_try)
                            return false;
                        deliver_once<T>(shared_done, *shared_executor, std::move(result));
                        return true;
                    },
                    [shared_done, shared_executor](StoreError error) {
                        deliver_once<T>(shared_done, *shared_executor, std::unexpected(std::move(error)));
                    }};
    }
    template <class T>
    static StoreResult<T> guarded(const Work<T>& work, Database& db) {
        try {
            return work(db);
        } catch (const std::exception& e) {
            return store_error(StoreErrc::database, std::string("the queued operation threw: ") + e.what());
        } catch (...) {
            return store_error(StoreErrc::database, "the queued operation threw a non-standard exception");
        }
    }
    // Posts the caller's callback to its executor. Whatever the callback throws is its own bug and is
    // swallowed, so it cannot end the executor's thread (an io_context's run, say).
    template <class T>
    static void deliver_once(std::shared_ptr<Done<T>> done, const Executor& executor, StoreResult<T> result) {
        auto boxed = std::make_shared<StoreResult<T>>(std::move(result));
        try {
            executor.post([done = std::move(done), boxed] {
                try {
                    if (*done) (*done)(std::move(*boxed));
                } catch (...) {
                }
            });
        } catch (...) {
        }
    }

    StoreResult<void> submit_task(std::optional<TableId> table, Task task);

    std::unique_ptr<Impl> impl_;
};

}  // namespace tavolo::persistence
