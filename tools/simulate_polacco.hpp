#pragma once
// `tavolo simulate --game polacco`: the Poker Polacco tournament simulation (issue 5).
// simulate_command.cpp parses the options and calls this.
#include <cstdint>
#include <string>

namespace tavolo::tools {

struct PolaccoSimulationOptions {
    int players = 0;
    std::uint64_t seed = 0;
    std::string mode = "nodealer";  // "casino" (9 per table) or "nodealer" (7 per table)
};

// Plays the tournament, prints the closing `simulate: ...` line; returns the process exit code
// (0, or non-zero on an invariant violation).
int simulate_polacco(const PolaccoSimulationOptions& options);

}  // namespace tavolo::tools
