#pragma once
// What GET /metrics answers (server/metrics/README.md): the numbers the server reads at scrape time
// (ServerGauges, filled by the app from the session registry, the seat book, the table registry and
// the write service) and the instruments the actors count into, in the Prometheus text format.
#include <cstdint>
#include <string>

#include "server/metrics/instruments.hpp"

namespace tavolo::server::metrics {

struct ServerGauges {
    std::int64_t connections = 0;        // open WebSocket sessions
    std::int64_t players_seated = 0;     // accounts holding at least one seat
    std::int64_t tables = 0;             // live tables (poker and Polacco)
    std::int64_t write_queue_depth = 0;  // writes accepted, not yet committed
    std::int64_t write_queue_capacity = 0;
    std::uint64_t hands_committed = 0;
    std::uint64_t write_commits = 0;        // transactions that committed hands
    std::uint64_t database_outages = 0;     // times the write service found the database unreachable
    bool database_up = false;               // the write service's last try reached the database
    std::int64_t database_connections = 0;  // the write service's pool (one connection per worker)
};

std::string exposition(const ServerGauges& gauges, const Instruments& instruments);

}  // namespace tavolo::server::metrics
