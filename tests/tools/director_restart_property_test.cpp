// RULES.md §7 as a property of the tournament director: a director restarted from its saved text
// (encode_director_state -> decode_director_state) decides exactly as if nothing had happened. Random
// tournaments (MTT, Sit&Go, shoot-out; every game family; re-buys and add-ons; the live server's free
// pace, where moves reserve seats at tables in a hand, and rounds) are played by `tavolo simulate`'s
// driver twice from one seed: without a restart, and with the director restarted at random points
// (before any report or tick: mid-round, during a break, hand-for-hand, with players in transit). The
// state after every decision, hashed, and the final state must be the same bytes; the simulation's own
// checks (chips conserved, everyone ranked once, prizes = pool) must hold in both.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>

#include "engine/random.hpp"
#include "tools/simulation.hpp"

namespace tavolo::tools {
namespace {

using engine::Betting;
using engine::TournamentKind;
using engine::Variant;

SimulationResult play(SimulationOptions o, std::function<bool(std::int64_t)> restart) {
    o.trace_director = true;
    o.restart_director = std::move(restart);
    return run_simulation(o);
}

struct Coverage {
    int restarts = 0, on_break = 0, hand_for_hand = 0, in_transit = 0, mid_round = 0;
};

void expect_same_tournament(const SimulationOptions& o, std::uint64_t restart_seed, int one_in, Coverage& c) {
    const SimulationResult straight = play(o, nullptr);
    for (const auto& v : straight.violations)
        ADD_FAILURE() << "without restarts: " << v;
    auto rng = std::make_shared<engine::SeededRandom>(restart_seed);
    const SimulationResult restarted = play(o, [rng, one_in](std::int64_t) {
        return rng->uniform_below(static_cast<std::uint64_t>(one_in)) == 0;
    });
    for (const auto& v : restarted.violations)
        ADD_FAILURE() << "with restarts: " << v;
    EXPECT_GT(restarted.director_restarts, 0);
    c.restarts += restarted.director_restarts;
    c.on_break += restarted.restarts_on_break;
    c.hand_for_hand += restarted.restarts_hand_for_hand;
    c.in_transit += restarted.restarts_in_transit;
    c.mid_round += restarted.restarts_mid_round;
    EXPECT_EQ(restarted.trace, straight.trace) << "a restarted director decided otherwise";
    EXPECT_EQ(restarted.final_state, straight.final_state);
    EXPECT_EQ(restarted.hands, straight.hands);
    EXPECT_EQ(restarted.moves, straight.moves);
    EXPECT_EQ(restarted.places, straight.places);
    EXPECT_EQ(restarted.prize_cents, straight.prize_cents);
    EXPECT_EQ(restarted.places, o.players);
}

TEST(DirectorRestart, random_tournaments_go_on_as_if_nothing_happened) {
    engine::SeededRandom pick(20261126);
    Coverage c;
    const std::array<std::pair<Variant, Betting>, 4> games{{{Variant::Holdem, Betting::NoLimit},
                                                            {Variant::FiveCardStud, Betting::Limit},
                                                            {Variant::FiveCardDraw, Betting::PotLimit},
                                                            {Variant::Holdem, Betting::Limit}}};
    for (int run = 0; run < 12; ++run) {
        SimulationOptions o;
        const auto& [variant, betting] = games[static_cast<std::size_t>(run) % games.size()];
        o.variant = variant;
        o.betting = betting;
        o.seed = 1000 + static_cast<std::uint64_t>(run);
        o.free_pace = run % 3 != 2;
        const auto kind = pick.uniform_below(6);
        if (kind < 4) {
            o.kind = TournamentKind::ScheduledMtt;
            o.players = 20 + static_cast<int>(pick.uniform_below(60));
            o.rebuys = pick.uniform_below(2) == 0;
        } else if (kind == 4) {
            o.kind = TournamentKind::SitAndGo;
            o.players = 6;
            o.rebuys = true;
        } else {
            o.kind = TournamentKind::ShootOut;
            o.players = 18 + static_cast<int>(pick.uniform_below(20));
            o.free_pace = false;
        }
        SCOPED_TRACE("run " + std::to_string(run) + " players " + std::to_string(o.players) +
                     (o.free_pace ? " free" : " rounds"));
        // Every point once in a while, and (first runs) at nearly every point.
        expect_same_tournament(o, 77 + static_cast<std::uint64_t>(run), run < 2 ? 2 : 25, c);
    }
    // Each kind of moment a server can die at was restarted through, or the property proves little.
    EXPECT_GT(c.on_break, 0);
    EXPECT_GT(c.hand_for_hand, 0);
    EXPECT_GT(c.in_transit, 0);
    EXPECT_GT(c.mid_round, 0);
    std::printf("director restarts=%d on_break=%d hand_for_hand=%d in_transit=%d mid_round=%d\n", c.restarts,
                c.on_break, c.hand_for_hand, c.in_transit, c.mid_round);
}

}  // namespace
}  // namespace tavolo::tools
