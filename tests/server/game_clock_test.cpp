// GameClock: game time is real time times [clock] speed, and timers convert back exactly.
#include "server/actors/game_clock.hpp"

#include <gtest/gtest.h>

using tavolo::server::actors::GameClock;
using namespace std::chrono_literals;

TEST(GameClock, GameTimeRunsSpeedTimesFasterThanTheSteadyClock) {
    const auto origin = GameClock::Steady::time_point{} + 1000s;
    GameClock clock(50.0, origin);
    EXPECT_EQ(clock.game_of(origin), 0ms);
    EXPECT_EQ(clock.game_of(origin + 100ms), 5000ms);  // 0.1 s of real time is 5 game seconds
    EXPECT_EQ(clock.real_of(8min), 9600ms);            // an 8-minute level lasts 9.6 s at speed 50
}

TEST(GameClock, ASteadyDeadlineIsWhenGameTimeReachesIt) {
    const auto origin = GameClock::Steady::time_point{} + 1000s;
    GameClock clock(4.0, origin);
    EXPECT_EQ(clock.steady_deadline(20'000ms), origin + 5s);
    EXPECT_EQ(clock.game_of(clock.steady_deadline(12'345ms)), 12'345ms);
}
