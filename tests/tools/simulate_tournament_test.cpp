// `tavolo simulate` (issue 4): whole tournaments with random bots, through the library and the binary.
#include <gtest/gtest.h>

#include "tests/support/run_tool.hpp"

#include <array>
#include <cstdio>
#include <regex>
#include <string>

#include "tools/simulation.hpp"

namespace tavolo::tools {
namespace {

using engine::Betting;
using engine::TournamentKind;
using engine::Variant;

SimulationResult simulate(TournamentKind kind, Variant variant, Betting betting, int players,
                          std::uint64_t seed) {
    SimulationOptions o;
    o.kind = kind;
    o.variant = variant;
    o.betting = betting;
    o.players = players;
    o.seed = seed;
    return run_simulation(o);
}

void expect_complete(const SimulationResult& r, int players, int paid) {
    for (const auto& v : r.violations)
        ADD_FAILURE() << v;
    EXPECT_EQ(r.entrants, players);
    EXPECT_EQ(r.places, players);  // every entrant ranked once
    EXPECT_EQ(r.paid_places, paid);
    EXPECT_EQ(r.prize_cents, static_cast<engine::Cents>(players) * 1000);  // 10+1: 10 EUR per entrant
    EXPECT_GT(r.hands, 0);
}

TEST(Simulate, mtt_holdem_no_limit_breaks_down_to_one_table) {
    auto r = simulate(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit, 347, 1);
    expect_complete(r, 347, 35);
    EXPECT_EQ(r.tables, 35);
    EXPECT_EQ(r.broken, 34);  // every table but the final one
    EXPECT_GT(r.moves, 0);
    EXPECT_EQ(r.cancellation_checks, 2);  // refunds checked at half field and in the money
}

TEST(Simulate, mtt_draw_pot_limit_plays_six_handed) {
    auto r = simulate(TournamentKind::ScheduledMtt, Variant::FiveCardDraw, Betting::PotLimit, 61, 2);
    expect_complete(r, 61, 7);
    EXPECT_EQ(r.tables, 11);  // ceil(61 / 6)
}

TEST(Simulate, sit_and_go_stud_limit_pays_fifty_thirty_twenty) {
    auto r = simulate(TournamentKind::SitAndGo, Variant::FiveCardStud, Betting::Limit, 10, 3);
    expect_complete(r, 10, 3);
    EXPECT_EQ(r.tables, 1);
    EXPECT_EQ(r.moves, 0);
}

TEST(Simulate, shoot_out_and_heads_up_play_stages_to_one_winner) {
    auto s = simulate(TournamentKind::ShootOut, Variant::Holdem, Betting::NoLimit, 120, 4);
    expect_complete(s, 120, 12);
    auto h = simulate(TournamentKind::HeadsUp, Variant::Holdem, Betting::Limit, 9, 5);
    expect_complete(h, 9, 2);
    EXPECT_EQ(h.tables, 5);  // 2, 2, 2, 2 and a bye
}

TEST(Simulate, rebuys_and_addon_grow_the_pool_and_keep_chips_conserved) {
    SimulationOptions o;
    o.players = 300;
    o.seed = 8;
    o.rebuys = true;
    auto r = run_simulation(o);
    for (const auto& v : r.violations)
        ADD_FAILURE() << v;
    EXPECT_GT(r.rebuys, 0);
    EXPECT_GT(r.addons, 0);
    EXPECT_EQ(r.places, 300);
    EXPECT_EQ(r.prize_cents, (300 + r.rebuys + r.addons) * 1000);
}

SimulationResult with_fault(SimulationOptions::Fault fault) {
    SimulationOptions o;
    o.players = 50;
    o.fault = fault;
    return run_simulation(o);
}

// Issue 15: the per-hand checks of the driver and the director's report checks are each made to
// fail by a planted fault, and the run reports it (exit code 1 from `tavolo simulate`).
TEST(Simulate, a_hand_whose_stacks_do_not_add_up_is_reported) {
    auto r = with_fault(SimulationOptions::Fault::HandLosesAChip);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.violations.front().find("chips not conserved"), std::string::npos) << r.violations.front();
}

TEST(Simulate, a_hand_ending_with_a_negative_stack_is_reported) {
    auto r = with_fault(SimulationOptions::Fault::HandNegativeStack);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.violations.front().find("a negative stack"), std::string::npos) << r.violations.front();
}

TEST(Simulate, a_report_whose_stacks_do_not_add_up_is_refused_by_the_director) {
    auto r = with_fault(SimulationOptions::Fault::ReportGainsAChip);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.violations.front().find("the director refused table"), std::string::npos)
        << r.violations.front();
    EXPECT_NE(r.violations.front().find("chips not conserved"), std::string::npos) << r.violations.front();
}

TEST(Simulate, a_report_with_a_negative_stack_is_refused_by_the_director) {
    auto r = with_fault(SimulationOptions::Fault::ReportNegativeStack);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.violations.front().find("stack below zero"), std::string::npos) << r.violations.front();
}

TEST(Simulate, without_a_fault_the_same_run_is_clean) {
    auto r = with_fault(SimulationOptions::Fault::None);
    for (const auto& v : r.violations)
        ADD_FAILURE() << v;
    EXPECT_EQ(r.places, 50);
}

TEST(Simulate, same_seed_same_tournament) {
    auto a = simulate(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit, 200, 42);
    auto b = simulate(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit, 200, 42);
    // Two runs refused or stopped at once would agree too: the first must have played.
    EXPECT_TRUE(a.ok());
    EXPECT_GT(a.hands, 0);
    EXPECT_EQ(a.hands, b.hands);
    EXPECT_EQ(a.moves, b.moves);
}

TEST(Simulate, sit_and_go_larger_than_a_table_is_refused) {
    SimulationOptions o;
    o.kind = TournamentKind::SitAndGo;
    o.players = 11;
    EXPECT_NE(validate(o), "");
}

using tavolo::testing::run_tool;

TEST(SimulateCommand, ends_with_exactly_one_summary_line_and_exit_zero) {
    auto r = run_tool("simulate --game holdem --betting nl --kind mtt --players 250 --seed 7");
    EXPECT_EQ(r.code, 0) << r.out;
    const std::regex line(
        "^simulate: entrants=250 hands=[0-9]+ tables=25 moves=[0-9]+ broken=24 places=250 prize_cents=250000 "
        "wall_s=[0-9.]+\n$");
    EXPECT_TRUE(std::regex_match(r.out, line)) << r.out;
}

TEST(SimulateCommand, every_game_and_kind_runs) {
    for (const char* args : {"--game stud --betting pl --kind sng --players 10",
                             "--game draw --betting limit --kind shootout --players 40",
                             "--game holdem --betting limit --kind headsup --players 2",
                             "--game holdem --betting nl --kind mtt --players 120 --rebuys"}) {
        auto r = run_tool(std::string("simulate ") + args + " --seed 3");
        EXPECT_EQ(r.code, 0) << args << "\n" << r.out;
        EXPECT_EQ(r.out.rfind("simulate: entrants=", 0), 0u) << r.out;
    }
}

TEST(SimulateCommand, bad_options_fail_with_a_reason) {
    auto r = run_tool("simulate --kind sng --players 12");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.out.find("Sit&Go"), std::string::npos) << r.out;
    auto g = run_tool("simulate --game omaha");
    EXPECT_NE(g.code, 0);
}

TEST(SimulateCommand, options_of_another_game_are_refused_not_ignored) {
    auto mode = run_tool("simulate --game holdem --players 20 --mode casino");
    EXPECT_EQ(mode.code, 2) << mode.out;
    EXPECT_NE(mode.out.find("--mode does not apply to --game holdem"), std::string::npos) << mode.out;
    auto betting = run_tool("simulate --game polacco --players 20 --betting limit");
    EXPECT_EQ(betting.code, 2) << betting.out;
    EXPECT_NE(betting.out.find("--betting does not apply to --game polacco"), std::string::npos)
        << betting.out;
    EXPECT_EQ(run_tool("simulate --players 20 --seed -1").code, 2);
}

}  // namespace
}  // namespace tavolo::tools
