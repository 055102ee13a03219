#include "server/database_health.hpp"

#include <spdlog/spdlog.h>

#include <memory>

#include "persistence/connection.hpp"
#include "persistence/migrations.hpp"
#include "persistence/schema_version_reader.hpp"

namespace tavolo::server {

namespace {
// libpq's minimum; a probe must end well before a shutdown gets impatient.
constexpr std::chrono::seconds kProbeConnectTimeout{2};
}  // namespace

DatabaseHealth::Probe DatabaseHealth::postgres_probe(const std::string& url) {
    const std::string probe_url = persistence::with_connect_timeout(url, kProbeConnectTimeout);
    const auto migrations = persistence::embedded_migrations();
    const int needed = migrations.empty() ? 0 : migrations.back().version;
    // One connection for every probe, kept open: a probe needs no new descriptor (SchemaVersionReader).
    auto reader = std::make_shared<persistence::SchemaVersionReader>(probe_url);
    return [reader, needed] {
        const int recorded = reader->read();
        if (recorded < needed)
            throw SchemaMismatch("migrations are not applied: the database's schema is at version " +
                                 std::to_string(recorded) + " and this server needs " +
                                 std::to_string(needed) + "; restart tavolo-server to apply them");
        if (recorded > needed)
            throw SchemaMismatch("the database's schema is at version " + std::to_string(recorded) +
                                 ", newer than this server's " + std::to_string(needed) +
                                 ": another, newer tavolo-server migrated it; upgrade this one");
    };
}

DatabaseHealth::DatabaseHealth(Probe probe, Options options)
    : probe_(std::move(probe)), options_(options), last_success_(Clock::now().time_since_epoch().count()) {}

DatabaseHealth::~DatabaseHealth() {
    stop();
}

void DatabaseHealth::start() {
    std::lock_guard lock(mutex_);
    if (thread_.joinable() || stopping_) return;
    thread_ = std::thread([this] { run(); });
}

void DatabaseHealth::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void DatabaseHealth::run() {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, options_.interval, [this] { return stopping_; })) {
        lock.unlock();
        check();
        lock.lock();
    }
}

void DatabaseHealth::check() {
    std::string error;
    std::string schema_problem;
    try {
        probe_();
    } catch (const SchemaMismatch& e) {
        schema_problem = e.what();
    } catch (const std::exception& e) {
        error = e.what();
        if (error.empty()) error = "the probe failed without a message";
        // libpq's messages span lines and may quote: keep the log line one key=value line.
        for (char& c : error)
            if (c == '\n' || c == '\r' || c == '"') c = c == '"' ? '\'' : ' ';
    }
    {
        std::lock_guard lock(schema_mutex_);
        schema_problem_ = schema_problem;
    }
    if (schema_current_.exchange(schema_problem.empty()) != schema_problem.empty()) {
        if (schema_problem.empty())
            spdlog::warn("event=database_schema_current");
        else
            spdlog::warn("event=database_schema_mismatch detail=\"{}\"", schema_problem);
    }
    // The state changes before the log line: whoever reads the line and asks /readyz sees the new state.
    if (error.empty()) {
        last_success_ = Clock::now().time_since_epoch().count();
        if (!up_.exchange(true)) spdlog::warn("event=database_up");
    } else if (up_.exchange(false)) {
        spdlog::warn("event=database_down error=\"{}\"", error);
    }
}

Readiness DatabaseHealth::readiness(Clock::time_point now) const {
    if (!up_) return {false, "the database is not reachable (the server's log says why)"};
    if (!schema_current_) {
        std::lock_guard lock(schema_mutex_);
        return {false, schema_problem_};
    }
    const Clock::time_point last{Clock::duration{last_success_.load()}};
    if (now - last > options_.stale_after)
        return {false,
                "the database has not answered a probe for " +
                    std::to_string(std::chrono::duration_cast<std::chrono::seconds>(now - last).count()) +
                    " s"};
    return {true, {}};
}

}  // namespace tavolo::server
