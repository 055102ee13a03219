#include "tools/load/load_options.hpp"

#include "tools/client/url.hpp"
#include "tools/integer_option.hpp"

namespace tavolo::load {

std::expected<Split, std::string> plan_split(int tables, int seats, int tables_per_player,
                                             int max_connections) {
    if (tables < 1 || seats < 2 || seats > 10 || max_connections < 1)
        return std::unexpected("tables from 1, seats from 2 to 10, connections from 1");
    const long long needed = static_cast<long long>(tables) * seats;  // seats to fill
    long long k = tables_per_player;
    if (k == 0) k = (needed + max_connections - 1) / max_connections;
    if (k > tables)
        return std::unexpected("--tables-per-player " + std::to_string(k) + " is more than the " +
                               std::to_string(tables) + " tables: a player sits at most once at a table");
    long long players = std::max<long long>((needed + k - 1) / k, seats);
    if (players > max_connections)
        return std::unexpected(
            std::to_string(tables) + " tables of " + std::to_string(seats) + " seats at " +
            std::to_string(k) + " tables a player need " + std::to_string(players) +
            " connections, over --max-connections " + std::to_string(max_connections) +
            ": raise --tables-per-player (or --max-connections, within the descriptor limit)");
    return Split{static_cast<int>(players), static_cast<int>(k)};
}

void add_load_options(CLI::App& cmd, LoadOptions& o) {
    cmd.add_option("--url", o.url,
                   "the server's WebSocket URL, ws://HOST:PORT/ws (with --echo: the echo server's)")
        ->required()
        ->check(CLI::Validator(
            [](std::string& text) {
                auto endpoint = client::parse_url(text);
                if (!endpoint) return endpoint.error();
                return endpoint->tls ? std::string("tavolo load speaks ws:// only (no TLS)") : std::string();
            },
            "URL"));
    tools::add_integer_option(cmd, "--tables", o.tables, "full tables kept in play at once", 1, 1'000'000)
        ->required();
    tools::add_integer_option(cmd, "--seconds", o.seconds,
                              "seconds measured once every table is in play (default 30)", 1, 24 * 3600);
    tools::add_integer_option(
        cmd, "--seats", o.seats,
        "players per table: the server's Sit&Gos of this many seats are used (default 6)", 2, 10);
    tools::add_integer_option(cmd, "--tables-per-player", o.tables_per_player,
                              "tables each player (one account, one connection) sits at; 0: the fewest that "
                              "keeps the connections within --max-connections (default 0)",
                              0, 10'000);
    tools::add_integer_option(
        cmd, "--max-connections", o.max_connections,
        "connections at most (each is a descriptor here and on the server; default 9000)", 1, 1'000'000);
    tools::add_integer_option(cmd, "--ramp-seconds", o.ramp_seconds,
                              "the longest wait for every table to be in play; then it measures what plays "
                              "(default 300)",
                              1, 24 * 3600);
    tools::add_integer_option(cmd, "--warmup-seconds", o.warmup_seconds,
                              "seconds played but not measured once the tables are in play: the ramp's "
                              "last registrations and starts settle (default 0)",
                              0, 3600);
    tools::add_integer_option(cmd, "--report-every", o.report_every,
                              "seconds between the interval lines (default 5)", 1, 3600);
    cmd.add_option(
           "--hosts", o.hosts,
           "addresses to spread the connections over, e.g. 127.0.0.1,127.0.0.2 (each its own range of "
           "ephemeral ports; default: the URL's host)")
        ->delimiter(',');
    cmd.add_option("--metrics-url", o.metrics_url,
                   "the server's Prometheus page for server_cpu= and server_rss_mb= (default: "
                   "http://HOST:PORT/metrics of --url; none: do not scrape)");
    cmd.add_option("--strategy", o.strategy,
                   "random, calling (check or call: long, cash-like Sit&Gos) or tight (default calling)")
        ->check(CLI::IsMember({"random", "calling", "tight"}));
    tools::add_integer_option(
        cmd, "--think-ms", o.think_ms,
        "a player's mean time to decide, in ms: each decision waits a random 0.5 to 1.5 "
        "times it, a human's pace (default 0: at once, which runs the machine flat out)",
        0, 600'000);
    cmd.add_flag("--echo", o.echo,
                 "the URL is bench/echo_server: the same connections; an action is a frame from each player "
                 "of the table, done when all are echoed");
    cmd.add_option(
           "--echo-rate", o.echo_rate,
           "--echo: actions a second in all, spread over the tables (default 0: each table acts again "
           "as soon as its echoes are back)")
        ->check(CLI::Range(0.0, 1e9));
    cmd.add_flag("--verbose", o.verbose, "print each error on standard error");
}

std::string metrics_url_of(const LoadOptions& o) {
    if (o.metrics_url == "none") return {};
    if (!o.metrics_url.empty()) return o.metrics_url;
    auto endpoint = client::parse_url(o.url);
    if (!endpoint) return {};
    return "http://" + endpoint->host + ":" + endpoint->port + "/metrics";
}

}  // namespace tavolo::load
