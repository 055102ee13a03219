#include "persistence/detail/database_health.hpp"

#include "persistence/detail/pool.hpp"

namespace tavolo::persistence::detail {

DatabaseHealth::DatabaseHealth(Database& db, Listener listener, std::chrono::milliseconds initial_backoff,
                               std::chrono::milliseconds max_backoff, std::function<bool()> writes_queued)
    : db_(db),
      listener_(std::move(listener)),
      initial_backoff_(initial_backoff),
      max_backoff_(max_backoff),
      writes_queued_(std::move(writes_queued)),
      watcher_([this] { watch(); }) {}

DatabaseHealth::~DatabaseHealth() {
    stop();
}

void DatabaseHealth::stop() {
    std::call_once(stopped_, [this] {
        {
            std::lock_guard lock(mutex_);
            watching_ = false;
        }
        changed_.notify_all();
        watcher_.join();
    });
}

void DatabaseHealth::mark(bool now_up, const std::string& error) {
    const State now = now_up ? State::up : State::down;
    {
        std::lock_guard lock(mutex_);
        if (state_ == now) {
            if (!now_up) last_error_ = error;
            return;  // the common case (every commit): no change, no listener
        }
    }
    // Workers race to report changes: deciding one and telling the listener happen under one lock, so
    // the listener hears them in the order they happened and its last word is the truth.
    std::lock_guard notifying(notify_mutex_);
    bool changed;
    {
        std::lock_guard lock(mutex_);
        changed = state_ != now;
        state_ = now;
        if (!now_up) {
            last_error_ = error;
            if (changed) ++outages_;
        }
    }
    if (!changed) return;
    changed_.notify_all();
    try {
        if (listener_) listener_(now_up, error);
    } catch (...) {  // the listener's own bug must not take a worker down
    }
}

bool DatabaseHealth::up() const {
    std::lock_guard lock(mutex_);
    return state_ == State::up;
}

std::string DatabaseHealth::last_error() const {
    std::lock_guard lock(mutex_);
    return last_error_;
}

DatabaseHealth::Snapshot DatabaseHealth::snapshot() const {
    std::lock_guard lock(mutex_);
    return {state_ == State::up, outages_, last_error_};
}

std::optional<std::string> DatabaseHealth::check() {
    try {
        Lease lease(db_);
        try {
            pqxx::nontransaction tx(lease.connection());
            tx.exec("SELECT 1");
            return std::nullopt;
        } catch (...) {
            lease.discard();
            throw;
        }
    } catch (const std::exception& e) {
        return std::string("the database cannot be reached: ") + e.what();
    }
}

void DatabaseHealth::watch() {
    auto backoff = initial_backoff_;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            if (state_ == State::up) changed_.wait(lock, [&] { return !watching_ || state_ != State::up; });
            if (!watching_) return;
            if (state_ == State::up) continue;
            if (state_ == State::down && writes_queued_()) {  // their own tries will tell
                changed_.wait_for(lock, backoff, [&] { return !watching_; });
                continue;
            }
        }
        if (auto error = check()) {
            mark(false, *error);
            std::unique_lock lock(mutex_);
            changed_.wait_for(lock, backoff, [&] { return !watching_ || state_ == State::up; });
            backoff = std::min(backoff * 2, max_backoff_);
        } else {
            mark(true, {});
            backoff = initial_backoff_;
        }
    }
}

}  // namespace tavolo::persistence::detail
