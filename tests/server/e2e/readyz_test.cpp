// /readyz answers for the database as it is now: the real server against a private PostgreSQL that the
// test stops and starts again.
#include <gtest/gtest.h>

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
