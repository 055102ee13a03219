// /readyz answers for the database as it is now: the real server against a private PostgreSQL that the
// test stops and starts again.
#include <gtest/gtest.h>

#include "tests/persistence/test_database.hpp"
#include "tests/support/private_cluster.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

TEST(ServerReadiness, ReadyzFollowsTheDatabaseWhenItStopsAndWhenItReturns) {
    PrivateCluster cluster;
    ServerProcess server({}, {"TAVOLO_DATABASE_URL=" + cluster.url()});
    ASSERT_TRUE(server.running()) << server.log();
    EXPECT_EQ(http_request(server.port(), "GET", "/readyz").status, 200);

    cluster.stop();
    // The server logs the outage once it has seen it; /readyz says so from then on.
    ASSERT_TRUE(server.wait_for_log("event=database_down")) << server.log();
    auto down = http_request(server.port(), "GET", "/readyz");
    EXPECT_EQ(down.status, 503);
    EXPECT_EQ(down.body.find("postgresql://"), std::string::npos)
        << "no URL in a public answer: " << down.body;
    EXPECT_NE(down.body.find("\"status\":\"unavailable\""), std::string::npos) << down.body;
    EXPECT_EQ(http_request(server.port(), "GET", "/healthz").status, 200) << "the process itself is fine";

    cluster.start();
    ASSERT_TRUE(server.wait_for_log("event=database_up")) << server.log();
    EXPECT_EQ(http_request(server.port(), "GET", "/readyz").status, 200);
    EXPECT_EQ(server.stop(), 0);
}

// Issue 12 item 4: /readyz says "migrations applied" only while the database's recorded schema is the
// one this binary migrated to: a migration row taken away (a restore from an older backup) makes it
// 503 naming the migrations, and putting it back makes it ready again; /healthz stays 200 throughout.
TEST(ServerReadiness, ReadyzNamesMigrationsThatAreNotApplied) {
    MigratedDatabase db;
    ServerProcess server({}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();
    const auto ready = http_request(server.port(), "GET", "/readyz");
    EXPECT_EQ(ready.status, 200);
    for (const char* check :
         {"\"recovery\":\"done\"", "\"database\":\"reachable\"", "\"migrations\":\"applied\""})
        EXPECT_NE(ready.body.find(check), std::string::npos) << ready.body;

    const std::string newest = db.query("SELECT max(version) FROM schema_migrations");
    const std::string row =
        db.query("SELECT name || '|' || checksum FROM schema_migrations WHERE version = " + newest);
    db.query("DELETE FROM schema_migrations WHERE version = " + newest);
    ASSERT_TRUE(server.wait_for_log("event=database_schema_mismatch")) << server.log();
    const auto behind = http_request(server.port(), "GET", "/readyz");
    EXPECT_EQ(behind.status, 503);
    EXPECT_NE(behind.body.find("migrations are not applied"), std::string::npos) << behind.body;
    EXPECT_EQ(http_request(server.port(), "GET", "/healthz").status, 200);

    const auto bar = row.find('|');
    db.query("INSERT INTO schema_migrations (version, name, checksum) VALUES (" + newest + ", '" +
             row.substr(0, bar) + "', '" + row.substr(bar + 1) + "')");
    ASSERT_TRUE(server.wait_for_log("event=database_schema_current")) << server.log();
    EXPECT_EQ(http_request(server.port(), "GET", "/readyz").status, 200);
    EXPECT_EQ(server.stop(), 0);
}
