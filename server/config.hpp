#pragma once
// The server's configuration: one TOML file (deploy/tavolo.example.toml documents every key),
// environment variables where noted, then command-line overrides.
#include <cstdint>
#include <expected>
#include <string>

namespace tavolo::server {

struct Config {
    std::string host = "127.0.0.1";  // [server] host
    std::uint16_t port = 8080;       // [server] port
    int threads = 0;                 // [server] threads; 0 = one per core
    std::string database_url;        // [database] url; empty = $TAVOLO_DATABASE_URL
    bool require_database = true;    // [database] required: refuse to start without it
    std::string log_level = "warn";  // [log] level: trace, debug, info, warn, error, critical, off
};

// Parses TOML text. Unknown keys and values of the wrong type or range are errors that name the
// key (e.g. "server.port: must be an integer from 1 to 65535, got 70000"); nothing falls back
// silently to a default.
std::expected<Config, std::string> parse_config(const std::string& toml_text, const std::string& origin);
std::expected<Config, std::string> load_config_file(const std::string& path);

// Fills database_url from TAVOLO_DATABASE_URL when the file left it empty.
void apply_environment(Config& config);

bool is_valid_log_level(const std::string& level);

}  // namespace tavolo::server
