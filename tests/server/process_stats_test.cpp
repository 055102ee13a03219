// server/metrics/process_stats.hpp: /proc/self/stat read as Prometheus' process metrics.
#include <gtest/gtest.h>

#include "server/metrics/process_stats.hpp"

using namespace tavolo::server::metrics;

TEST(ProcessStats, ReadsCpuAndResidentMemoryAfterTheCommandName) {
    // The command name may hold spaces and parentheses: fields are counted after the last ')'.
    const std::string line =
        "4242 (tavolo (srv) x) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 150 0 0 20 0 3 0 12345 "
        "123456789 2560 18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0 0 0 0\n";
    const auto s = parse_proc_stat(line, 100, 4096);
    ASSERT_TRUE(s);
    EXPECT_DOUBLE_EQ(s->cpu_seconds, 4.0);                 // (250 + 150) ticks at 100 a second
    EXPECT_DOUBLE_EQ(s->resident_bytes, 2560.0 * 4096.0);  // pages
    EXPECT_FALSE(parse_proc_stat("4242 (x) S 1 2 3", 100, 4096));
    EXPECT_FALSE(parse_proc_stat("no parenthesis", 100, 4096));
    EXPECT_FALSE(parse_proc_stat(line, 0, 4096));
}

TEST(ProcessStats, ThisProcessInTheTextFormat) {
    const auto s = read_process_stats();
    ASSERT_TRUE(s) << "/proc/self/stat unreadable";
    EXPECT_GT(s->resident_bytes, 0);
    EXPECT_GE(s->cpu_seconds, 0);
    EXPECT_GT(s->open_fds, 0);
    const std::string text = process_exposition(s);
    for (const char* family : {"# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total ",
                               "# TYPE process_resident_memory_bytes gauge\nprocess_resident_memory_bytes ",
                               "\nprocess_open_fds ", "\nprocess_max_fds "})
        EXPECT_NE(text.find(family), std::string::npos) << family << "\n" << text;
    EXPECT_EQ(process_exposition(std::nullopt), "");
}
