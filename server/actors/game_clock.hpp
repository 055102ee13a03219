#pragma once
// Game time (DESIGN.md "Time is injected"): the steady clock since the server started, multiplied by
// `[clock] speed`. Every game timer (action clock, time bank, levels, breaks, Sit&Go deadlines, the
// pause between hands) is counted in game time, so a test at speed 50 plays an 8-minute level in under
// ten seconds without sleeping. Timers are armed on the steady clock: `steady_deadline(at)` converts
// back. One GameClock is made by the server and shared (read-only) by every actor.
#include <chrono>

namespace tavolo::server::actors {

class GameClock {
  public:
    using Millis = std::chrono::milliseconds;
    using Steady = std::chrono::steady_clock;

    // `speed` > 0; 1.0 is real time.
    explicit GameClock(double speed = 1.0, Steady::time_point origin = Steady::now())
        : speed_(speed), origin_(origin) {}

    double speed() const { return speed_; }

    // Game milliseconds since the origin.
    Millis now() const { return game_of(Steady::now()); }

    Millis game_of(Steady::time_point t) const {
        const auto real = std::chrono::duration<double, std::milli>(t - origin_).count();
        return Millis{static_cast<Millis::rep>(real * speed_)};
    }

    // The steady-clock moment when game time reaches `at` (for a steady_timer).
    Steady::time_point steady_deadline(Millis at) const {
        const auto real = std::chrono::duration<double, std::milli>(static_cast<double>(at.count()) / speed_);
        return origin_ + std::chrono::duration_cast<Steady::duration>(real);
    }

    // A game duration as real time (a pause of 3 game seconds at speed 50 is 60 ms).
    Steady::duration real_of(Millis game) const {
        return std::chrono::duration_cast<Steady::duration>(
            std::chrono::duration<double, std::milli>(static_cast<double>(game.count()) / speed_));
    }

    // The wall clock seen through the game clock, for what the lobby counts in UTC (Sit&Go deadlines
    // such as "+90s"): it runs `speed` times as fast from the server's start.
    std::chrono::sys_time<Millis> wall_now() const { return wall_origin_ + now(); }

  private:
    double speed_;
    Steady::time_point origin_;
    std::chrono::sys_time<Millis> wall_origin_ =
        std::chrono::time_point_cast<Millis>(std::chrono::system_clock::now());
};

}  // namespace tavolo::server::actors
