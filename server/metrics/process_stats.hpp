#pragma once
// The standard Prometheus process metrics (as every official client library exports them), read from
// /proc/self at scrape time: `process_cpu_seconds_total` (user + system CPU time of the whole process,
// every thread) and `process_resident_memory_bytes`, plus `process_open_fds` and
// `process_max_fds`. `tavolo load` scrapes them to print server_cpu= and server_rss_mb= for a server
// on any host. Linux only; elsewhere, or when /proc cannot be read, the families are left out.
#include <optional>
#include <string>
#include <string_view>

namespace tavolo::server::metrics {

struct ProcessStats {
    double cpu_seconds = 0;     // utime + stime
    double resident_bytes = 0;  // RSS
    double open_fds = -1;       // -1: unknown
    double max_fds = -1;        // the soft RLIMIT_NOFILE; -1: unknown
};

// /proc/self/stat's text (the line) with the clock ticks per second and the page size: fields 14 and 15
// (utime, stime) and 24 (rss, in pages), counted after the command name's closing parenthesis (the
// name may hold spaces and parentheses). Nothing when the line does not have them.
std::optional<ProcessStats> parse_proc_stat(std::string_view line, long ticks_per_second, long page_size);

// This process now.
std::optional<ProcessStats> read_process_stats();

// The families in the text format (empty when `stats` is nothing).
std::string process_exposition(const std::optional<ProcessStats>& stats);

}  // namespace tavolo::server::metrics
