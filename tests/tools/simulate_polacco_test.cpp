// `tavolo simulate --game polacco` through the library: whole tournaments with bots (RULES.md §9).
#include "tools/simulate_polacco.hpp"

#include <gtest/gtest.h>

#include "tests/support/run_tool.hpp"

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <sstream>
#include <string>

namespace tavolo::tools {
namespace {

struct SimRun {
    int code = -1;
    std::string output;
    std::string last_line;
};

SimRun simulate(PolaccoSimulationOptions options) {
    std::ostringstream out;
    options.out = &out;
    SimRun run;
    run.code = simulate_polacco(options);
    run.output = out.str();
    std::string text = run.output;
    if (!text.empty() && text.back() == '\n') text.pop_back();
    run.last_line = text.substr(text.find_last_of('\n') + 1);
    return run;
}

long field(const std::string& line, const std::string& name) {
    auto at = line.find(" " + name + "=");
    if (at == std::string::npos) return -1;
    return std::stol(line.substr(at + name.size() + 2));
}

TEST(SimulatePolacco, NoDealerTournamentEndsWithTheSummaryLine) {
    SimRun run = simulate({.players = 100, .seed = 1, .mode = "nodealer"});
    EXPECT_EQ(run.code, 0) << run.output;
    EXPECT_EQ(run.last_line.rfind("simulate: entrants=100 hands=", 0), 0U) << run.last_line;
    EXPECT_EQ(field(run.last_line, "tables"), 15);  // ceil(100 / 7)
    EXPECT_EQ(field(run.last_line, "places"), 100);
    EXPECT_GE(field(run.last_line, "recompositions"), 2);
    // Every hand gives one penalty and each of the 99 losers takes four, less bonuses.
    EXPECT_GE(field(run.last_line, "hands"), 99);
    EXPECT_NE(run.last_line.find(" wall_s="), std::string::npos);
}

TEST(SimulatePolacco, CasinoTablesOfNine) {
    SimRun run = simulate({.players = 200, .seed = 9, .mode = "casino"});
    EXPECT_EQ(run.code, 0) << run.output;
    EXPECT_EQ(field(run.last_line, "tables"), 23);  // ceil(200 / 9)
    EXPECT_EQ(field(run.last_line, "places"), 200);
}

TEST(SimulatePolacco, ManySeedsAndSizesIncludingOneTableAndOptionalRulesOff) {
    for (int players : {2, 3, 7, 8, 9, 10, 15, 22, 64}) {
        for (std::uint64_t seed : {1ULL, 2ULL, 3ULL}) {
            for (const char* mode : {"nodealer", "casino"}) {
                PolaccoSimulationOptions o{.players = players, .seed = seed, .mode = mode};
                o.passamano = seed != 2;
                o.bonus = seed != 3;
                o.clockwise_only = seed == 1 && std::string(mode) == "casino";
                SimRun run = simulate(o);
                EXPECT_EQ(run.code, 0) << players << " " << seed << " " << mode << "\n" << run.output;
                EXPECT_EQ(field(run.last_line, "places"), players);
                if (players <= (std::string(mode) == "casino" ? 9 : 7)) {
                    EXPECT_EQ(field(run.last_line, "recompositions"), 0) << "one table is the final table";
                }
            }
        }
    }
}

TEST(SimulatePolacco, SameSeedSameTournament) {
    SimRun a = simulate({.players = 50, .seed = 42});
    SimRun b = simulate({.players = 50, .seed = 42});
    // Two broken runs would agree too: the runs must have played, and agree on everything but time.
    EXPECT_GT(field(a.last_line, "hands"), 0) << a.output;
    const auto without_wall_time = [](const std::string& line) {
        return line.substr(0, line.find(" wall_s="));
    };
    EXPECT_EQ(without_wall_time(a.last_line), without_wall_time(b.last_line));
}

TEST(SimulatePolacco, AViolationExitsNonZero) {
    PolaccoSimulationOptions o{.players = 30, .seed = 5};
    o.inject_violation = true;
    SimRun run = simulate(o);
    EXPECT_NE(run.code, 0);
    EXPECT_NE(run.output.find("violation"), std::string::npos) << run.output;
    EXPECT_EQ(run.last_line.rfind("simulate: entrants=30", 0), 0U) << "the summary is still the last line";
}

TEST(SimulatePolacco, BadOptionsAreClearErrors) {
    SimRun mode = simulate({.players = 10, .seed = 1, .mode = "dealer"});
    EXPECT_EQ(mode.code, 2);
    EXPECT_NE(mode.output.find("--mode must be casino or nodealer"), std::string::npos);
    SimRun one = simulate({.players = 1, .seed = 1});
    EXPECT_EQ(one.code, 2);
    PolaccoSimulationOptions cw{.players = 10, .seed = 1, .mode = "nodealer"};
    cw.clockwise_only = true;
    EXPECT_EQ(simulate(cw).code, 2);
}

// As a user runs it: `tavolo simulate --game polacco ...`.
SimRun run_binary(const std::string& args) {
    const auto r = tavolo::testing::run_tool(args);
    return {r.code, r.out, r.last_line()};
}

TEST(SimulatePolacco, TheCommandLine) {
    SimRun run = run_binary("simulate --game polacco --players 500 --seed 7 --mode casino");
    EXPECT_EQ(run.code, 0) << run.output;
    EXPECT_EQ(run.last_line.rfind("simulate: entrants=500 hands=", 0), 0U) << run.output;
    EXPECT_EQ(field(run.last_line, "tables"), 56);  // ceil(500 / 9)
    EXPECT_EQ(field(run.last_line, "places"), 500);
    SimRun nodealer = run_binary("simulate --game polacco --players 500 --seed 7");
    EXPECT_EQ(nodealer.code, 0) << nodealer.output;
    EXPECT_EQ(field(nodealer.last_line, "tables"), 72) << "no-dealer by default: ceil(500 / 7)";
}

}  // namespace
}  // namespace tavolo::tools
