#include "server/database_health.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace tavolo::server;
using namespace std::chrono_literals;

namespace {

// A probe the test switches between answering and failing.
struct FakeDatabase {
    bool up = true;
    int probes = 0;
    DatabaseHealth::Probe probe() {
        return [this] {
            ++probes;
            if (!up) throw std::runtime_error("connection refused");
        };
    }
};

}  // namespace

TEST(DatabaseHealth, ReadyAtStartThenFollowsEachProbe) {
    FakeDatabase db;
    DatabaseHealth health(db.probe(), {});
    EXPECT_TRUE(health.readiness().ready) << "main reached the database just before";
    db.up = false;
    health.check();
    auto down = health.readiness();
    EXPECT_FALSE(down.ready);
    EXPECT_FALSE(down.reason.empty());
    EXPECT_EQ(down.reason.find("refused"), std::string::npos) << "a library's error stays in the log";
    db.up = true;
    health.check();
    EXPECT_TRUE(health.readiness().ready);
    EXPECT_EQ(db.probes, 2);
}

// A probe that hangs never reports a failure: readiness must not keep trusting an old success.
TEST(DatabaseHealth, ASuccessOlderThanStaleAfterIsNotReady) {
    FakeDatabase db;
    DatabaseHealth health(db.probe(), {.interval = 1'000ms, .stale_after = 3'000ms});
    health.check();
    const auto now = DatabaseHealth::Clock::now();
    EXPECT_TRUE(health.readiness(now + 2'900ms).ready);
    auto stale = health.readiness(now + 10s);
    EXPECT_FALSE(stale.ready);
    EXPECT_NE(stale.reason.find("has not answered"), std::string::npos) << stale.reason;
}

// The probing thread runs until stop(), which returns (nothing hangs on the sleeping thread).
TEST(DatabaseHealth, StopEndsTheProbingThread) {
    FakeDatabase db;
    DatabaseHealth health(db.probe(), {.interval = 3'600'000ms, .stale_after = 3'600'000ms});
    health.start();
    health.stop();
    EXPECT_EQ(db.probes, 0);
    EXPECT_TRUE(health.readiness().ready);
}

// Issue 12 item 4: a database that answers with another schema than this binary's is not ready, with
// the probe's words (not "unreachable"), and is ready again once its schema is current.
TEST(DatabaseHealth, ASchemaMismatchIsNotReadyAndSaysWhy) {
    bool behind = false;
    DatabaseHealth health(
        [&behind] {
            if (behind) throw SchemaMismatch("migrations are not applied: version 9, this server needs 10");
        },
        {});
    behind = true;
    health.check();
    const auto now = health.readiness();
    EXPECT_FALSE(now.ready);
    EXPECT_EQ(now.reason, "migrations are not applied: version 9, this server needs 10");
    behind = false;
    health.check();
    EXPECT_TRUE(health.readiness().ready);
}
