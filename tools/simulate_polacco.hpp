#pragma once
// `tavolo simulate --game polacco`: the Poker Polacco tournament simulation (issue 5).
// simulate_command.cpp parses the options and calls this.
#include <cstdint>
#include <iosfwd>
#include <string>

namespace tavolo::tools {

struct PolaccoSimulationOptions {
    int players = 0;
    std::uint64_t seed = 0;
    std::string mode = "nodealer";  // "casino" (9 per table) or "nodealer" (7 per table)
    // The optional rules, all exercised by default; clockwise_only needs casino mode.
    bool passamano = true;
    bool bonus = true;
    bool clockwise_only = false;
    // Where the report goes; nullptr: violations to standard error, the summary to standard output.
    std::ostream* out = nullptr;
    // Tests only: corrupt the checker's bookkeeping once, so the run must report a violation.
    bool inject_violation = false;
};

// Plays the tournament, prints the closing `simulate: ...` line; returns the process exit code
// (0, or non-zero on an invariant violation).
int simulate_polacco(const PolaccoSimulationOptions& options);

}  // namespace tavolo::tools
