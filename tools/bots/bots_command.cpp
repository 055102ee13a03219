// `tavolo bots --url ws://HOST:PORT/ws --count N [--strategy random|calling|tight] [--tournament ID|any]
// [--seconds S] [--max-registering K]`: N bots play the server over the real protocol (fleet.hpp, bot.hpp)
// and the command ends with exactly one line on standard output,
//   bots: players=N hands=H actions=A refused=R reconnects=C finished=T errors=E
// Exit code 0 when errors=0, 1 otherwise, 2 for a command-line error.
#include <sys/resource.h>

#include <iostream>
#include <limits>
#include <memory>

#include "tools/bots/fleet.hpp"
#include "tools/commands.hpp"
#include "tools/integer_option.hpp"

namespace tavolo::tools {

namespace {

struct CommandLine {
    std::string url;
    int count = 0;
    std::string strategy = "random";
    std::string tournament = "any";
    int seconds = 0;
    bool verbose = false;
    std::string latency_report;
    std::string ca_file;
    bool insecure = false;
    int max_registering = 0;
};

constexpr int kMaxBots = 100'000;
constexpr int kMaxSeconds = 366 * 24 * 3600;

// "any", or a tournament id as parse_integer reads it.
std::string tournament_problem(const std::string& text) {
    if (text == "any") return "";
    auto id = parse_integer<std::int64_t>(text, 1, std::numeric_limits<std::int64_t>::max());
    return id ? "" : id.error() + " nor 'any'";
}

// A bot is a socket: allow as many open files as the system lets a process have (the soft limit is
// often 1024), so a large fleet does not fail with "too many open files".
void raise_open_file_limit(int bots) {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= static_cast<rlim_t>(bots) + 64) return;
    limit.rlim_cur = limit.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &limit);
}

int run(const CommandLine& c, const CLI::App& cmd) {
    auto endpoint = client::parse_url(c.url);  // the validator accepted it
    if (!endpoint->tls && (cmd.count("--ca-file") > 0 || c.insecure)) {
        std::cerr << "tavolo bots: --ca-file and --insecure are for wss:// URLs; " << c.url
                  << " is not TLS\n";
        return 2;
    }
    std::shared_ptr<client::TlsContext> tls;
    if (endpoint->tls) {
        auto made = client::make_tls_context({c.ca_file, c.insecure});
        if (!made) {
            std::cerr << "tavolo bots: " << made.error()
                      << " (give a PEM file with --ca-file, or --insecure for a "
                      << "self-signed test certificate)\n";
            return 2;
        }
        tls = *made;
    }
    raise_open_file_limit(c.count);
    bots::BotsOptions o;
    o.url = c.url;
    o.count = c.count;
    o.strategy = *bots::strategy_of(c.strategy);
    if (c.tournament != "any")
        o.tournament =
            *parse_integer<std::int64_t>(c.tournament, 1, std::numeric_limits<std::int64_t>::max());
    if (cmd.count("--seconds") > 0) o.seconds = c.seconds;
    o.verbose = c.verbose;
    o.latency_report = c.latency_report;
    o.tls = {c.ca_file, c.insecure};
    o.max_registering = c.max_registering;
    bots::Fleet fleet(o, *endpoint, tls);
    const bots::Tally& tally = fleet.run();
    std::cout << bots::summary_line(tally) << std::endl;
    return tally.errors == 0 ? 0 : 1;
}

}  // namespace

void add_bots_command(CLI::App& app) {
    auto c = std::make_shared<CommandLine>();
    auto* cmd = app.add_subcommand(
        "bots",
        "Play a server with N bots over the real protocol (accounts, lobby, registration, every decision, "
        "reconnects), checking every message; ends with one line "
        "`bots: players=N hands=H actions=A refused=R reconnects=C finished=T errors=E`");
    cmd->add_option("--url", c->url, "the server's WebSocket URL, ws://HOST:PORT/ws or wss://HOST:PORT/ws")
        ->required()
        ->check(CLI::Validator(
            [](std::string& text) {
                auto endpoint = client::parse_url(text);
                return endpoint ? std::string() : endpoint.error();
            },
            "URL"));
    add_integer_option(*cmd, "--count", c->count, "bots, each a new account", 1, kMaxBots)->required();
    cmd->add_option("--strategy", c->strategy,
                    "random (any legal action), calling (check or call) or tight (fold unless strong)")
        ->check(CLI::IsMember({"random", "calling", "tight"}))
        ->capture_default_str();
    cmd->add_option("--tournament", c->tournament,
                    "a tournament id to register for, or any: each bot takes a free seat of a registering "
                    "tournament, filling them in lobby order")
        ->check(CLI::Validator([](std::string& text) { return tournament_problem(text); }, "ID|any"))
        ->capture_default_str();
    add_integer_option(*cmd, "--seconds", c->seconds,
                       "register again after each tournament while these seconds remain; then unregister "
                       "from tournaments not started and play out the running ones (default: one tournament "
                       "each)",
                       1, kMaxSeconds);
    add_integer_option(*cmd, "--max-registering", c->max_registering,
                       "at most this many registrations waiting for the server's answer at once (default: no "
                       "limit; thousands of buy-ins at once can outrun the server's database)",
                       1, kMaxBots);
    cmd->add_flag("--verbose", c->verbose, "print each error (and refused action) on standard error");
    cmd->add_option("--latency-report", c->latency_report,
                    "write the latency figures (action sent to the next table message received by every bot "
                    "at the table: samples, p50_ms, p99_ms, max_ms, hands, play_seconds) to this file");
    cmd->add_option("--ca-file", c->ca_file, "wss://: trust the certificate authorities of this PEM file")
        ->check(CLI::ExistingFile);
    cmd->add_flag("--insecure", c->insecure,
                  "wss://: accept any certificate (self-signed test certificates)");
    cmd->callback([c, cmd] {
        const int code = run(*c, *cmd);
        if (code != 0) throw CLI::RuntimeError(code);
    });
}

}  // namespace tavolo::tools
