// Issue 12 item 4: /metrics on the real server, scraped before and after `tavolo bots` play a Sit&Go
// against a real PostgreSQL at an accelerated clock. Every scrape must parse as Prometheus text under
// the strict parser of tests/support/prometheus_text.hpp, and the hand counter and the histograms must
// have counted what the bots played.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/support/e2e_money.hpp"
#include "tests/support/prometheus_text.hpp"
#include "tests/support/raw_http.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

namespace {

std::string sit_and_go_config() {
    return "[clock]\nspeed = 200\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n"
           "[[tournament]]\nname = \"Metrics Sit&Go\"\ngame = \"holdem\"\nbetting = \"nl\"\nlevel_minutes = "
           "2\n"
           "seats = 3\nmax_players = 3\nbuy_in = \"10.00\"\nfee = \"1.00\"\n";
}

RawResponse get_metrics(int port) {
    RawConnection c(port);
    EXPECT_TRUE(c.send("GET /metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"));
    c.read_to_end();
    auto response = parse_response(c.received());
    if (!response) throw std::runtime_error("no HTTP response to GET /metrics: " + c.received());
    return *response;
}

PromExposition scrape(int port) {
    const RawResponse response = get_metrics(port);
    EXPECT_EQ(response.status, 200) << response.body;
    EXPECT_EQ(response.headers.at("content-type"), "text/plain; version=0.0.4; charset=utf-8");
    auto parsed = parse_prometheus_text(response.body);
    if (!parsed)
        throw std::runtime_error("/metrics is not Prometheus text: " + parsed.error() + "\n" + response.body);
    return *parsed;
}

double value(const PromExposition& e, const std::string& name,
             const std::map<std::string, std::string>& labels = {}) {
    auto v = e.value(name, labels);
    if (!v) throw std::runtime_error("/metrics has no sample " + name);
    return *v;
}

}  // namespace

TEST(Metrics, ParsesAsPrometheusTextAndCountsTheHandsBotsPlay) {
    MigratedDatabase db;
    const auto config = write_temp_file("metrics.toml", sit_and_go_config());
    ServerProcess server({"--config", config}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();

    // The write service checks the database in the background from its start: database_up says 0
    // until that answer (a loaded machine scraped before it, once). Ask again until it answered.
    PromExposition before = scrape(server.port());
    for (int i = 0; i < 200 && value(before, "tavolo_database_up") != 1; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        before = scrape(server.port());
    }
    for (const char* family : {"tavolo_connections", "tavolo_players_seated", "tavolo_tables",
                               "tavolo_tournaments", "tavolo_hands_total", "tavolo_action_broadcast_seconds",
                               "tavolo_write_queue_depth", "tavolo_commit_seconds", "tavolo_errors_total",
                               "tavolo_database_up", "tavolo_database_connections"})
        EXPECT_TRUE(before.families.contains(family)) << family;
    EXPECT_EQ(value(before, "tavolo_hands_total"), 0);
    EXPECT_EQ(value(before, "tavolo_tables"), 0);
    // Every state is listed, zero included (the lobby may not have created its Sit&Go yet: no count).
    for (const char* state : {"registering", "running", "on_break", "finished", "cancelled"})
        EXPECT_GE(value(before, "tavolo_tournaments", {{"state", state}}), 0) << state;
    EXPECT_EQ(value(before, "tavolo_database_up"), 1);
    EXPECT_EQ(value(before, "tavolo_errors_total", {{"code", "NOT_YOUR_TURN"}}), 0);

    const auto bots = run_tool("bots --url ws://127.0.0.1:" + std::to_string(server.port()) +
                               "/ws --count 3 --strategy random --tournament any");
    ASSERT_EQ(bots.code, 0) << bots.out;
    EXPECT_NE(bots.last_line().find(" finished=1 "), std::string::npos) << bots.last_line();

    const PromExposition after = scrape(server.port());
    const double hands = value(after, "tavolo_hands_total");
    EXPECT_GT(hands, value(before, "tavolo_hands_total")) << "hands committed while the bots played";
    EXPECT_EQ(hands, static_cast<double>(db.count("SELECT count(*) FROM hands")))
        << "every committed hand counted once";
    // Every committed hand was timed from its submit to its commit callback.
    EXPECT_EQ(value(after, "tavolo_commit_seconds_count"), hands);
    EXPECT_GT(value(after, "tavolo_commit_seconds_sum"), 0);
    // The bots' actions were timed to their broadcast (a hand may have none: blinds all in).
    EXPECT_GT(value(after, "tavolo_action_broadcast_seconds_count"), 0);
    EXPECT_GT(value(after, "tavolo_action_broadcast_seconds_bucket", {{"le", "+Inf"}}), 0);
    double listed = 0;
    for (const auto& sample : after.families.at("tavolo_tournaments").samples)
        listed += sample.value;
    EXPECT_GE(listed, 1) << "the lobby lists the finished Sit&Go or its next copy";
    EXPECT_EQ(server.stop(), 0) << server.log();
}
