#pragma once
// What the write service knows of its database (internal): nothing until the first answer, then up
// or down as the last try found it. Writes report what their tries found; a watcher thread checks
// the database itself when no write would find out (at start, and during an outage with nothing
// queued), so status() and /readyz tell the truth while the service is idle.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "persistence/database.hpp"

namespace tavolo::persistence::detail {

class DatabaseHealth {
  public:
    using Listener = std::function<void(bool up, const std::string& error)>;

    struct Snapshot {
        bool up = false;
        std::uint64_t outages = 0;
        std::string last_error;
    };

    // Starts the watcher; `writes_queued` says whether writes are waiting (they will find out).
    DatabaseHealth(Database& db, Listener listener, std::chrono::milliseconds initial_backoff,
                   std::chrono::milliseconds max_backoff, std::function<bool()> writes_queued);
    ~DatabaseHealth();  // stop()
    DatabaseHealth(const DatabaseHealth&) = delete;
    DatabaseHealth& operator=(const DatabaseHealth&) = delete;

    // What a try found. The listener hears each change (and the first answer) in the order they
    // happened.
    void mark(bool up, const std::string& error);
    bool up() const;
    std::string last_error() const;
    Snapshot snapshot() const;
    // Ends the watcher (it may finish a connection attempt first). Idempotent.
    void stop();

  private:
    enum class State { unknown, up, down };

    void watch();
    std::optional<std::string> check();

    Database& db_;
    Listener listener_;
    std::chrono::milliseconds initial_backoff_, max_backoff_;
    std::function<bool()> writes_queued_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;  // with mutex_: wakes the watcher
    std::mutex notify_mutex_;          // held while a change is reported to the listener
    State state_ = State::unknown;
    bool watching_ = true;
    std::uint64_t outages_ = 0;
    std::string last_error_;
    std::once_flag stopped_;
    std::thread watcher_;  // last: starts once everything above is ready
};

}  // namespace tavolo::persistence::detail
