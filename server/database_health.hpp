#pragma once
// Whether the database answers now, for /readyz. A thread of its own probes it every `interval` (a
// trivial query on a connection the probe keeps, replaced when it breaks: a probe costs no new
// descriptor, so a server at its descriptor limit does not call a working database down), so no
// network thread ever waits on the database: readiness() only reads the last result.
//
// /readyz is therefore at most `interval` plus one probe behind, and a probe that hangs (a database
// host gone behind a firewall) counts as a failure once the last success is older than `stale_after`.
// Each change (down, back up) is logged once at warn level: event=database_down / event=database_up.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "server/readiness.hpp"

namespace tavolo::server {

// What a probe throws when the database answers but its schema is not the one this binary migrated
// to (a restore from an older backup, a newer server's migrations): /readyz names it, not "unreachable".
class SchemaMismatch : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class DatabaseHealth {
  public:
    using Clock = std::chrono::steady_clock;
    // Throws (anything derived from std::exception) when the database does not answer.
    using Probe = std::function<void()>;

    struct Options {
        std::chrono::milliseconds interval{1'000};
        std::chrono::milliseconds stale_after{3'000};
    };

    // The probe for a PostgreSQL URL: reads the schema version the migrations recorded on its own
    // long-lived connection (persistence::SchemaVersionReader; connecting gives up after 2 s); a version
    // other than this binary's newest migration is a SchemaMismatch.
    static Probe postgres_probe(const std::string& url);

    // Starts up: main has just reached the database, so it counts as up until a probe says otherwise.
    DatabaseHealth(Probe probe, Options options);
    ~DatabaseHealth();  // stop()
    DatabaseHealth(const DatabaseHealth&) = delete;
    DatabaseHealth& operator=(const DatabaseHealth&) = delete;

    // Starts the probing thread (probe once every interval until stop()).
    void start();
    // Ends the probing thread; waits for a probe in progress (at most its connect timeout).
    void stop();

    // One probe now, on the calling thread: the probing thread calls it; tests call it directly.
    void check();

    // Never blocks. `now` is a parameter so that staleness can be tested without waiting.
    Readiness readiness(Clock::time_point now = Clock::now()) const;

  private:
    void run();

    Probe probe_;
    Options options_;
    std::atomic<bool> up_{true};
    std::atomic<bool> schema_current_{true};  // main has just migrated it
    mutable std::mutex schema_mutex_;         // over schema_problem_ only
    std::string schema_problem_;
    std::atomic<Clock::rep> last_success_;  // time_since_epoch of the last probe that succeeded
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace tavolo::server
