#include "persistence/connection.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <future>
#include <memory>
#include <thread>

#include "persistence/database.hpp"
#include "persistence/ledger.hpp"

#include "tests/support/require_env.hpp"

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

// A server that accepts the connection and never answers (a host that went away behind a load
// balancer): a store call fails as unavailable after the connect timeout instead of waiting forever.
TEST(Database, AServerThatNeverAnswersIsUnavailableAfterTheConnectTimeout) {
    int listener = ::socket(AF_INET, SOCK_STREAM, 0);
    ASSERT_GE(listener, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    ASSERT_EQ(::listen(listener, 16), 0);
    socklen_t size = sizeof addr;
    ::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &size);
    std::string url = "postgresql://u@127.0.0.1:" + std::to_string(ntohs(addr.sin_port)) + "/db";

    auto outcome = std::make_shared<std::promise<StoreResult<Cents>>>();
    auto future = outcome->get_future();
    std::thread([url, outcome] {
        Database db(url, {.connect_timeout = std::chrono::seconds(1)});
        outcome->set_value(Ledger(db).balance(WalletId{1}));
    }).detach();
    auto r = future.get();  // the outcome itself, no clock (a call that never gives up meets ctest's limit)
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, StoreErrc::unavailable) << r.error().message;
    ::close(listener);
}

TEST(Database, AConnectTimeoutIsAddedUnlessTheUrlHasOne) {
    using std::chrono::seconds;
    EXPECT_EQ(with_connect_timeout("postgresql://h/d", seconds(10)), "postgresql://h/d?connect_timeout=10");
    EXPECT_EQ(with_connect_timeout("postgresql:///d?host=/s&port=5", seconds(3)),
              "postgresql:///d?host=/s&port=5&connect_timeout=3");
    EXPECT_EQ(with_connect_timeout("host=h dbname=d", seconds(10)), "host=h dbname=d connect_timeout=10");
    EXPECT_EQ(with_connect_timeout("postgresql://h/d?connect_timeout=2", seconds(10)),
              "postgresql://h/d?connect_timeout=2");
}

// The stores report libpq's connection errors too: the password must not come through them either.
TEST(Database, APasswordQuotedByLibpqNeverReachesAStoreError) {
    Database db("postgresql://user:sec%zzret@127.0.0.1:1/db");
    auto r = Ledger(db).balance(WalletId{1});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, StoreErrc::unavailable);
    EXPECT_EQ(r.error().message.find("zzret"), std::string::npos) << "password leaked: " << r.error().message;
}
