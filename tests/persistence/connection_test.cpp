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
