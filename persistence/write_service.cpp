#include "persistence/write_service.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <unordered_set>
#include <variant>
#include <vector>

#include "persistence/detail/database_health.hpp"
#include "persistence/detail/group_commit.hpp"

namespace tavolo::persistence {

namespace {

struct HandItem {
    HandRecord hand;
    WriteService::HandCallback done;
    Executor executor;
};

struct FinishItem {
    TableId table{};
    Finish finish;
    WriteService::Done<Registration> done;
    Executor executor;
};

struct TaskItem {
    std::optional<TableId> table;  // none: ordered with nothing
    WriteService::Task task;
};

// Hands and finishes join a group commit; tasks run on their own.
using Item = std::variant<HandItem, FinishItem, TaskItem>;

struct Worker {
    std::mutex mutex;
    std::condition_variable wake;
    std::deque<Item> queue;  // in submission order
    bool draining = false;   // stop() was called: exit once the queue is empty
    bool closed = false;     // exited: accepts nothing more
    std::thread thread;
};

// A callback that throws must not take a worker thread down with it.
template <class F, class... A>
void deliver(F& callback, A&&... args) {
    try {
        if (callback) callback(std::forward<A>(args)...);
    } catch (...) {
    }
}

template <class T>
void post_result(const Executor& executor, std::function<void(StoreResult<T>)> done, StoreResult<T> result) {
    try {
        executor.post([done = std::move(done), result = std::move(result)] { deliver(done, result); });
    } catch (...) {
    }
}

// Hands and finishes: which table's order they keep.
std::int64_t table_of(const Item& item) {
    if (const auto* hand = std::get_if<HandItem>(&item)) return raw(hand->hand.table);
    return raw(std::get<FinishItem>(item).table);
}

}  // namespace

struct WriteService::Impl {
    WriteServiceOptions options;
    Database db;
    std::vector<std::unique_ptr<Worker>> workers;
    std::atomic<std::size_t> pending{0};
    std::atomic<bool> accepting{true};
    std::atomic<bool> abort{false};
    std::atomic<std::size_t> next_task_worker{0};
    std::atomic<std::uint64_t> hands_committed{0};
    std::atomic<std::uint64_t> commits{0};
    std::mutex idle_mutex;
    std::condition_variable idle;
    std::once_flag stopped;
    std::unique_ptr<detail::DatabaseHealth> health;

    static Database::Options database_options(const WriteServiceOptions& o) {
        Database::Options d;
        d.pool_size = std::max<std::size_t>(o.workers, 1) + 1;  // one connection each, and the watcher's
        d.statement_timeout = o.statement_timeout;
        d.fence = o.fence;
        return d;
    }

    Impl(WriteServiceOptions o, StateListener l)
        : options(std::move(o)), db(options.url, database_options(options)) {
        if (options.workers == 0) options.workers = 1;
        if (options.max_batch == 0) options.max_batch = 1;
        health = std::make_unique<detail::DatabaseHealth>(db, std::move(l), options.initial_backoff,
                                                          options.max_backoff,
                                                          [this] { return pending.load() > 0; });
        for (std::size_t i = 0; i < options.workers; ++i)
            workers.push_back(std::make_unique<Worker>());
        for (auto& w : workers)
            w->thread = std::thread([this, worker = w.get()] { run(*worker); });
    }

    Worker& worker_of(TableId table) {
        return *workers[static_cast<std::size_t>(raw(table)) % workers.size()];
    }

    bool reserve() {
        auto current = pending.load();
        do {
            if (current >= options.queue_capacity) return false;
        } while (!pending.compare_exchange_weak(current, current + 1));
        return true;
    }

    void release(std::size_t n) {
        if (pending.fetch_sub(n) == n) {
            std::lock_guard lock(idle_mutex);
            idle.notify_all();
        }
    }

    StoreResult<void> enqueue(Worker& w, Item item) {
        if (!accepting) return store_error(StoreErrc::shutting_down, "the persistence service is stopping");
        if (!reserve())
            return store_error(StoreErrc::queue_full,
                               "the persistence queue is full (" + std::to_string(options.queue_capacity) +
                                   " writes waiting): the database is down or too slow");
        {
            std::lock_guard lock(w.mutex);
            if (w.closed) {
                release(1);
                return store_error(StoreErrc::shutting_down, "the persistence service has stopped");
            }
            w.queue.push_back(std::move(item));
        }
        w.wake.notify_one();
        return {};
    }

    // Sleeps for the backoff (returns early only when aborting) and doubles it.
    void back_off(Worker& w, std::chrono::milliseconds& backoff) {
        std::unique_lock lock(w.mutex);
        w.wake.wait_for(lock, backoff, [&] { return abort.load(); });
        backoff = std::min(backoff * 2, options.max_backoff);
    }

    // Past the shutdown deadline with the database known to be unreachable, nothing more is tried:
    // each try could wait out a connect timeout, and stop() would take that long per queued write.
    bool given_up() const { return abort.load() && !health->up(); }

    // Runs `commit` until it commits or fails for a reason other than the database being unreachable.
    template <class F>
    auto commit_retrying(Worker& w, F&& commit) -> decltype(commit()) {
        auto backoff = options.initial_backoff;
        for (;;) {
            if (given_up())
                return store_error(StoreErrc::shutting_down, "stopped while the database was unreachable (" +
                                                                 health->last_error() +
                                                                 "): it was not committed");
            auto result = commit();
            if (result || result.error().code != StoreErrc::unavailable) {
                health->mark(true, {});
                return result;
            }
            health->mark(false, result.error().message);
            if (abort)
                return store_error(StoreErrc::shutting_down,
                                   "stopped while the database was unreachable: " + result.error().message);
            back_off(w, backoff);
        }
    }

    StoreResult<std::vector<Registration>> commit_counted(Worker& w, std::span<const HandRecord> hands,
                                                          std::span<const Finish> finishes) {
        auto result = commit_retrying(w, [&] { return detail::commit_group(db, hands, finishes); });
        if (result && !hands.empty()) {
            commits.fetch_add(1);
            hands_committed.fetch_add(hands.size());
        }
        return result;
    }

    // Commits the group (hands and finishes, in submission order) in one transaction and tells each
    // caller; when one item is refused, commits them one by one, still in order, so only it fails.
    void commit_group(Worker& w, std::vector<Item>& group) {
        std::vector<HandRecord> hands;
        std::vector<Finish> finishes;
        for (auto& item : group) {
            if (auto* hand = std::get_if<HandItem>(&item))
                hands.push_back(std::move(hand->hand));
            else
                finishes.push_back(std::get<FinishItem>(item).finish);
        }
        auto together = commit_counted(w, hands, finishes);
        bool one_by_one = !together && together.error().code != StoreErrc::shutting_down && group.size() > 1;
        std::size_t h = 0, f = 0;
        for (auto& item : group) {
            // Each item's own result: its part of the group's, or its own commit.
            if (auto* hand = std::get_if<HandItem>(&item)) {
                StoreResult<void> own = {};
                if (one_by_one) {
                    auto alone = commit_counted(w, std::span(&hands[h], 1), {});
                    if (!alone) own = std::unexpected(alone.error());
                } else if (!together) {
                    own = std::unexpected(together.error());
                }
                ++h;
                post_result<void>(hand->executor, std::move(hand->done), std::move(own));
                continue;
            }
            auto& finish = std::get<FinishItem>(item);
            StoreResult<Registration> own = std::unexpected(StoreError{StoreErrc::database, ""});
            if (one_by_one) {
                auto alone = commit_counted(w, {}, std::span(&finishes[f], 1));
                own = alone ? StoreResult<Registration>(std::move(alone->front()))
                            : std::unexpected(alone.error());
            } else {
                own = together ? StoreResult<Registration>(std::move((*together)[f]))
                               : std::unexpected(together.error());
            }
            ++f;
            post_result<Registration>(finish.executor, std::move(finish.done), std::move(own));
        }
        release(group.size());
        group.clear();
    }

    void run_task(Worker& w, Task& task) {
        auto backoff = options.initial_backoff;
        for (;;) {
            if (given_up()) {
                deliver(task.fail,
                        StoreError{StoreErrc::shutting_down,
                                   "stopped while the database was unreachable (" + health->last_error() +
                                       "): the operation may not have been applied; retry it with the "
                                       "same idempotency key"});
                release(1);
                return;
            }
            bool last_try = abort.load();
            bool done = false;
            try {
                done = task.run(db, last_try);
            } catch (const std::exception& e) {
                deliver(task.fail, StoreError{StoreErrc::database, e.what()});
                done = true;
            } catch (...) {
                deliver(task.fail, StoreError{StoreErrc::database, "a queued operation threw"});
                done = true;
            }
            if (done) break;
            health->mark(false, "a queued operation found the database unreachable");
            if (!abort) back_off(w, backoff);
        }
        health->mark(true, {});
        release(1);
    }

    // One batch, taken from the front of a worker's queue. Work of no table runs first: it keeps no
    // order and someone usually waits for it (a buy-in). The rest keeps each table's order while the
    // hands and finishes of all tables gather into one commit:
    // - a finish joins the commit after its table's hands (in the same transaction);
    // - a table's other work with nothing of its table gathered runs at once (all before it has
    //   committed); behind something gathered it waits until that commits, and everything of its
    //   table behind it goes back to the front of the queue for the next batch.
    void process(Worker& w, std::vector<Item>& batch) {
        for (auto& item : batch)
            if (auto* t = std::get_if<TaskItem>(&item); t && !t->table) run_task(w, t->task);
        std::vector<Item> group;
        std::vector<Task*> after_group;
        std::unordered_set<std::int64_t> gathered;  // tables with something in `group`
        std::unordered_set<std::int64_t> held;      // tables with work in `after_group`
        std::deque<Item> next;                      // behind held work: the next batch's
        for (auto& item : batch) {
            auto* t = std::get_if<TaskItem>(&item);
            if (t && !t->table) continue;
            auto table = t ? raw(*t->table) : table_of(item);
            if (held.contains(table)) {
                next.push_back(std::move(item));
            } else if (!t) {
                gathered.insert(table);
                group.push_back(std::move(item));
            } else if (gathered.contains(table)) {
                after_group.push_back(&t->task);
                held.insert(table);
            } else {
                run_task(w, t->task);
            }
        }
        if (!group.empty()) commit_group(w, group);
        for (auto* task : after_group)
            run_task(w, *task);
        if (next.empty()) return;
        std::lock_guard lock(w.mutex);
        w.queue.insert(w.queue.begin(), std::make_move_iterator(next.begin()),
                       std::make_move_iterator(next.end()));
    }

    void run(Worker& w) {
        for (;;) {
            std::vector<Item> batch;
            {
                std::unique_lock lock(w.mutex);
                w.wake.wait(lock, [&] { return !w.queue.empty() || w.draining; });
                if (w.queue.empty()) {
                    w.closed = true;
                    return;
                }
                std::size_t grouped = 0;  // hands and finishes
                while (!w.queue.empty() && grouped < options.max_batch) {
                    grouped += std::holds_alternative<TaskItem>(w.queue.front()) ? 0 : 1;
                    batch.push_back(std::move(w.queue.front()));
                    w.queue.pop_front();
                }
            }
            process(w, batch);
        }
    }

    void stop() {
        std::call_once(stopped, [this] {
            accepting = false;
            for (auto& w : workers) {
                std::lock_guard lock(w->mutex);
                w->draining = true;
                w->wake.notify_all();
            }
            {
                std::unique_lock lock(idle_mutex);
                idle.wait_for(lock, options.shutdown_deadline, [&] { return pending.load() == 0; });
            }
            abort = true;
            for (auto& w : workers) {
                std::lock_guard lock(w->mutex);
                w->wake.notify_all();
            }
            for (auto& w : workers)
                w->thread.join();
            health->stop();
        });
    }
};

WriteService::WriteService(WriteServiceOptions options, StateListener listener)
    : impl_(std::make_unique<Impl>(std::move(options), std::move(listener))) {}

WriteService::~WriteService() {
    stop();
}

void WriteService::stop() {
    impl_->stop();
}

StoreResult<void> WriteService::submit_hand(HandRecord hand, HandCallback done, Executor executor) {
    if (hand.snapshot.table != hand.table || hand.snapshot.hand_number != hand.hand_number)
        return store_error(StoreErrc::invalid_argument,
                           "a hand must carry its own table's snapshot after it");
    auto& w = impl_->worker_of(hand.table);
    return impl_->enqueue(w, HandItem{std::move(hand), std::move(done), std::move(executor)});
}

StoreResult<void> WriteService::submit_finish(TableId table, Finish finish, Done<Registration> done,
                                              Executor executor) {
    if (finish.place < 1 || finish.prize < 0)
        return store_error(StoreErrc::invalid_argument, "a place is >= 1 and a prize >= 0");
    auto& w = impl_->worker_of(table);
    return impl_->enqueue(w, FinishItem{table, std::move(finish), std::move(done), std::move(executor)});
}

StoreResult<void> WriteService::submit_task(std::optional<TableId> table, Task task) {
    // A table's work goes where its hands go: one worker keeps one table's order.
    auto& w = table ? impl_->worker_of(*table)
                    : *impl_->workers[impl_->next_task_worker.fetch_add(1) % impl_->workers.size()];
    return impl_->enqueue(w, TaskItem{table, std::move(task)});
}

bool WriteService::wait_idle(std::chrono::milliseconds timeout) {
    std::unique_lock lock(impl_->idle_mutex);
    return impl_->idle.wait_for(lock, timeout, [&] { return impl_->pending.load() == 0; });
}

WriteServiceStatus WriteService::status() const {
    WriteServiceStatus s;
    auto health = impl_->health->snapshot();
    s.database_up = health.up;
    s.outages = health.outages;
    s.last_error = std::move(health.last_error);
    s.pending = impl_->pending.load();
    s.hands_committed = impl_->hands_committed.load();
    s.commits = impl_->commits.load();
    return s;
}

}  // namespace tavolo::persistence
