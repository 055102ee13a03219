#include "persistence/migrations.hpp"

#include <gtest/gtest.h>

#include <future>
#include <set>
#include <vector>

#include "tests/persistence/test_database.hpp"

using namespace tavolo::persistence;
using tavolo::testing::TestDatabase;

TEST(Migrations, EmbeddedFilesAreNumberedInOrderFromOne) {
    auto migrations = embedded_migrations();
    ASSERT_GE(migrations.size(), 4U);
    for (std::size_t i = 0; i < migrations.size(); ++i) {
        EXPECT_EQ(migrations[i].version, static_cast<int>(i) + 1) << migrations[i].name;
        EXPECT_FALSE(migrations[i].sql.empty());
        EXPECT_EQ(migrations[i].checksum.size(), 64U);
    }
}

TEST(Migrations, EmptyDatabaseGetsEveryMigrationRecorded) {
    TestDatabase t;
    auto report = apply_migrations(t.url());
    auto all = embedded_migrations();
    ASSERT_EQ(report.applied.size(), all.size());
    EXPECT_EQ(report.schema_version, all.back().version);
    EXPECT_EQ(t.count("SELECT count(*) FROM schema_migrations"), static_cast<std::int64_t>(all.size()));
    for (auto table :
         {"accounts", "resume_tokens", "wallets", "ledger_transactions", "ledger_entries", "tournaments",
          "registrations", "entry_payments", "tournament_tables", "hands", "audit_log"})
        EXPECT_EQ(t.query(std::string("SELECT to_regclass('") + table + "')::text"), table);
}

TEST(Migrations, ApplyingTwiceIsANoOp) {
    TestDatabase t;
    apply_migrations(t.url());
    auto before = t.query(
        "SELECT string_agg(version || ':' || applied_at, ',' ORDER BY version) FROM schema_migrations");
    auto second = apply_migrations(t.url());
    EXPECT_TRUE(second.applied.empty());
    EXPECT_EQ(
        t.query(
            "SELECT string_agg(version || ':' || applied_at, ',' ORDER BY version) FROM schema_migrations"),
        before);
    EXPECT_EQ(t.count("SELECT count(*) FROM wallets WHERE kind IN ('house', 'external')"), 2);
}

TEST(Migrations, ConcurrentAppliersApplyEachMigrationOnce) {
    TestDatabase t;
    std::vector<std::future<MigrationReport>> runs;
    for (int i = 0; i < 4; ++i)
        runs.push_back(std::async(std::launch::async, [&] { return apply_migrations(t.url()); }));
    std::size_t applied = 0;
    for (auto& r : runs)
        applied += r.get().applied.size();
    EXPECT_EQ(applied, embedded_migrations().size());
    EXPECT_EQ(t.count("SELECT count(*) FROM wallets WHERE kind = 'house'"), 1);
}

TEST(Migrations, AnAppliedMigrationEditedLaterIsRefused) {
    TestDatabase t;
    apply_migrations(t.url());
    t.query("UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1");
    try {
        apply_migrations(t.url());
        FAIL() << "expected MigrationError";
    } catch (const MigrationError& e) {
        EXPECT_NE(std::string(e.what()).find("changed after it was applied"), std::string::npos) << e.what();
    }
}

TEST(Migrations, AFailingMigrationNamesItselfAndLeavesNothingHalfDone) {
    TestDatabase t;
    auto migrations = embedded_migrations();
    std::string bad_sql = "CREATE TABLE half_done (x int); SELECT no_such_function();";
    migrations.push_back({static_cast<int>(migrations.size()) + 1, "9999_broken.sql", bad_sql, "x"});
    try {
        apply_migrations(t.url(), migrations);
        FAIL() << "expected MigrationError";
    } catch (const MigrationError& e) {
        EXPECT_NE(std::string(e.what()).find("9999_broken.sql"), std::string::npos) << e.what();
    }
    EXPECT_EQ(t.query("SELECT to_regclass('half_done')::text"), "");
    EXPECT_EQ(t.count("SELECT count(*) FROM schema_migrations"),
              static_cast<std::int64_t>(migrations.size() - 1));
}

TEST(Migrations, UnreachableDatabaseIsAClearError) {
    try {
        apply_migrations("postgresql://u:secret@127.0.0.1:1/db?connect_timeout=2");
        FAIL() << "expected DatabaseError";
    } catch (const DatabaseError& e) {
        std::string what = e.what();
        EXPECT_NE(what.find("cannot reach the database"), std::string::npos) << what;
        EXPECT_EQ(what.find("secret"), std::string::npos) << what;
    }
}
