// The real server binary, started as a user starts it, answers its health probes.
#include <gtest/gtest.h>

#include "tests/support/server_process.hpp"

using tavolo::testing::http_request;
using tavolo::testing::require_env;
using tavolo::testing::ServerProcess;

TEST(ServerHealth, AnswersHealthzAndReadyzWithADatabase) {
    std::string url = require_env("TAVOLO_TEST_DATABASE_URL");
    ServerProcess server({}, {"TAVOLO_DATABASE_URL=" + url});
    ASSERT_TRUE(server.running()) << "server exited with " << server.exit_code();

    auto health = http_request(server.port(), "GET", "/healthz");
    EXPECT_EQ(health.status, 200);
    EXPECT_NE(health.body.find("\"status\":\"ok\""), std::string::npos) << health.body;

    auto ready = http_request(server.port(), "GET", "/readyz");
    EXPECT_EQ(ready.status, 200) << ready.body;

    auto missing = http_request(server.port(), "GET", "/nope");
    EXPECT_EQ(missing.status, 404);
    EXPECT_NE(missing.body.find("NOT_FOUND"), std::string::npos);

    EXPECT_EQ(server.stop(), 0) << "SIGTERM must shut the server down cleanly";
}

TEST(ServerHealth, RefusesToStartWithoutADatabase) {
    ServerProcess server({}, {"TAVOLO_DATABASE_URL="});
    EXPECT_FALSE(server.running());
    EXPECT_EQ(server.exit_code(), 2);
}

TEST(ServerHealth, FailsFastWhenTheDatabaseIsUnreachable) {
    ServerProcess server({}, {"TAVOLO_DATABASE_URL=postgresql://nobody@127.0.0.1:1/none?connect_timeout=2"});
    EXPECT_FALSE(server.running());
    EXPECT_EQ(server.exit_code(), 3);
}

TEST(ServerHealth, RejectsABadConfigurationNamingTheKey) {
    std::string path = ::testing::TempDir() + "/bad.toml";
    FILE* f = fopen(path.c_str(), "w");
    fputs("[server]\nport = 70000\n", f);
    fclose(f);
    ServerProcess server({"--config", path});
    EXPECT_FALSE(server.running());
    EXPECT_EQ(server.exit_code(), 2);
}

TEST(ServerHealth, CommandLineErrorsExitWithTwo) {
    ServerProcess unknown_option({"--frobnicate"});
    EXPECT_FALSE(unknown_option.running());
    EXPECT_EQ(unknown_option.exit_code(), 2);
    ServerProcess missing_config({"--config", "/nonexistent/tavolo.toml"});
    EXPECT_FALSE(missing_config.running());
    EXPECT_EQ(missing_config.exit_code(), 2);
}
