// `tavolo load --url ws://HOST:PORT/ws --tables T [--seconds S]` (load_run.hpp) and its --echo twin
// (echo_run.hpp). Exit code 0 when errors=0 and latency was sampled, 1 otherwise, 2 for a command-line
// error (or a split that does not fit the connections).
#include <sys/resource.h>

#include <iostream>
#include <memory>

#include "tools/commands.hpp"
#include "tools/load/echo_run.hpp"
#include "tools/load/load_options.hpp"
#include "tools/load/load_run.hpp"

namespace tavolo::tools {

namespace {

// Each connection is a descriptor: the soft limit goes up to the hard one (which only a privileged
// process could raise). Returns the soft limit now.
rlim_t raise_open_file_limit() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        if (::setrlimit(RLIMIT_NOFILE, &limit) != 0) ::getrlimit(RLIMIT_NOFILE, &limit);
    }
    return limit.rlim_cur;
}

int run(const load::LoadOptions& o) {
    const rlim_t descriptors = raise_open_file_limit();
    auto split = load::plan_split(o.tables, o.seats, o.tables_per_player, o.max_connections);
    if (!split) {
        std::cerr << "tavolo load: " << split.error() << "\n";
        return 2;
    }
    if (static_cast<rlim_t>(split->players) + 64 > descriptors) {
        std::cerr << "tavolo load: " << split->players
                  << " connections need as many descriptors, and this process "
                  << "may open " << descriptors << " (ulimit -Hn): lower --max-connections or raise "
                  << "--tables-per-player\n";
        return 2;
    }
    return o.echo ? load::run_echo(o, *split, std::cout, std::cerr)
                  : load::LoadRun(o, *split, std::cout, std::cerr).run();
}

}  // namespace

void add_load_command(CLI::App& app) {
    auto o = std::make_shared<load::LoadOptions>();
    auto* cmd = app.add_subcommand(
        "load",
        "Keep T full tables of the server's Sit&Gos in play with bot players over WebSocket (one event loop; "
        "a player is one account and one connection at several tables) and measure them: every few seconds "
        "and at the end `load: tables=.. players=.. hands_per_s=.. p50_ms=.. p99_ms=.. p999_ms=.. "
        "server_cpu=.. server_rss_mb=.. errors=..`");
    load::add_load_options(*cmd, *o);
    cmd->callback([o] {
        const int code = run(*o);
        if (code != 0) throw CLI::RuntimeError(code);
    });
}

}  // namespace tavolo::tools
