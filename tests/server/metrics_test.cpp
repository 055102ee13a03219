// server/metrics: the lock-free counters and histograms, the Prometheus text format, and what /metrics
// answers (issue 12 item 4). Each exposition is checked by the strict parser the e2e test uses.
#include <gtest/gtest.h>

#include <cmath>
#include <thread>
#include <vector>

#include "server/metrics/counter.hpp"
#include "server/metrics/exposition.hpp"
#include "server/metrics/histogram.hpp"
#include "server/metrics/instruments.hpp"
#include "server/metrics/labeled_counter.hpp"
#include "server/metrics/text_format.hpp"
#include "server/routes.hpp"
#include "server/session/session_core.hpp"
#include "tests/support/prometheus_text.hpp"

using namespace tavolo::server::metrics;
using tavolo::testing::parse_prometheus_text;

TEST(MetricsCounter, CountsFromManyThreadsWithoutLosingAny) {
    Counter counter;
    Histogram histogram({0.5, 1});
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            for (int i = 0; i < 10'000; ++i) {
                counter.add();
                histogram.observe(0.25);
            }
        });
    for (auto& t : threads)
        t.join();
    EXPECT_EQ(counter.value(), 40'000U);
    const auto snap = histogram.snapshot();
    EXPECT_EQ(snap.count(), 40'000U);
    EXPECT_DOUBLE_EQ(snap.sum, 10'000.0);
}

TEST(MetricsGauge, IsSetAndMovesBothWays) {
    Gauge gauge;
    gauge.set(5);
    gauge.add(-7);
    EXPECT_EQ(gauge.value(), -2);
}

TEST(MetricsHistogram, BucketsAreLessOrEqualAndCumulative) {
    Histogram h({0.1, 1, 10});
    h.observe(0.1);  // on the bound: in le=0.1
    h.observe(0.5);  // le=1
    h.observe(1);    // le=1
    h.observe(100);  // only +Inf
    const auto s = h.snapshot();
    EXPECT_EQ(s.cumulative, (std::vector<std::uint64_t>{1, 3, 3, 4}));
    EXPECT_EQ(s.count(), 4U);
    EXPECT_DOUBLE_EQ(s.sum, 101.6);
}

TEST(MetricsHistogram, RefusesBoundsThatDoNotRise) {
    EXPECT_THROW(Histogram({1, 1}), std::invalid_argument);
    EXPECT_THROW(Histogram({2, 1}), std::invalid_argument);
    EXPECT_THROW(Histogram({INFINITY}), std::invalid_argument);
}

TEST(MetricsLabeledCounter, AnIndexOutOfRangeCountsUnderTheCatchAll) {
    LabeledCounter c({"A", "B", "OTHER"});
    c.add(1);
    c.add(1);
    c.add(99);
    EXPECT_EQ(c.value(0), 0U);
    EXPECT_EQ(c.value(1), 2U);
    EXPECT_EQ(c.value(2), 1U);
}

TEST(MetricsTextFormat, ValuesAreWrittenAsPrometheusReadsThem) {
    EXPECT_EQ(format_value(42), "42");
    EXPECT_EQ(format_value(0), "0");
    EXPECT_EQ(format_value(0.25), "0.25");
    EXPECT_EQ(format_value(0.0001), "0.0001");
    EXPECT_EQ(format_value(INFINITY), "+Inf");
    EXPECT_EQ(format_value(-INFINITY), "-Inf");
    EXPECT_EQ(format_value(NAN), "NaN");
    EXPECT_EQ(escape_label_value("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
}

TEST(MetricsTextFormat, WritesFamiliesWithHelpAndTypeFirst) {
    TextWriter w;
    w.counter("x_total", "Things.\nCounted \\ here.", 3);
    w.gauge("y", "A level.", -1.5);
    w.family("z_total", "By kind.", "counter", {{{{"kind", "a\"b"}}, 1}, {{{"kind", "c"}}, 2}});
    Histogram h({0.5, 1});
    h.observe(0.75);
    w.histogram("lat_seconds", "Latency.", h.snapshot());
    EXPECT_EQ(
        w.text(),
        "# HELP x_total Things.\\nCounted \\\\ here.\n# TYPE x_total counter\nx_total 3\n"
        "# HELP y A level.\n# TYPE y gauge\ny -1.5\n"
        "# HELP z_total By kind.\n# TYPE z_total counter\nz_total{kind=\"a\\\"b\"} 1\nz_total{kind=\"c\"} 2\n"
        "# HELP lat_seconds Latency.\n# TYPE lat_seconds histogram\n"
        "lat_seconds_bucket{le=\"0.5\"} 0\nlat_seconds_bucket{le=\"1\"} 1\nlat_seconds_bucket{le=\"+Inf\"} "
        "1\n"
        "lat_seconds_sum 0.75\nlat_seconds_count 1\n");
    auto parsed = parse_prometheus_text(w.text());
    ASSERT_TRUE(parsed) << parsed.error();
    EXPECT_EQ(parsed->value("z_total", {{"kind", "a\"b"}}), 1);
    EXPECT_EQ(parsed->families.at("x_total").help, "Things.\\nCounted \\\\ here.");
}

TEST(MetricsTextFormat, RefusesWhatPrometheusWouldNot) {
    TextWriter w;
    EXPECT_THROW(w.counter("hands", "A counter without _total.", 1), std::invalid_argument);
    EXPECT_THROW(w.gauge("9lives", "A name starting with a digit.", 1), std::invalid_argument);
    EXPECT_THROW(w.family("x", "A bad label name.", "gauge", {{{{"bad-label", "v"}}, 1}}),
                 std::invalid_argument);
    EXPECT_THROW(w.family("x", "Not a type.", "summary", {}), std::invalid_argument);
}

// The test's parser is strict: what it accepts from the server means something.
TEST(MetricsTextParser, CatchesEachBreachOfTheFormat) {
    const auto bad = [](const std::string& text) { return !parse_prometheus_text(text).has_value(); };
    EXPECT_FALSE(bad("# HELP a A.\n# TYPE a gauge\na 1\n"));
    EXPECT_TRUE(bad("a 1\n")) << "a sample without HELP and TYPE";
    EXPECT_TRUE(bad("# HELP a A.\n# TYPE a gauge\na 1")) << "no final newline";
    EXPECT_TRUE(bad("# HELP a A.\n# TYPE a gauge\na one\n")) << "not a number";
    EXPECT_TRUE(bad("# HELP a A.\n# TYPE a gauge\na{x=\"1} 1\n")) << "unterminated label value";
    EXPECT_TRUE(bad("# HELP a A.\n# TYPE a gauge\na{x=\"\\q\"} 1\n")) << "bad escape";
    EXPECT_TRUE(bad("# HELP a A.\n# TYPE a counter\na 1\n")) << "counter without _total";
    EXPECT_TRUE(bad("# HELP a A.\n# TYPE a gauge\n# HELP b B.\n# TYPE b gauge\na 1\nb 1\na 2\n"))
        << "a family's samples apart";
    EXPECT_TRUE(bad("# HELP a A.\n# TYPE a gauge\na 1\n# HELP a Again.\n")) << "HELP after samples";
    EXPECT_TRUE(bad("# HELP a A\\q.\n# TYPE a gauge\na 1\n")) << "bad escape in HELP";
    EXPECT_TRUE(
        bad("# HELP h H.\n# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_sum 1\n"
            "h_count 1\n"))
        << "buckets not cumulative";
    EXPECT_TRUE(bad("# HELP h H.\n# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_sum 1\nh_count 1\n"))
        << "no +Inf bucket";
    EXPECT_TRUE(bad("# HELP h H.\n# TYPE h histogram\nh_bucket{le=\"+Inf\"} 2\nh_sum 1\nh_count 1\n"))
        << "_count differs from +Inf";
}

TEST(MetricsExposition, ListsEveryMetricAndParses) {
    ServerGauges g;
    g.connections = 3;
    g.players_seated = 2;
    g.tables = 1;
    g.write_queue_depth = 7;
    g.hands_committed = 11;
    g.database_up = true;
    g.database_connections = 4;
    Instruments instruments;
    instruments.tournaments[2].set(1);  // running
    instruments.errors.add(5);          // NOT_YOUR_TURN
    instruments.commit.observe(0.003);
    instruments.action_broadcast.observe(0.0002);
    const std::string text = exposition(g, instruments);
    auto parsed = parse_prometheus_text(text);
    ASSERT_TRUE(parsed) << parsed.error() << "\n" << text;
    EXPECT_EQ(parsed->value("tavolo_connections"), 3);
    EXPECT_EQ(parsed->value("tavolo_players_seated"), 2);
    EXPECT_EQ(parsed->value("tavolo_tables"), 1);
    EXPECT_EQ(parsed->value("tavolo_tournaments", {{"state", "running"}}), 1);
    EXPECT_EQ(parsed->value("tavolo_tournaments", {{"state", "registering"}}), 0);
    EXPECT_EQ(parsed->value("tavolo_tournaments", {{"state", "unspecified"}}), std::nullopt);
    EXPECT_EQ(parsed->value("tavolo_hands_total"), 11);
    EXPECT_EQ(parsed->value("tavolo_write_queue_depth"), 7);
    EXPECT_EQ(parsed->value("tavolo_errors_total", {{"code", "NOT_YOUR_TURN"}}), 1);
    EXPECT_EQ(parsed->value("tavolo_errors_total", {{"code", "OTHER"}}), 0);
    EXPECT_EQ(parsed->value("tavolo_commit_seconds_count"), 1);
    EXPECT_EQ(parsed->value("tavolo_commit_seconds_bucket", {{"le", "0.005"}}), 1);
    EXPECT_EQ(parsed->value("tavolo_commit_seconds_bucket", {{"le", "0.0025"}}), 0);
    EXPECT_EQ(parsed->value("tavolo_action_broadcast_seconds_count"), 1);
    EXPECT_EQ(parsed->value("tavolo_database_up"), 1);
    EXPECT_EQ(parsed->value("tavolo_database_connections"), 4);
    EXPECT_EQ(parsed->families.at("tavolo_action_broadcast_seconds").type, "histogram");
}

TEST(MetricsInstruments, LabelsNameTheProtocolsEnums) {
    EXPECT_EQ(error_code_label(5), "NOT_YOUR_TURN");
    EXPECT_EQ(error_code_label(0), "UNSPECIFIED");
    EXPECT_EQ(error_code_label(100'000), "CODE_100000");
    EXPECT_EQ(tournament_state_label(3), "on_break");
    EXPECT_EQ(tournament_state_label(5), "cancelled");
}

TEST(MetricsInstruments, EveryErrorSerialisedForAClientIsCounted) {
    const auto before = instruments().errors.value(5);
    tavolo::v1::ServerMessage message;
    message.mutable_error()->set_code(tavolo::v1::ERROR_CODE_NOT_YOUR_TURN);
    (void)tavolo::server::session::serialise(message);
    tavolo::v1::ServerMessage not_an_error;
    not_an_error.mutable_closing()->set_code(tavolo::v1::ERROR_CODE_NOT_YOUR_TURN);
    (void)tavolo::server::session::serialise(not_an_error);
    EXPECT_EQ(instruments().errors.value(5), before + 1);
}

TEST(MetricsInstruments, TimedCommitObservesOnlyACommittedHand) {
    Instruments& in = instruments();
    const auto before = in.commit.snapshot().count();
    int called = 0;
    auto ok = timed_commit([&](bool) { ++called; });
    ok(true);
    auto failed = timed_commit([&](bool) { ++called; });
    failed(false);
    EXPECT_EQ(called, 2);
    EXPECT_EQ(in.commit.snapshot().count(), before + 1);
}

TEST(MetricsRoute, MetricsAnswersPrometheusTextToGetAndHead) {
    tavolo::server::ServerInfo info;
    info.metrics = [] { return std::string("# HELP a A.\n# TYPE a gauge\na 1\n"); };
    auto get = tavolo::server::route(info, {"GET", "/metrics", ""});
    EXPECT_EQ(get.status, 200);
    EXPECT_EQ(get.content_type, "text/plain; version=0.0.4; charset=utf-8");
    EXPECT_EQ(get.body, "# HELP a A.\n# TYPE a gauge\na 1\n");
    EXPECT_EQ(tavolo::server::route(info, {"HEAD", "/metrics", ""}).status, 200);
    EXPECT_EQ(tavolo::server::route(info, {"POST", "/metrics", ""}).status, 405);
    EXPECT_EQ(tavolo::server::route(tavolo::server::ServerInfo{}, {"GET", "/metrics", ""}).status, 503);
}
