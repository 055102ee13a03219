#include "persistence/migrations.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <pqxx/pqxx>

#include "persistence/detail/sodium.hpp"
#include "persistence/schema_version_reader.hpp"

namespace tavolo::persistence {

namespace {

// Any constant shared by every Tavolo process: serialises concurrent appliers.
constexpr std::int64_t kMigrationLockKey = 0x7461766f6c6f;  // "tavolo"

int version_of(std::string_view name) {
    int version = 0;
    auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), version);
    if (ec != std::errc{} || end == name.data() || *end != '_' || version <= 0)
        throw MigrationError("migration file " + std::string(name) +
                             " must be named NNNN_description.sql with a positive number");
    return version;
}

void ensure_migrations_table(pqxx::connection& conn) {
    pqxx::nontransaction tx{conn};
    tx.exec0(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INT PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL,"
        " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())");
}

struct Recorded {
    std::string name;
    std::string checksum;
};

std::map<int, Recorded> recorded_migrations(pqxx::connection& conn) {
    pqxx::read_transaction tx{conn};
    std::map<int, Recorded> out;
    for (const auto& row : tx.exec("SELECT version, name, checksum FROM schema_migrations"))
        out[row[0].as<int>()] = {row[1].as<std::string>(), row[2].as<std::string>()};
    return out;
}

MigrationReport apply_locked(pqxx::connection& conn, std::span<const Migration> migrations) {
    ensure_migrations_table(conn);
    auto recorded = recorded_migrations(conn);
    MigrationReport report;
    int newest_known = migrations.empty() ? 0 : migrations.back().version;
    if (!recorded.empty() && recorded.rbegin()->first > newest_known)
        throw MigrationError("the database schema is at version " + std::to_string(recorded.rbegin()->first) +
                             ", newer than this binary knows (" + std::to_string(newest_known) +
                             "): run a newer tavolo-server");
    for (const auto& m : migrations) {
        if (auto it = recorded.find(m.version); it != recorded.end()) {
            if (it->second.checksum != m.checksum)
                throw MigrationError("migration " + m.name + " was changed after it was applied (checksum " +
                                     it->second.checksum.substr(0, 12) + " in the database, " +
                                     m.checksum.substr(0, 12) +
                                     " here): add a new migration instead of editing an applied one");
            continue;
        }
        try {
            pqxx::work tx{conn};
            tx.exec(std::string(m.sql));
            tx.exec_params("INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
                           m.version, m.name, m.checksum);
            tx.commit();
        } catch (const pqxx::broken_connection&) {
            throw;
        } catch (const std::exception& e) {
            throw MigrationError("migration " + m.name + " failed: " + e.what());
        }
        report.applied.push_back(m.version);
    }
    report.schema_version = std::max(newest_known, recorded.empty() ? 0 : recorded.rbegin()->first);
    return report;
}

}  // namespace

std::vector<Migration> embedded_migrations() {
    std::vector<Migration> out;
    for (const auto& file : embedded_migration_files())
        out.push_back(
            {version_of(file.name), std::string(file.name), file.sql, detail::sha256_hex(file.sql)});
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.version < b.version; });
    for (std::size_t i = 1; i < out.size(); ++i)
        if (out[i].version == out[i - 1].version)
            throw MigrationError("migrations " + out[i - 1].name + " and " + out[i].name + " share a number");
    return out;
}

int recorded_schema_version(const std::string& url) {
    return SchemaVersionReader(url).read();
}

MigrationReport apply_migrations(const std::string& url) {
    auto migrations = embedded_migrations();
    return apply_migrations(url, migrations);
}

MigrationReport apply_migrations(const std::string& url, std::span<const Migration> migrations) {
    std::unique_ptr<pqxx::connection> conn;
    try {
        conn = std::make_unique<pqxx::connection>(with_connect_timeout(url, kDefaultConnectTimeout));
    } catch (const std::exception& e) {
        throw unreachable_database(url, e.what(), " to apply migrations");
    }
    try {
        {
            pqxx::nontransaction tx{*conn};
            tx.exec_params("SELECT pg_advisory_lock($1)", kMigrationLockKey);
        }
        auto report = apply_locked(*conn, migrations);
        pqxx::nontransaction tx{*conn};
        tx.exec_params("SELECT pg_advisory_unlock($1)", kMigrationLockKey);
        return report;
    } catch (const MigrationError&) {
        throw;
    } catch (const std::exception& e) {
        throw MigrationError(std::string("applying migrations to ") + redact_url(url) +
                             " failed: " + redact_secrets(e.what(), url));
    }
}

}  // namespace tavolo::persistence
