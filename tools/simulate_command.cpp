// `tavolo simulate`: a whole tournament in-process with random bots (issue 4; Poker Polacco: issue 5).
#include <cstdint>
#include <iostream>
#include <limits>
#include <map>
#include <vector>

#include "tools/commands.hpp"
#include "tools/integer_option.hpp"
#include "tools/simulate_polacco.hpp"
#include "tools/simulation.hpp"

namespace tavolo::tools {

namespace {

struct CommandLine {
    std::string game = "holdem";
    std::string betting = "nl";
    std::string kind = "mtt";
    std::string mode = "nodealer";
    int players = 100;
    std::uint64_t seed = 1;
    bool rebuys = false;
    bool clockwise_only = false;
    bool no_pass = false;
    bool no_bonus = false;
};

int run(const CommandLine& c) {
    if (c.game == "polacco") {
        PolaccoSimulationOptions p;
        p.players = c.players;
        p.seed = c.seed;
        p.mode = c.mode;
        p.clockwise_only = c.clockwise_only;
        p.passamano = !c.no_pass;
        p.bonus = !c.no_bonus;
        return simulate_polacco(p);
    }
    static const std::map<std::string, engine::Variant> games{{"holdem", engine::Variant::Holdem},
                                                              {"stud", engine::Variant::FiveCardStud},
                                                              {"draw", engine::Variant::FiveCardDraw}};
    static const std::map<std::string, engine::Betting> bettings{{"nl", engine::Betting::NoLimit},
                                                                 {"pl", engine::Betting::PotLimit},
                                                                 {"limit", engine::Betting::Limit}};
    static const std::map<std::string, engine::TournamentKind> kinds{
        {"sng", engine::TournamentKind::SitAndGo},
        {"mtt", engine::TournamentKind::ScheduledMtt},
        {"shootout", engine::TournamentKind::ShootOut},
        {"headsup", engine::TournamentKind::HeadsUp}};
    SimulationOptions o;
    o.variant = games.at(c.game);
    o.betting = bettings.at(c.betting);
    o.kind = kinds.at(c.kind);
    o.players = c.players;
    o.seed = c.seed;
    o.rebuys = c.rebuys;
    if (auto problem = validate(o); !problem.empty()) {
        std::cerr << "tavolo simulate: " << problem << "\n";
        return 2;
    }
    const auto result = run_simulation(o);
    for (const auto& v : result.violations)
        std::cerr << "violation: " << v << "\n";
    std::cout << summary_line(result) << std::endl;
    return result.ok() ? 0 : 1;
}

// Options that mean nothing for the chosen game are refused rather than silently ignored.
std::string inapplicable_option(const CommandLine& c, const CLI::App& cmd) {
    static const std::vector<std::string> poker_only = {"--betting", "--kind", "--rebuys"};
    static const std::vector<std::string> polacco_only = {"--mode", "--clockwise-only", "--no-pass",
                                                          "--no-bonus"};
    const bool polacco = c.game == "polacco";
    for (const auto& name : polacco ? poker_only : polacco_only) {
        if (cmd.count(name) > 0)
            return name + " does not apply to --game " + c.game +
                   (polacco ? " (it is for holdem, stud and draw)" : " (it is for --game polacco)");
    }
    return "";
}

}  // namespace

void add_simulate_command(CLI::App& app) {
    auto c = std::make_shared<CommandLine>();
    auto* cmd = app.add_subcommand(
        "simulate", "Play a whole tournament in-process with random bots, checking invariants");
    cmd->add_option("--game", c->game, "holdem, stud, draw or polacco")
        ->check(CLI::IsMember({"holdem", "stud", "draw", "polacco"}))
        ->capture_default_str();
    cmd->add_option("--betting", c->betting, "nl, pl or limit")
        ->check(CLI::IsMember({"nl", "pl", "limit"}))
        ->capture_default_str();
    cmd->add_option("--kind", c->kind, "sng, mtt, shootout or headsup")
        ->check(CLI::IsMember({"sng", "mtt", "shootout", "headsup"}))
        ->capture_default_str();
    add_integer_option(*cmd, "--players", c->players, "entrants", 2, 10'000'000)
        ->default_str(std::to_string(c->players));
    add_integer_option(*cmd, "--seed", c->seed, "random seed; the same seed plays the same tournament",
                       std::uint64_t{0}, std::numeric_limits<std::uint64_t>::max())
        ->default_str(std::to_string(c->seed));
    cmd->add_flag("--rebuys", c->rebuys, "re-buys in the first 4 levels, then an add-on (mtt, sng)");
    cmd->add_option("--mode", c->mode, "Poker Polacco only: casino (9 per table) or nodealer (7 per table)")
        ->check(CLI::IsMember({"casino", "nodealer"}))
        ->capture_default_str();
    cmd->add_flag("--clockwise-only", c->clockwise_only, "Poker Polacco, casino mode: play clockwise only");
    cmd->add_flag("--no-pass", c->no_pass, "Poker Polacco: without the once-per-tournament pass");
    cmd->add_flag("--no-bonus", c->no_bonus,
                  "Poker Polacco: without the four-of-a-kind/straight-flush bonus");
    cmd->callback([c, cmd] {
        if (const auto problem = inapplicable_option(*c, *cmd); !problem.empty()) {
            std::cerr << "tavolo simulate: " << problem << "\n";
            throw CLI::RuntimeError(2);
        }
        const int code = run(*c);
        if (code != 0) throw CLI::RuntimeError(code);
    });
}

}  // namespace tavolo::tools
