// tavolo load's pieces without a server: the latency probes and percentiles, the split of seats over
// connections, the command line, the load line, and the reading of the server's process metrics.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "tools/load/latency_probes.hpp"
#include "tools/load/load_line.hpp"
#include "tools/load/load_options.hpp"
#include "tools/load/metrics_scrape.hpp"
#include "tools/load/run_report.hpp"

using namespace tavolo::load;
using namespace std::chrono_literals;

TEST(LoadLatency, PercentilesByNearestRank) {
    LatencySamples s;
    EXPECT_EQ(s.quantile(0.5), 0.0);
    for (int i = 1000; i >= 1; --i)
        s.add(i);  // 1..1000 ms, any order
    EXPECT_EQ(s.quantile(0.50), 500.0);
    EXPECT_EQ(s.quantile(0.99), 990.0);
    EXPECT_EQ(s.quantile(0.999), 999.0);
    EXPECT_EQ(s.quantile(1.0), 1000.0);
    EXPECT_EQ(s.quantile(0.0001), 1.0);
    LatencySamples one;
    one.add(7.5);
    EXPECT_EQ(one.quantile(0.999), 7.5);
    s.append(one);
    EXPECT_EQ(s.size(), 1001U);
}

TEST(LoadLatency, AProbeEndsWhenEveryWaitingSeatHasReceived) {
    const auto t0 = Clock::now();
    TableProbes probes;
    LatencySamples samples;
    EXPECT_FALSE(probes.sent(0b1011, t0));  // seats 0, 1 and 3 dealt in
    probes.received(1, t0 + 1ms, samples);
    probes.received(2, t0 + 2ms, samples);  // not dealt in: changes nothing
    probes.received(0, t0 + 3ms, samples);
    EXPECT_EQ(samples.size(), 0U);
    probes.sent(0b0011, t0 + 4ms);           // the next action, before seat 3 saw the first
    probes.received(3, t0 + 10ms, samples);  // completes the first only
    ASSERT_EQ(samples.size(), 1U);
    EXPECT_DOUBLE_EQ(samples.quantile(1.0), 10.0);
    EXPECT_EQ(probes.open(), 1U);
    probes.received(0, t0 + 5ms, samples);
    probes.received(1, t0 + 6ms, samples);
    ASSERT_EQ(samples.size(), 2U);
    EXPECT_DOUBLE_EQ(samples.quantile(0.5), 2.0);  // 4 ms -> 6 ms
    EXPECT_EQ(probes.open(), 0U);
    EXPECT_FALSE(probes.sent(0, t0));  // nobody waits: no probe
    EXPECT_EQ(probes.open(), 0U);
}

TEST(LoadLatency, ALeavingSeatIsForgottenAndTheOldestProbeDropped) {
    const auto t0 = Clock::now();
    TableProbes probes;
    LatencySamples samples;
    probes.sent(0b100, t0);  // only seat 2 owes it
    probes.sent(0b110, t0);
    EXPECT_EQ(probes.forget(2), 1);  // the first is dropped, the second waits for seat 1 only
    probes.received(1, t0 + 1ms, samples);
    EXPECT_EQ(samples.size(), 1U);
    for (std::size_t i = 0; i < TableProbes::kMaxOpenPerTable; ++i)
        EXPECT_FALSE(probes.sent(1, t0));
    EXPECT_TRUE(probes.sent(1, t0));  // one too many: the oldest goes
    EXPECT_EQ(probes.open(), TableProbes::kMaxOpenPerTable);
}

TEST(LoadSplit, KeepsTheConnectionsUnderTheLimit) {
    auto s = plan_split(20'000, 6, 0, 9000);  // 120,000 seats
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ(s->tables_per_player, 14);
    EXPECT_EQ(s->players, 8572);
    s = plan_split(4, 6, 0, 9000);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->tables_per_player, 1);
    EXPECT_EQ(s->players, 24);
    s = plan_split(8, 3, 2, 9000);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->players, 12);
    s = plan_split(1, 6, 1, 9000);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->players, 6);
    s = plan_split(3, 6, 3, 9000);  // 18 seats at 3 tables each: 6 players, one at each table
    ASSERT_TRUE(s);
    EXPECT_EQ(s->players, 6);
    s = plan_split(2, 2, 1, 3);  // 4 connections needed, 3 allowed
    ASSERT_FALSE(s);
    EXPECT_NE(s.error().find("--tables-per-player"), std::string::npos) << s.error();
    EXPECT_FALSE(plan_split(2, 6, 3, 9000));  // at 3 tables of 2
    EXPECT_FALSE(plan_split(2, 11, 1, 9000));
}

namespace {

std::expected<LoadOptions, std::string> parse(std::vector<std::string> args) {
    CLI::App app;
    LoadOptions o;
    add_load_options(app, o);
    std::reverse(args.begin(), args.end());  // CLI11 takes them last first
    try {
        app.parse(args);
    } catch (const CLI::ParseError& e) {
        return std::unexpected(std::string(e.what()));
    }
    return o;
}

}  // namespace

TEST(LoadCommandLine, ReadsEveryOption) {
    auto o = parse({"--url",
                    "ws://127.0.0.1:8080/ws",
                    "--tables",
                    "20000",
                    "--seconds",
                    "60",
                    "--seats",
                    "2",
                    "--tables-per-player",
                    "5",
                    "--max-connections",
                    "12000",
                    "--hosts",
                    "127.0.0.2,127.0.0.3",
                    "--strategy",
                    "random",
                    "--report-every",
                    "3",
                    "--ramp-seconds",
                    "90",
                    "--think-ms",
                    "2500",
                    "--warmup-seconds",
                    "15"});
    ASSERT_TRUE(o) << o.error();
    EXPECT_EQ(o->tables, 20000);
    EXPECT_EQ(o->seconds, 60);
    EXPECT_EQ(o->seats, 2);
    EXPECT_EQ(o->tables_per_player, 5);
    EXPECT_EQ(o->max_connections, 12000);
    EXPECT_EQ(o->hosts, (std::vector<std::string>{"127.0.0.2", "127.0.0.3"}));
    EXPECT_EQ(o->strategy, "random");
    EXPECT_EQ(o->report_every, 3);
    EXPECT_EQ(o->ramp_seconds, 90);
    EXPECT_EQ(o->think_ms, 2500);
    EXPECT_EQ(o->warmup_seconds, 15);
    EXPECT_FALSE(o->echo);
    EXPECT_EQ(metrics_url_of(*o), "http://127.0.0.1:8080/metrics");

    o = parse({"--url", "ws://localhost:9/ws", "--tables", "4", "--echo", "--echo-rate", "250.5",
               "--metrics-url", "none"});
    ASSERT_TRUE(o) << o.error();
    EXPECT_TRUE(o->echo);
    EXPECT_DOUBLE_EQ(o->echo_rate, 250.5);
    EXPECT_EQ(o->seconds, 30);
    EXPECT_EQ(o->seats, 6);
    EXPECT_EQ(o->strategy, "calling");
    EXPECT_EQ(o->think_ms, 0);
    EXPECT_EQ(o->warmup_seconds, 0);
    EXPECT_EQ(metrics_url_of(*o), "");
}

// The first interval line of the window covers the window, not the ramp before it.
TEST(LoadReport, TheFirstIntervalLineLeavesTheRampOut) {
    boost::asio::io_context io;
    std::ostringstream out;
    RunReport report(io, "", false, out);
    for (int i = 0; i < 100; ++i)
        report.latency(5000.0);  // while ramping up: seconds
    report.start_window();
    report.latency(2.0);
    report.counted();
    report.interval_line(6, 0);
    static const std::regex kP99(".* p99_ms=([0-9.]+) .*\n");
    std::smatch m;
    const std::string line = out.str();
    ASSERT_TRUE(std::regex_match(line, m, kP99)) << line;
    EXPECT_DOUBLE_EQ(std::stod(m[1].str()), 2.0) << line;
    EXPECT_EQ(report.window_samples(), 1U);
}

TEST(LoadCommandLine, RefusesWhatItCannotDo) {
    EXPECT_FALSE(parse({"--url", "ws://127.0.0.1:1/ws"}));  // --tables is required
    EXPECT_FALSE(parse({"--tables", "4"}));                 // --url too
    EXPECT_FALSE(parse({"--url", "wss://127.0.0.1:1/ws", "--tables", "4"}));
    EXPECT_FALSE(parse({"--url", "http://127.0.0.1:1/ws", "--tables", "4"}));
    EXPECT_FALSE(parse({"--url", "ws://127.0.0.1:1/ws", "--tables", "0"}));
    EXPECT_FALSE(parse({"--url", "ws://127.0.0.1:1/ws", "--tables", "0x10"}));
    EXPECT_FALSE(parse({"--url", "ws://127.0.0.1:1/ws", "--tables", "4", "--seats", "11"}));
    EXPECT_FALSE(parse({"--url", "ws://127.0.0.1:1/ws", "--tables", "4", "--strategy", "bluff"}));
    EXPECT_FALSE(parse({"--url", "ws://127.0.0.1:1/ws", "--tables", "4", "--seconds", "-1"}));
}

TEST(LoadLine, HasEveryKeyInOrder) {
    LoadFigures f;
    f.tables = 20000;
    f.players = 8572;
    f.per_second = 1234.56;
    f.p50_ms = 1.234;
    f.p99_ms = 45.6;
    f.p999_ms = 99.999;
    f.server_cpu = 1.734;
    f.server_rss_mb = 812.4;
    f.errors = 0;
    EXPECT_EQ(load_line(f),
              "load: tables=20000 players=8572 hands_per_s=1234.6 p50_ms=1.23 p99_ms=45.60 p999_ms=100.00 "
              "server_cpu=1.73 server_rss_mb=812 errors=0");
    f.server_cpu = -1;
    f.server_rss_mb = -1;
    EXPECT_EQ(load_line(f, true),
              "echo: tables=20000 players=8572 actions_per_s=1234.6 p50_ms=1.23 p99_ms=45.60 p999_ms=100.00 "
              "server_cpu=na server_rss_mb=na errors=0");
}

TEST(LoadMetrics, ReadsTheProcessFamilies) {
    const std::string page =
        "# HELP tavolo_hands_total Hands.\n# TYPE tavolo_hands_total counter\ntavolo_hands_total 12\n"
        "# HELP process_cpu_seconds_total CPU.\n# TYPE process_cpu_seconds_total counter\n"
        "process_cpu_seconds_total 12.5\n"
        "# HELP process_resident_memory_bytes RSS.\n# TYPE process_resident_memory_bytes gauge\n"
        "process_resident_memory_bytes 1.048576e+08\n";
    const auto s = parse_process_metrics(page);
    ASSERT_TRUE(s);
    EXPECT_DOUBLE_EQ(s->cpu_seconds, 12.5);
    EXPECT_DOUBLE_EQ(s->resident_bytes, 104857600.0);
    EXPECT_FALSE(parse_process_metrics("process_cpu_seconds_total 1\n"));
    EXPECT_FALSE(parse_process_metrics("process_cpu_seconds_total_x 1\nprocess_resident_memory_bytes 2\n"));
    EXPECT_DOUBLE_EQ(cores_used({10, 0}, {13.5, 0}, 2.0), 1.75);
    EXPECT_DOUBLE_EQ(cores_used({10, 0}, {13.5, 0}, 0.0), 0.0);
}
