#pragma once
// `tavolo simulate`: a whole poker tournament played in-process by random bots (no network, no
// database; time is simulated). A thin driver, shaped as the server's actors: it owns the tables
// (engine TournamentTable, each hand the engine's Hand played by a bot), routes their reports to
// the engine's TournamentDirector and the director's messages back to them, and checks the
// invariants as it goes.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/poker/hand_setup.hpp"
#include "engine/tournament/tournament_kind.hpp"
#include "engine/types.hpp"

namespace tavolo::tools {

struct SimulationOptions {
    engine::Variant variant = engine::Variant::Holdem;
    engine::Betting betting = engine::Betting::NoLimit;
    engine::TournamentKind kind = engine::TournamentKind::ScheduledMtt;
    int players = 100;
    std::uint64_t seed = 1;
    // Re-buys during the first 4 levels (a busted player re-buys 7 times in 10) and an add-on at
    // the end of that period (every other player); MTT and Sit&Go only.
    bool rebuys = false;
    // Tests only: a fault planted in the 10th hand, which the checks must report as a violation.
    enum class Fault {
        None,
        HandLosesAChip,       // the hand's final stacks lose a chip (the driver's per-hand check)
        HandNegativeStack,    // a final stack below zero (the driver's per-hand check)
        ReportGainsAChip,     // the table's report shows a chip more (the director's check)
        ReportNegativeStack,  // the table's report shows a stack below zero (the director's check)
    };
    Fault fault = Fault::None;
    // The live server's pace (engine::Pace::Free: a table's next hand starts as soon as its report is
    // answered, moves reserve seats at tables in a hand) instead of rounds of one hand per table.
    bool free_pace = false;
    // Tests only: every report and every tick is preceded by a point, numbered from 0; where this
    // returns true the director restarts (saved as text, restored from it) as after a server restart.
    std::function<bool(std::int64_t point)> restart_director;
    // Tests only: a hash of the director's saved state after each of its decisions, in result.trace.
    bool trace_director = false;
};

struct SimulationResult {
    int entrants = 0;
    std::int64_t hands = 0;
    int tables = 0;                 // tables at the start
    std::int64_t moves = 0;         // players moved by the director (balancing and breaking)
    int broken = 0;                 // tables broken
    int places = 0;                 // entrants ranked (each exactly once: equals entrants)
    int paid_places = 0;            // places paid by the default payout table
    engine::Cents prize_cents = 0;  // prizes paid, which must equal the pool
    double wall_s = 0;
    std::int64_t simulated_minutes = 0;
    int final_level = 0;
    int disqualified = 0;  // players an operator disqualified along the way
    int rebuys = 0;
    int addons = 0;
    int cancellation_checks = 0;  // refund plans computed on the live state and checked
    int director_restarts = 0;
    // What those restarts went through: a break, a hand-for-hand round, players moving to a table in
    // a hand (reserved seats), tables in a hand.
    int restarts_on_break = 0;
    int restarts_hand_for_hand = 0;
    int restarts_in_transit = 0;
    int restarts_mid_round = 0;
    std::uint64_t trace = 0;              // trace_director: every decision's resulting state, hashed
    std::string final_state;              // trace_director: the director's state text at the end
    std::vector<std::string> violations;  // empty when every invariant held
    bool ok() const { return violations.empty(); }
};

// Checks the options; the message says what is wrong and what to do.
std::string validate(const SimulationOptions& options);

SimulationResult run_simulation(const SimulationOptions& options);

// `simulate: entrants=N hands=H tables=T moves=M broken=B places=P prize_cents=C wall_s=W`
std::string summary_line(const SimulationResult& result);

}  // namespace tavolo::tools
