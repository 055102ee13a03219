// tavolo-server: the authoritative poker tournament server.
#include <google/protobuf/stubs/logging.h>
#include <spdlog/spdlog.h>
#include <unistd.h>
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "persistence/connection.hpp"
#include "persistence/migrations.hpp"
#include "server/actors/account_service.hpp"
#include "server/admin_command.hpp"
#include "server/app.hpp"
#include "server/config.hpp"
#include "server/database_health.hpp"
#include "server/logging.hpp"
#include "server/open_files.hpp"
#include "tools/integer_option.hpp"

using namespace tavolo::server;

namespace {
constexpr const char* kVersion = TAVOLO_VERSION;  // the project's version, from CMakeLists.txt

// libprotobuf logs an error for every string field with invalid UTF-8 before the parse fails: a client
// could fill the logs with it, so it goes to debug (server/session/README.md "The shell").
void route_protobuf_log() {
    google::protobuf::SetLogHandler(
        [](google::protobuf::LogLevel level, const char* file, int line, const std::string& message) {
            const auto spd =
                level == google::protobuf::LOGLEVEL_FATAL ? spdlog::level::critical : spdlog::level::debug;
            spdlog::log(spd, "event=protobuf_log file={} line={} message=\"{}\"", file, line, message);
        });
}

// Probes and migrates the database, as at every start: 0, or the exit code after saying why not.
int migrate(const std::string& url) {
    try {
        auto version = tavolo::persistence::probe_database(url);
        spdlog::info("event=database_ok version=\"{}\"", version);
        auto migrated = tavolo::persistence::apply_migrations(url);
        spdlog::info("event=migrations_applied applied={} schema_version={}", migrated.applied.size(),
                     migrated.schema_version);
        return 0;
    } catch (const tavolo::persistence::MigrationError& e) {
        std::cerr << "tavolo-server: cannot migrate the database: " << e.what() << "\n";
    } catch (const tavolo::persistence::DatabaseError& e) {
        std::cerr << "tavolo-server: " << e.what() << "\n";
    }
    return 3;
}

// `admin add NAME` (server/admin_command.hpp): the password is one line of standard input.
int admin_add(const Config& config, const std::string& name) {
    if (config.database_url.empty()) {
        std::cerr
            << "tavolo-server: admin add: no database configured: set TAVOLO_DATABASE_URL or [database] "
               "url\n";
        return 2;
    }
    if (isatty(STDIN_FILENO)) std::cerr << "password for " << name << ": " << std::flush;
    std::string password;
    if (!std::getline(std::cin, password)) {
        std::cerr << "tavolo-server: admin add: give the password as one line on standard input "
                     "(printf '%s\\n' \"$PASSWORD\" | tavolo-server --config FILE admin add NAME)\n";
        return 2;
    }
    if (password.ends_with('\r')) password.pop_back();
    if (int code = migrate(config.database_url); code != 0) return code;
    tavolo::persistence::Database db(config.database_url);
    auto added =
        add_admin(db, name, password, tavolo::server::actors::password_cost_of(config.password_cost));
    if (!added) {
        using tavolo::persistence::StoreErrc;
        const auto code = added.error().code;
        std::cerr << "tavolo-server: admin add: " << added.error().message << "\n";
        if (code == StoreErrc::invalid_argument) return 2;
        return code == StoreErrc::bad_credentials ? 1 : 3;
    }
    std::cout << to_string(*added) << std::endl;
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{
        "tavolo-server: the Tavolo poker tournament server.\n"
        "Configuration: a TOML file (every key is documented in deploy/tavolo.example.toml);\n"
        "the database URL comes from [database] url or else $TAVOLO_DATABASE_URL."};
    std::string config_path;
    std::string log_level;
    int port = -1;
    app.add_option("-c,--config", config_path, "TOML configuration file")->check(CLI::ExistingFile);
    app.add_option("--log-level", log_level, "Override [log] level (trace..off)");
    std::optional<std::string> web_root;
    app.add_option("--web-root", web_root,
                   "Override [web] root: the folder of the built web client (web/dist); \"\" serves none");
    tavolo::tools::add_integer_option(app, "-p,--port", port, "Override [server] port; 0 picks a free port",
                                      0, 65535);
    app.set_version_flag("--version", kVersion);
    auto* admin =
        app.add_subcommand("admin", "Manage operator accounts (then exit; the server does not start)");
    admin->require_subcommand(1);
    std::string admin_name;
    auto* admin_add_command = admin->add_subcommand(
        "add",
        "Create admin account NAME, or make an existing account admin given its own password; the "
        "password is one line of standard input");
    admin_add_command->add_option("NAME", admin_name, "Account name (1 to 32 characters)")->required();
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version exit 0; every command-line error is exit code 2, as documented.
        return app.exit(e) == 0 ? 0 : 2;
    }

    auto loaded = config_path.empty() ? parse_config("", "defaults") : load_config_file(config_path);
    if (!loaded) {
        std::cerr << "tavolo-server: bad configuration: " << loaded.error() << "\n";
        return 2;
    }
    Config config = *loaded;
    apply_environment(config);
    if (!log_level.empty()) {
        if (!is_valid_log_level(log_level)) {
            std::cerr << "tavolo-server: --log-level must be one of trace, debug, info, warn, error, "
                         "critical, off\n";
            return 2;
        }
        config.log_level = log_level;
    }
    if (port >= 0) config.port = static_cast<std::uint16_t>(port);
    if (web_root) config.web_root = *web_root;
    setup_logging(config.log_level);
    route_protobuf_log();

    if (admin_add_command->parsed()) return admin_add(config, admin_name);

    // Each player is a connection: as many as the hard limit allows (server/open_files.hpp).
    const OpenFiles open_files = raise_open_files_limit();
    spdlog::info("event=open_files limit={} hard_limit={}", open_files.soft, open_files.hard);

    std::optional<DatabaseHealth> health;
    if (config.database_url.empty()) {
        if (config.require_database) {
            std::cerr << "tavolo-server: no database configured: set TAVOLO_DATABASE_URL or [database] url "
                         "(deploy/run.sh starts a local PostgreSQL and sets it for you)\n";
            return 2;
        }
    } else {
        if (int code = migrate(config.database_url); code != 0) return code;
        // From here /readyz follows the database as it is now, not as it was at start-up.
        health.emplace(DatabaseHealth::postgres_probe(config.database_url), DatabaseHealth::Options{});
        health->start();
    }

    // The io_context, its threads, the signals and every actor live in run_server (server/app.cpp).
    return run_server(config, kVersion, health ? &*health : nullptr);
}
