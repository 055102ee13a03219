// `tavolo bots` as a user runs it: its flags are validated strictly (tools/integer_option.hpp), each
// refusal says what is wrong and exits with 2; a fleet that cannot reach its server ends with the one
// summary line and exit code 1. (Playing a real server is the e2e suite's.)
#include <gtest/gtest.h>

#include <string>

#include "tests/support/run_tool.hpp"
#include "tools/client/url.hpp"
#include "tools/client/websocket_connection.hpp"

namespace tavolo::client {
namespace {

using tavolo::testing::run_tool;

const std::string kUrl = "--url ws://127.0.0.1:1/ws ";

bool says(const tavolo::testing::ToolRun& run, const std::string& text) {
    return run.out.find(text) != std::string::npos;
}

TEST(BotsCli, UrlAndCountAreRequired) {
    const auto no_url = run_tool("bots --count 3");
    EXPECT_EQ(no_url.code, 2);
    EXPECT_TRUE(says(no_url, "--url is required")) << no_url.out;
    const auto no_count = run_tool("bots " + kUrl);
    EXPECT_EQ(no_count.code, 2);
    EXPECT_TRUE(says(no_count, "--count is required")) << no_count.out;
}

TEST(BotsCli, CountIsAStrictIntegerInRange) {
    for (const char* bad : {"0", "0x10", "abc", "+5", "' 5'", "100001", "-1"}) {
        const auto run = run_tool("bots " + kUrl + "--count " + bad);
        EXPECT_EQ(run.code, 2) << bad;
        EXPECT_TRUE(says(run, "--count")) << bad << ": " << run.out;
        EXPECT_TRUE(says(run, "is not an integer from 1 to 100000")) << bad << ": " << run.out;
    }
}

TEST(BotsCli, StrategyTournamentAndSecondsAreChecked) {
    const auto strategy = run_tool("bots " + kUrl + "--count 1 --strategy bold");
    EXPECT_EQ(strategy.code, 2);
    EXPECT_TRUE(says(strategy, "--strategy")) << strategy.out;
    for (const char* bad : {"0", "anything", "-4", "1e3", "ANY"}) {
        const auto run = run_tool("bots " + kUrl + "--count 1 --tournament " + bad);
        EXPECT_EQ(run.code, 2) << bad;
        EXPECT_TRUE(says(run, "nor 'any'")) << bad << ": " << run.out;
    }
    const auto seconds = run_tool("bots " + kUrl + "--count 1 --seconds 0");
    EXPECT_EQ(seconds.code, 2);
    EXPECT_TRUE(says(seconds, "is not an integer from 1 to")) << seconds.out;
}

TEST(BotsCli, TheUrlMustBeAWebSocketUrl) {
    const auto http = run_tool("bots --url http://127.0.0.1:8080/ws --count 1");
    EXPECT_EQ(http.code, 2);
    EXPECT_TRUE(says(http, "must start with ws:// or wss://")) << http.out;
    const auto port = run_tool("bots --url ws://127.0.0.1:70000/ws --count 1");
    EXPECT_EQ(port.code, 2);
    EXPECT_TRUE(says(port, "is not an integer from 1 to 65535")) << port.out;
    const auto tls_flag = run_tool("bots " + kUrl + "--count 1 --insecure");
    EXPECT_EQ(tls_flag.code, 2);
    EXPECT_TRUE(says(tls_flag, "are for wss:// URLs")) << tls_flag.out;
}

// Nothing listens on port 1: each bot fails to log in before its time runs out, an error each.
TEST(BotsCli, AFleetThatCannotReachItsServerPrintsTheSummaryAndFails) {
    const auto run = run_tool("bots " + kUrl + "--count 2 --seconds 1");
    EXPECT_EQ(run.code, 1);
    EXPECT_EQ(run.out, "bots: players=0 hands=0 actions=0 refused=0 reconnects=0 finished=0 errors=2\n");
    const auto verbose = run_tool("bots " + kUrl + "--count 1 --seconds 1 --verbose");
    EXPECT_TRUE(says(verbose, "not logged in when the time ran out")) << verbose.out;
    EXPECT_TRUE(says(verbose, "cannot connect to ws://127.0.0.1:1/ws")) << verbose.out;
}

TEST(ClientUrl, WebSocketUrlsAreReadWithTheirDefaults) {
    const auto plain = parse_url("ws://127.0.0.1:8080/ws");
    ASSERT_TRUE(plain.has_value());
    EXPECT_FALSE(plain->tls);
    EXPECT_EQ(plain->host, "127.0.0.1");
    EXPECT_EQ(plain->port, "8080");
    EXPECT_EQ(plain->target, "/ws");
    const auto secure = parse_url("wss://example.org");
    ASSERT_TRUE(secure.has_value());
    EXPECT_TRUE(secure->tls);
    EXPECT_EQ(secure->port, "443");
    EXPECT_EQ(secure->target, "/ws");
    const auto v6 = parse_url("ws://[::1]:9000/play");
    ASSERT_TRUE(v6.has_value());
    EXPECT_EQ(v6->host, "::1");
    EXPECT_EQ(v6->target, "/play");
    EXPECT_EQ(v6->text(), "ws://[::1]:9000/play");
    for (const char* bad : {"", "ws://", "ws://:80/ws", "ws://host:/ws", "ws://host:0/ws",
                            "ws://host:0x50/ws", "ws://[::1/ws", "tcp://host:1", "ws://user@host:80/ws"})
        EXPECT_FALSE(parse_url(bad).has_value()) << bad;
}

TEST(ClientTls, AnUnreadableAuthorityFileIsRefusedWithItsName) {
    const auto missing = make_tls_context({"/nonexistent/ca.pem", false});
    ASSERT_FALSE(missing.has_value());
    EXPECT_NE(missing.error().find("/nonexistent/ca.pem"), std::string::npos) << missing.error();
    EXPECT_TRUE(make_tls_context({"", true}).has_value());
    const auto flag = run_tool("bots --url wss://127.0.0.1:1/ws --count 1 --ca-file /nonexistent/ca.pem");
    EXPECT_EQ(flag.code, 2);
    EXPECT_TRUE(says(flag, "--ca-file")) << flag.out;
}

}  // namespace
}  // namespace tavolo::client
