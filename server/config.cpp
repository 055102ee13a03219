#include "server/config.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <toml++/toml.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "server/amount.hpp"
#include "server/tournament_toml.hpp"

namespace tavolo::server {

namespace {

using Error = std::unexpected<std::string>;

const std::set<std::string>& known_keys() {
    static const std::set<std::string> keys = {"server.host",
                                               "server.port",
                                               "server.threads",
                                               "server.tls_certificate",
                                               "server.tls_private_key",
                                               "server.shutdown_grace",
                                               "database.url",
                                               "database.required",
                                               "log.level",
                                               "clock.speed",
                                               "accounts.starting_balance",
                                               "accounts.password_cost",
                                               "lobby.demo",
                                               "web.root",
                                               "node.id",
                                               "cluster.nats_url",
                                               "cluster.lease_seconds",
                                               "cluster.spread_tables"};
    return keys;
}

// Every key in the file must be one we know: a typo is an error, not an ignored line.
std::expected<void, std::string> check_unknown_keys(const toml::table& root) {
    for (const auto& [section, node] : root) {
        if (section.str() == "tournament") continue;  // [[tournament]]: server/tournament_toml.cpp
        const auto* table = node.as_table();
        if (!table)
            return Error(std::string(section.str()) +
                         ": expected a [section], see deploy/tavolo.example.toml");
        for (const auto& [key, value] : *table) {
            std::string full = std::string(section.str()) + "." + std::string(key.str());
            if (!known_keys().contains(full))
                return Error(full + ": unknown setting (see deploy/tavolo.example.toml for the valid keys)");
        }
    }
    return {};
}

template <typename T>
std::expected<std::optional<T>, std::string> read(const toml::table& root, const char* path,
                                                  const char* want) {
    auto node = root.at_path(path);
    if (!node) return std::optional<T>{};
    auto value = node.value_exact<T>();
    if (!value) return Error(std::string(path) + ": must be " + want);
    return value;
}

// The listener binds an address, never a name: checked here, before the server reaches the database,
// so a typo stops it at once with the key named. IPv6 may carry a scope ("fe80::1%eth0").
bool is_ip_address(const std::string& host) {
    in6_addr v6{};
    in_addr v4{};
    const std::string address = host.substr(0, host.find('%'));
    if (address.size() != host.size() && address.size() + 1 == host.size()) return false;  // empty scope
    if (::inet_pton(AF_INET, address.c_str(), &v4) == 1) return address.size() == host.size();
    return ::inet_pton(AF_INET6, address.c_str(), &v6) == 1;
}

// Both TLS files or neither: one alone is a half-configured server, refused.
std::expected<void, std::string> read_tls(const toml::table& root, Config& config) {
    for (auto [key, target] : {std::pair{"server.tls_certificate", &config.tls_certificate},
                               std::pair{"server.tls_private_key", &config.tls_private_key}}) {
        auto path = read<std::string>(root, key, "a string (the path of a PEM file)");
        if (!path) return Error(path.error());
        if (*path && (*path)->empty())
            return Error(std::string(key) + ": must not be empty (remove the key for plain HTTP)");
        if (*path) *target = **path;
    }
    if (config.tls_certificate.empty() != config.tls_private_key.empty())
        return Error(std::string(config.tls_certificate.empty() ? "server.tls_certificate"
                                                                : "server.tls_private_key") +
                     ": set both server.tls_certificate and server.tls_private_key for TLS, or neither");
    return {};
}

std::expected<void, std::string> read_timing(const toml::table& root, Config& config) {
    auto grace = read<int64_t>(root, "server.shutdown_grace", "an integer number of seconds from 1 to 3600");
    if (!grace) return Error(grace.error());
    if (*grace) {
        if (**grace < 1 || **grace > kMaxShutdownGraceSeconds)
            return Error("server.shutdown_grace: must be an integer number of seconds from 1 to 3600, got " +
                         std::to_string(**grace));
        config.shutdown_grace = std::chrono::seconds(**grace);
    }
    // An integer is a speed too (`speed = 60`).
    if (auto node = root.at_path("clock.speed")) {
        const char* want = "clock.speed: must be a number above 0 and at most 1000000 (1.0 = real time)";
        auto speed = node.value<double>();
        if (!speed || !(node.is_floating_point() || node.is_integer())) return Error(want);
        if (!std::isfinite(*speed) || *speed <= 0 || *speed > kMaxClockSpeed)
            return Error(std::string(want) + ", got " + std::to_string(*speed));
        config.clock_speed = *speed;
    }
    return {};
}

std::expected<void, std::string> read_lobby(const toml::table& root, Config& config) {
    auto balance =
        read<std::string>(root, "accounts.starting_balance", "an amount as a string such as \"1000.00\"");
    if (!balance) return Error(balance.error());
    if (*balance) {
        auto cents = parse_amount(**balance);
        if (!cents) return Error("accounts.starting_balance: " + cents.error());
        config.starting_balance = *cents;
    }
    auto cost =
        read<std::string>(root, "accounts.password_cost", "\"interactive\", \"moderate\" or \"minimum\"");
    if (!cost) return Error(cost.error());
    if (*cost) {
        const std::map<std::string, PasswordCostLevel> levels = {
            {"interactive", PasswordCostLevel::interactive},
            {"moderate", PasswordCostLevel::moderate},
            {"minimum", PasswordCostLevel::minimum}};
        auto level = levels.find(**cost);
        if (level == levels.end())
            return Error(
                "accounts.password_cost: must be \"interactive\", \"moderate\" or \"minimum\", got \"" +
                **cost + "\"");
        config.password_cost = level->second;
    }
    auto web_root =
        read<std::string>(root, "web.root", "a string: the folder of the built web client (\"\" for none)");
    if (!web_root) return Error(web_root.error());
    if (*web_root) config.web_root = **web_root;
    auto demo = read<bool>(root, "lobby.demo", "true or false");
    if (!demo) return Error(demo.error());
    if (*demo) config.lobby_demo = **demo;
    if (const toml::node* declared = root.get("tournament")) {
        auto tournaments = parse_tournaments(*declared);
        if (!tournaments) return Error(tournaments.error());
        config.tournaments = std::move(*tournaments);
    }
    return {};
}

// [node] and [cluster]: a [cluster] section, even empty, makes this node one of several.
std::expected<void, std::string> read_cluster(const toml::table& root, Config& config) {
    auto id = read<std::string>(root, "node.id", "a string such as \"a\" (letters, digits, '-', '_')");
    if (!id) return Error(id.error());
    if (*id) {
        if (!is_valid_node_id(**id))
            return Error(
                "node.id: must be 1 to 64 letters, digits, '-' or '_' (it names NATS subjects), got \"" +
                **id + "\"");
        config.node_id = **id;
    }
    if (!root.get("cluster")) return {};
    ClusterConfig cluster;
    auto nats = read<std::string>(root, "cluster.nats_url", "a string such as \"nats://127.0.0.1:4222\"");
    if (!nats) return Error(nats.error());
    if (*nats) {
        if (!(*nats)->starts_with("nats://") && !(*nats)->starts_with("tls://"))
            return Error("cluster.nats_url: must start with nats:// or tls://, got \"" + **nats + "\"");
        cluster.nats_url = **nats;
    }
    auto lease = read<int64_t>(root, "cluster.lease_seconds", "an integer number of seconds from 1 to 3600");
    if (!lease) return Error(lease.error());
    if (*lease) {
        if (**lease < 1 || **lease > kMaxLeaseSeconds)
            return Error("cluster.lease_seconds: must be an integer number of seconds from 1 to 3600, got " +
                         std::to_string(**lease));
        cluster.lease_seconds = static_cast<int>(**lease);
    }
    auto spread = read<bool>(root, "cluster.spread_tables", "true or false");
    if (!spread) return Error(spread.error());
    if (*spread) cluster.spread_tables = **spread;
    config.cluster = cluster;
    return {};
}

}  // namespace

bool is_valid_node_id(const std::string& id) {
    if (id.empty() || id.size() > kMaxNodeIdLength) return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
               c == '_';
    });
}

bool is_valid_log_level(const std::string& level) {
    static const std::set<std::string> levels = {"trace", "debug",    "info", "warn",
                                                 "error", "critical", "off"};
    return levels.contains(level);
}

std::expected<Config, std::string> parse_config(const std::string& toml_text, const std::string& origin) {
    toml::table root;
    try {
        root = toml::parse(toml_text, origin);
    } catch (const toml::parse_error& e) {
        std::ostringstream msg;
        msg << origin << ":" << e.source().begin.line << ":" << e.source().begin.column << ": "
            << e.description();
        return Error(msg.str());
    }
    if (auto ok = check_unknown_keys(root); !ok) return Error(ok.error());

    Config config;
    auto host = read<std::string>(root, "server.host", "a string such as \"127.0.0.1\"");
    if (!host) return Error(host.error());
    if (*host) {
        if ((*host)->empty()) return Error("server.host: must not be empty");
        if (!is_ip_address(**host))
            return Error(
                "server.host: must be an IP address such as \"127.0.0.1\", \"0.0.0.0\" or \"::1\" "
                "(host names are not resolved), got \"" +
                **host + "\"");
        config.host = **host;
    }

    auto port = read<int64_t>(root, "server.port", "an integer from 1 to 65535");
    if (!port) return Error(port.error());
    if (*port) {
        if (**port < 1 || **port > 65535)
            return Error("server.port: must be an integer from 1 to 65535, got " + std::to_string(**port));
        config.port = static_cast<std::uint16_t>(**port);
    }

    auto threads = read<int64_t>(root, "server.threads", "an integer from 0 (one per core) to 256");
    if (!threads) return Error(threads.error());
    if (*threads) {
        if (**threads < 0 || **threads > 256)
            return Error("server.threads: must be an integer from 0 (one per core) to 256, got " +
                         std::to_string(**threads));
        config.threads = static_cast<int>(**threads);
    }

    auto url = read<std::string>(root, "database.url", "a string (a PostgreSQL URL)");
    if (!url) return Error(url.error());
    if (*url) config.database_url = **url;

    auto required = read<bool>(root, "database.required", "true or false");
    if (!required) return Error(required.error());
    if (*required) config.require_database = **required;

    auto level =
        read<std::string>(root, "log.level", "a string: trace, debug, info, warn, error, critical or off");
    if (!level) return Error(level.error());
    if (*level) {
        if (!is_valid_log_level(**level))
            return Error("log.level: must be one of trace, debug, info, warn, error, critical, off; got \"" +
                         **level + "\"");
        config.log_level = **level;
    }
    for (auto step : {read_tls, read_timing, read_lobby, read_cluster})
        if (auto ok = step(root, config); !ok) return Error(ok.error());
    return config;
}

std::expected<Config, std::string> load_config_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) return Error("cannot read configuration file " + path + " (check the path given to --config)");
    std::stringstream buffer;
    buffer << in.rdbuf();
    auto config = parse_config(buffer.str(), path);
    if (!config) return config;
    for (auto [key, file] : {std::pair{"server.tls_certificate", &config->tls_certificate},
                             std::pair{"server.tls_private_key", &config->tls_private_key}})
        if (!file->empty() && !std::ifstream(*file))
            return Error(std::string(key) + ": cannot read " + *file +
                         " (check the path; relative paths start from the working directory)");
    return config;
}

void apply_environment(Config& config) {
    if (config.database_url.empty())
        if (const char* env = std::getenv("TAVOLO_DATABASE_URL")) config.database_url = env;
    if (config.node_id.empty()) config.node_id = default_node_id();
}

std::string default_node_id() {
    char host[256] = {};
    std::string id = ::gethostname(host, sizeof host - 1) == 0 ? std::string(host) : std::string();
    for (char& c : id)
        if (!is_valid_node_id(std::string(1, c))) c = '-';
    if (id.size() > kMaxNodeIdLength) id.resize(kMaxNodeIdLength);
    return id.empty() ? "local" : id;
}

}  // namespace tavolo::server
