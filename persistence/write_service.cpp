#include "persistence/write_service.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <variant>
#include <vector>

#include "persistence/hand_store.hpp"

namespace tavolo::persistence {

namespace {

struct HandItem {
    HandRecord hand;
    WriteService::HandCallback done;
};

struct TaskItem {
    std::function<bool(Database&, bool)> run;
    std::function<void(StoreError)> fail;
};

using Item = std::variant<HandItem, TaskItem>;

struct Worker {
    std::mutex mutex;
    std::condition_variable wake;
    std::deque<Item> queue;
    bool draining = false;  // stop() was called: exit once the queue is empty
    bool closed = false;    // exited: accepts nothing more
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

}  // namespace

struct WriteService::Impl {
    WriteServiceOptions options;
    StateListener listener;
    Database db;
    std::vector<std::unique_ptr<Worker>> workers;
    std::atomic<std::size_t> pending{0};
    std::atomic<bool> accepting{true};
    std::atomic<bool> abort{false};
    std::atomic<std::size_t> next_task_worker{0};
    std::atomic<std::uint64_t> hands_committed{0};
    std::atomic<std::uint64_t> commits{0};
    mutable std::mutex state_mutex;
    std::mutex notify_mutex;  // held while a transition is reported to the listener
    bool up = true;
    std::uint64_t outages = 0;
    std::string last_error;
    std::mutex idle_mutex;
    std::condition_variable idle;
    std::once_flag stopped;

    Impl(WriteServiceOptions o, StateListener l)
        : options(std::move(o)),
          listener(std::move(l)),
          db(options.url, Database::Options{.pool_size = std::max<std::size_t>(options.workers, 1)}) {
        if (options.workers == 0) options.workers = 1;
        if (options.max_batch == 0) options.max_batch = 1;
        for (std::size_t i = 0; i < options.workers; ++i)
            workers.push_back(std::make_unique<Worker>());
        for (auto& w : workers)
            w->thread = std::thread([this, worker = w.get()] { run(*worker); });
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

    void mark(bool now_up, const std::string& error) {
        {
            std::lock_guard lock(state_mutex);
            if (up == now_up) {
                if (!now_up) last_error = error;
                return;  // the common case (every commit): no transition, no listener
            }
        }
        // Workers race to report transitions: deciding one and telling the listener happen under one
        // lock, so the listener hears them in the order they happened and its last word is the truth.
        std::lock_guard notifying(notify_mutex);
        bool changed;
        {
            std::lock_guard lock(state_mutex);
            changed = up != now_up;
            up = now_up;
            if (!now_up) {
                last_error = error;
                if (changed) ++outages;
            }
        }
        if (changed) deliver(listener, now_up, error);
    }

    // Sleeps for the backoff (returns early only when aborting) and doubles it.
    void back_off(Worker& w, std::chrono::milliseconds& backoff) {
        std::unique_lock lock(w.mutex);
        w.wake.wait_for(lock, backoff, [&] { return abort.load(); });
        backoff = std::min(backoff * 2, options.max_backoff);
    }

    bool database_up() const {
        std::lock_guard lock(state_mutex);
        return up;
    }

    // Past the shutdown deadline with the database known to be unreachable, nothing more is tried:
    // each try could wait out a connect timeout, and stop() would take that long per queued write.
    bool given_up() const { return abort.load() && !database_up(); }

    StoreResult<void> commit_retrying(Worker& w, std::span<const HandRecord> hands) {
        auto backoff = options.initial_backoff;
        HandStore store(db);
        for (;;) {
            if (given_up())
                return store_error(StoreErrc::shutting_down, "stopped while the database was unreachable (" +
                                                                 status_error() +
                                                                 "): the hand was not committed");
            auto result = store.commit(hands);
            if (result || result.error().code != StoreErrc::unavailable) {
                mark(true, {});
                if (result) {
                    commits.fetch_add(1);
                    hands_committed.fetch_add(hands.size());
                }
                return result;
            }
            mark(false, result.error().message);
            if (abort)
                return store_error(StoreErrc::shutting_down,
                                   "stopped while the database was unreachable: " + result.error().message);
            back_off(w, backoff);
        }
    }

    void commit_hands(Worker& w, std::vector<HandItem>& items) {
        std::vector<HandRecord> hands;
        hands.reserve(items.size());
        for (auto& item : items)
            hands.push_back(std::move(item.hand));
        auto result = commit_retrying(w, hands);
        if (result || result.error().code == StoreErrc::shutting_down || items.size() == 1) {
            for (auto& item : items)
                deliver(item.done, result);
        } else {
            // One bad hand must not sink the others: commit them one by one.
            for (std::size_t i = 0; i < items.size(); ++i)
                deliver(items[i].done, commit_retrying(w, std::span(&hands[i], 1)));
        }
        release(items.size());
    }

    std::string status_error() const {
        std::lock_guard lock(state_mutex);
        return last_error;
    }

    void run_task(Worker& w, TaskItem& task) {
        auto backoff = options.initial_backoff;
        for (;;) {
            if (given_up()) {
                deliver(task.fail,
                        StoreError{StoreErrc::shutting_down,
                                   "stopped while the database was unreachable (" + status_error() +
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
            mark(false, "a queued operation found the database unreachable");
            if (!abort) back_off(w, backoff);
        }
        mark(true, {});
        release(1);
    }

    void run(Worker& w) {
        for (;;) {
            std::vector<HandItem> hands;
            std::vector<TaskItem> tasks;
            {
                std::unique_lock lock(w.mutex);
                w.wake.wait(lock, [&] { return !w.queue.empty() || w.draining; });
                if (w.queue.empty()) {
                    w.closed = true;
                    return;
                }
                while (!w.queue.empty() && hands.size() < options.max_batch) {
                    if (auto* task = std::get_if<TaskItem>(&w.queue.front()))
                        tasks.push_back(std::move(*task));
                    else
                        hands.push_back(std::move(std::get<HandItem>(w.queue.front())));
                    w.queue.pop_front();
                }
            }
            for (auto& task : tasks)
                run_task(w, task);  // money first: it is waited for
            if (!hands.empty()) commit_hands(w, hands);
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

StoreResult<void> WriteService::submit_hand(HandRecord hand, HandCallback done) {
    if (hand.snapshot.table != hand.table || hand.snapshot.hand_number != hand.hand_number)
        return store_error(StoreErrc::invalid_argument,
                           "a hand must carry its own table's snapshot after it");
    auto& w = *impl_->workers[static_cast<std::size_t>(raw(hand.table)) % impl_->workers.size()];
    return impl_->enqueue(w, HandItem{std::move(hand), std::move(done)});
}

StoreResult<void> WriteService::submit_task(std::function<bool(Database&, bool)> run,
                                            std::function<void(StoreError)> fail) {
    auto& w = *impl_->workers[impl_->next_task_worker.fetch_add(1) % impl_->workers.size()];
    return impl_->enqueue(w, TaskItem{std::move(run), std::move(fail)});
}

bool WriteService::wait_idle(std::chrono::milliseconds timeout) {
    std::unique_lock lock(impl_->idle_mutex);
    return impl_->idle.wait_for(lock, timeout, [&] { return impl_->pending.load() == 0; });
}

WriteServiceStatus WriteService::status() const {
    WriteServiceStatus s;
    {
        std::lock_guard lock(impl_->state_mutex);
        s.database_up = impl_->up;
        s.outages = impl_->outages;
        s.last_error = impl_->last_error;
    }
    s.pending = impl_->pending.load();
    s.hands_committed = impl_->hands_committed.load();
    s.commits = impl_->commits.load();
    return s;
}

}  // namespace tavolo::persistence
