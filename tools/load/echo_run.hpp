#pragma once
// `tavolo load --echo`: the same client against bench/echo_server (a bare Beast WebSocket echo), for
// the ratio of bench/load_scale.sh. The same connections (P, over the same --hosts) and tables (T of S
// seats, a player at K tables, seated as the load run seats them); an "action" at a table is one frame
// of 100 bytes from each of its S players, done when all S are echoed back (the fan-out of a Tavolo
// action: one event to each player at the table). With --echo-rate R the tables act R times a second
// in all; without, each acts again as soon as its echoes are back. Prints the interval lines and the
// window's, `echo: tables=.. players=.. actions_per_s=.. p50_ms=.. p99_ms=.. p999_ms=.. server_cpu=..
// server_rss_mb=.. errors=..`.
#include <iosfwd>

#include "tools/load/load_options.hpp"

namespace tavolo::load {

int run_echo(const LoadOptions& options, const Split& split, std::ostream& out, std::ostream& err);

}  // namespace tavolo::load
