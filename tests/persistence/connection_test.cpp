#include "persistence/connection.hpp"

#include <gtest/gtest.h>

#include "tests/support/server_process.hpp"

using namespace tavolo::persistence;

TEST(Database, TestServerIsPostgres15) {
    auto version = probe_database(tavolo::testing::require_env("TAVOLO_TEST_DATABASE_URL"));
    EXPECT_EQ(version.rfind("PostgreSQL 15", 0), 0U) << version;
}

TEST(Database, UnreachableServerIsAClearError) {
    try {
        probe_database("postgresql://user:secret@127.0.0.1:1/db?connect_timeout=2");
        FAIL() << "expected DatabaseError";
    } catch (const DatabaseError& e) {
        std::string what = e.what();
        EXPECT_NE(what.find("cannot reach the database"), std::string::npos);
        EXPECT_EQ(what.find("secret"), std::string::npos) << "password leaked: " << what;
    }
}

TEST(Database, RedactsPasswords) {
    EXPECT_EQ(redact_url("postgresql://u:pw@h:5/d"), "postgresql://u:***@h:5/d");
    EXPECT_EQ(redact_url("host=h password=pw dbname=d"), "host=h password=*** dbname=d");
    EXPECT_EQ(redact_url("postgresql://u@h/d"), "postgresql://u@h/d");
}

TEST(Database, QuotedPasswordsAreRedactedWhole) {
    EXPECT_EQ(redact_url("host=h password='pw with spaces' dbname=d"), "host=h password=*** dbname=d");
    EXPECT_EQ(redact_url("postgresql://h/d?password=pw&sslmode=disable"),
              "postgresql://h/d?password=***&sslmode=disable");
}

// libpq quotes a malformed URI's parts in its own message: the password must not come through it.
TEST(Database, APasswordQuotedByLibpqInItsErrorIsRedacted) {
    try {
        probe_database("postgresql://user:sec%zzret@127.0.0.1:1/db");
        FAIL() << "expected DatabaseError";
    } catch (const DatabaseError& e) {
        std::string what = e.what();
        EXPECT_EQ(what.find("zzret"), std::string::npos) << "password leaked: " << what;
    }
}
