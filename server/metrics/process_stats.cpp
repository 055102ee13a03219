#include "server/metrics/process_stats.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>
#include <vector>

#include "server/metrics/text_format.hpp"

namespace tavolo::server::metrics {

std::optional<ProcessStats> parse_proc_stat(std::string_view line, long ticks_per_second, long page_size) {
    if (ticks_per_second <= 0 || page_size <= 0) return std::nullopt;
    const auto close = line.rfind(')');
    if (close == std::string_view::npos) return std::nullopt;
    // After "pid (comm) " come the fields from 3 (state) on.
    std::vector<std::string_view> fields;
    std::size_t at = close + 1;
    while (at < line.size() && fields.size() < 22) {
        while (at < line.size() && line[at] == ' ')
            ++at;
        const auto end = line.find_first_of(" \n", at);
        const auto stop = end == std::string_view::npos ? line.size() : end;
        if (stop > at) fields.push_back(line.substr(at, stop - at));
        at = stop;
    }
    // fields[0] is field 3: field N is fields[N - 3].
    if (fields.size() < 22) return std::nullopt;
    const auto number = [](std::string_view text) -> std::optional<long long> {
        long long value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
        return value;
    };
    const auto utime = number(fields[14 - 3]);
    const auto stime = number(fields[15 - 3]);
    const auto rss = number(fields[24 - 3]);
    if (!utime || !stime || !rss) return std::nullopt;
    ProcessStats s;
    s.cpu_seconds = static_cast<double>(*utime + *stime) / static_cast<double>(ticks_per_second);
    s.resident_bytes = static_cast<double>(*rss) * static_cast<double>(page_size);
    return s;
}

std::optional<ProcessStats> read_process_stats() {
    std::ifstream in("/proc/self/stat");
    if (!in) return std::nullopt;
    const std::string line((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto stats = parse_proc_stat(line, ::sysconf(_SC_CLK_TCK), ::sysconf(_SC_PAGESIZE));
    if (!stats) return std::nullopt;
    std::error_code ec;
    double fds = 0;
    for (std::filesystem::directory_iterator it("/proc/self/fd", ec), end; !ec && it != end; it.increment(ec))
        ++fds;
    if (!ec) stats->open_fds = fds;
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0) stats->max_fds = static_cast<double>(limit.rlim_cur);
    return stats;
}

std::string process_exposition(const std::optional<ProcessStats>& stats) {
    if (!stats) return {};
    TextWriter w;
    w.counter("process_cpu_seconds_total", "Total user and system CPU time spent in seconds.",
              stats->cpu_seconds);
    w.gauge("process_resident_memory_bytes", "Resident memory size in bytes.", stats->resident_bytes);
    if (stats->open_fds >= 0)
        w.gauge("process_open_fds", "Number of open file descriptors.", stats->open_fds);
    if (stats->max_fds >= 0)
        w.gauge("process_max_fds", "Maximum number of open file descriptors.", stats->max_fds);
    return w.text();
}

}  // namespace tavolo::server::metrics
