#include "tools/load/load_line.hpp"

#include <cstdio>

namespace tavolo::load {

namespace {

std::string fixed(double value, int decimals) {
    if (value < 0) return "na";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

}  // namespace

std::string load_line(const LoadFigures& f, bool echo) {
    return std::string(echo ? "echo:" : "load:") + " tables=" + std::to_string(f.tables) +
           " players=" + std::to_string(f.players) + (echo ? " actions_per_s=" : " hands_per_s=") +
           fixed(f.per_second, 1) + " p50_ms=" + fixed(f.p50_ms, 2) + " p99_ms=" + fixed(f.p99_ms, 2) +
           " p999_ms=" + fixed(f.p999_ms, 2) + " server_cpu=" + fixed(f.server_cpu, 2) +
           " server_rss_mb=" + fixed(f.server_rss_mb, 0) + " errors=" + std::to_string(f.errors);
}

}  // namespace tavolo::load
