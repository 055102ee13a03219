#pragma once
// The lines `tavolo load` prints (one format, unit-tested):
//   load: tables=T players=P hands_per_s=H p50_ms=.. p99_ms=.. p999_ms=.. server_cpu=C server_rss_mb=M
//   errors=E
// and, with --echo, the same keys after `echo:` with actions_per_s= for hands_per_s=.
#include <cstdint>
#include <string>

namespace tavolo::load {

struct LoadFigures {
    std::int64_t tables = 0;
    std::int64_t players = 0;
    double per_second = 0;  // hands (load) or actions (echo) a second
    double p50_ms = 0;
    double p99_ms = 0;
    double p999_ms = 0;
    double server_cpu = -1;     // cores; -1: not measured (printed as "na")
    double server_rss_mb = -1;  // -1: not measured ("na")
    std::int64_t errors = 0;
};

std::string load_line(const LoadFigures& figures, bool echo = false);

}  // namespace tavolo::load
