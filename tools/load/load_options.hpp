#pragma once
// `tavolo load`'s options and the split of seats over connections (multi-tabling): a process may hold
// at most `ulimit -Hn` descriptors (20,000 on the reference machine), and the server as many, so T
// tables of S seats are played by P accounts, each one connection seated at K tables (P * K >= T * S,
// P <= --max-connections). The server lets one account register in several Sit&Gos at once and plays
// them all over its one connection.
#include <CLI/CLI.hpp>
#include <expected>
#include <string>
#include <vector>

#include "tools/bots/strategy.hpp"

namespace tavolo::load {

struct LoadOptions {
    std::string url;                 // ws://HOST:PORT/ws
    int tables = 1;                  // tables in play at once
    int seconds = 30;                // measured play, once the tables are in play
    int seats = 6;                   // players per table (the Sit&Gos' max_players)
    int tables_per_player = 0;       // K; 0: the fewest that keeps the connections under --max-connections
    int max_connections = 9000;      // the server holds as many descriptors as the client
    int ramp_seconds = 300;          // the longest wait for every table to be in play before measuring
    int warmup_seconds = 0;          // then played, not measured (the ramp's last starts settle)
    int report_every = 5;            // seconds between the interval lines
    std::vector<std::string> hosts;  // destination addresses to spread the connections over ("": the URL's)
    std::string metrics_url;         // http://HOST:PORT/metrics ("": beside --url; "none": no scrape)
    std::string strategy = "calling";
    int think_ms = 0;      // a player's mean time to decide (0: at once, the machine flat out)
    bool echo = false;     // the URL is bench/echo_server: the same connections and a table's fan-out
    double echo_rate = 0;  // --echo: actions a second in all (0: each table as fast as its echoes come)
    bool verbose = false;
};

// How the seats are spread: `players` connections, each at up to `tables_per_player` tables.
struct Split {
    int players = 0;
    int tables_per_player = 0;
};

// K given: P = ceil(T * S / K) (at least S: a table's seats are distinct accounts). K = 0: the smallest
// K with P <= max_connections. Refused when P exceeds max_connections or K exceeds T.
std::expected<Split, std::string> plan_split(int tables, int seats, int tables_per_player,
                                             int max_connections);

// The options on a CLI11 (sub)command; `options` must outlive it. Numbers are read by parse_integer.
void add_load_options(CLI::App& command, LoadOptions& options);

// The metrics URL the run scrapes: --metrics-url, else http://HOST:PORT/metrics of --url ("" for none).
std::string metrics_url_of(const LoadOptions& options);

}  // namespace tavolo::load
