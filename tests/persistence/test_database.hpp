#pragma once
// A fresh database per test on the test cluster (TAVOLO_TEST_DATABASE_URL), dropped afterwards, so
// tests running in parallel never see each other's rows.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <pqxx/pqxx>
#include <string>

#include "persistence/database.hpp"
#include "persistence/migrations.hpp"
#include "tests/support/database_url.hpp"
#include "tests/support/require_env.hpp"

namespace tavolo::testing {

class TestDatabase {
  public:
    TestDatabase() : server_url_(require_env("TAVOLO_TEST_DATABASE_URL")) {
        static std::atomic<int> counter{0};
        auto now = std::chrono::steady_clock::now().time_since_epoch().count();
        name_ = "tavolo_t" + std::to_string(getpid()) + "_" + std::to_string(counter++) + "_" +
                std::to_string(now % 1000000);
        admin("CREATE DATABASE " + name_);
        url_ = with_database(server_url_, name_);
    }
    ~TestDatabase() {
        try {
            admin("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
        } catch (...) {
        }
    }
    TestDatabase(const TestDatabase&) = delete;
    TestDatabase& operator=(const TestDatabase&) = delete;

    const std::string& url() const { return url_; }
    const std::string& name() const { return name_; }

    // Runs SQL on this database and returns the first column of the first row as text ("" if none).
    std::string query(const std::string& sql) const {
        pqxx::connection conn{url_};
        pqxx::work tx{conn};
        auto rows = tx.exec(sql);
        tx.commit();
        if (rows.empty() || rows[0].empty() || rows[0][0].is_null()) return "";
        return rows[0][0].as<std::string>();
    }
    std::int64_t count(const std::string& sql) const { return std::stoll(query(sql)); }

    // A database outage for this database only: refuse new connections and end the open ones.
    void cut() {
        admin("ALTER DATABASE " + name_ + " ALLOW_CONNECTIONS false");
        admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name_ + "'");
    }
    void restore() { admin("ALTER DATABASE " + name_ + " ALLOW_CONNECTIONS true"); }

  private:
    void admin(const std::string& sql) const {
        pqxx::connection conn{server_url_};
        pqxx::nontransaction tx{conn};
        tx.exec(sql);
    }

    std::string server_url_;
    std::string name_;
    std::string url_;
};

// A test database with every migration applied and a Database on it.
class MigratedDatabase : public TestDatabase {
  public:
    MigratedDatabase() : db_((persistence::apply_migrations(url()), url())) {}
    persistence::Database& db() { return db_; }

  private:
    persistence::Database db_;
};

}  // namespace tavolo::testing
