#pragma once
// The server's configuration: one TOML file (deploy/tavolo.example.toml documents every key),
// environment variables where noted, then command-line overrides.
#include <chrono>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <vector>

#include "engine/types.hpp"
#include "server/tournament_config.hpp"

namespace tavolo::server {

// [accounts] password_cost: libsodium's Argon2id limits for new password hashes (and rehashes at log in).
enum class PasswordCostLevel {
    interactive,  // 2 passes over 64 MiB, tens of ms: the default, for production
    moderate,     // 3 passes over 256 MiB: stronger, about four times slower
    minimum,      // the least libsodium accepts: tests and load benches only, never production
};

// [cluster]: this node is one of several on one database (docs/SCALING.md). Absent: a single node.
struct ClusterConfig {
    std::string nats_url =
        "nats://127.0.0.1:4222";  // [cluster] nats_url: the NATS server for cross-node messages
    // [cluster] lease_seconds: how long a node's lease lasts unless renewed (every third of it), in
    // wall seconds whatever the clock speed: a dead node's tournaments move after at most about this.
    int lease_seconds = 10;
    // [cluster] spread_tables: a tournament's tables are placed on every live node, not only on its
    // director's (server/cluster/table_spread.hpp, docs/SCALING.md "Tables on several nodes").
    bool spread_tables = false;
};

struct Config {
    std::string host = "127.0.0.1";  // [server] host
    std::uint16_t port = 8080;       // [server] port
    int threads = 0;                 // [server] threads; 0 = one per core
    std::string database_url;        // [database] url; empty = $TAVOLO_DATABASE_URL
    bool require_database = true;    // [database] required: refuse to start without it
    std::string log_level = "warn";  // [log] level: trace, debug, info, warn, error, critical, off
    // [server] tls_certificate, tls_private_key: PEM files; both set = HTTPS and WSS, neither = plain.
    std::string tls_certificate;
    std::string tls_private_key;
    std::chrono::seconds shutdown_grace{30};  // [server] shutdown_grace: SIGTERM to exit, at most
    // [clock] speed: game time runs this many times faster than real time (every game timer: action
    // clock, time bank, levels, breaks, Sit&Go deadlines). 1.0 in production; tests use more.
    double clock_speed = 1.0;
    engine::Cents starting_balance = 100'000;  // [accounts] starting_balance: a new account's grant
    PasswordCostLevel password_cost = PasswordCostLevel::interactive;  // [accounts] password_cost
    // [web] root: the built web client (web/dist), relative to the working directory; "" = none.
    std::string web_root = "web/dist";
    bool lobby_demo = true;                          // [lobby] demo: see lobby_tournaments()
    std::vector<TournamentDeclaration> tournaments;  // [[tournament]], in the file's order
    // [node] id: this node's name among several (letters, digits, '-', '_'); "" until apply_environment
    // makes it the host's name, or "local".
    std::string node_id;
    std::optional<ClusterConfig> cluster;  // [cluster]

    bool tls() const { return !tls_certificate.empty(); }
};

inline constexpr double kMaxClockSpeed = 1'000'000.0;
inline constexpr std::int64_t kMaxShutdownGraceSeconds = 3600;
inline constexpr std::int64_t kMaxLeaseSeconds = 3600;
inline constexpr std::size_t kMaxNodeIdLength = 64;

// A node id as NATS subjects and the leases take it: 1 to 64 letters, digits, '-' or '_'.
bool is_valid_node_id(const std::string& id);
// The host's name with anything outside [A-Za-z0-9_-] made '-', or "local" when there is none.
std::string default_node_id();

// Parses TOML text. Unknown keys and values of the wrong type or range are errors that name the
// key (e.g. "server.port: must be an integer from 1 to 65535, got 70000"); nothing falls back
// silently to a default.
std::expected<Config, std::string> parse_config(const std::string& toml_text, const std::string& origin);
// load_config_file() also checks that the TLS files, when set, can be read (paths are relative to
// the working directory), so a wrong path stops the server with the key named.
std::expected<Config, std::string> load_config_file(const std::string& path);

// Fills database_url from TAVOLO_DATABASE_URL when the file left it empty, and node_id, when the file
// left it empty, from the host's name (its characters outside [A-Za-z0-9_-] as '-'), or "local".
void apply_environment(Config& config);

bool is_valid_log_level(const std::string& level);

}  // namespace tavolo::server
