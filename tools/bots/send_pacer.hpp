#pragma once
// A bot keeps under the server's rate limit (server/session: a burst of 60 frames, then 30 a second;
// beyond it frames are refused with RATE_LIMITED, unread): a token bucket of its own, a little
// stricter, on injected time so it is tested without a clock. At an accelerated game clock a bot at a
// heads-up or Polacco table is asked to decide faster than that.
#include <algorithm>
#include <chrono>

namespace tavolo::bots {

class SendPacer {
  public:
    using Clock = std::chrono::steady_clock;
    static constexpr double kBurst = 40;            // frames back to back
    static constexpr double kFramesPerSecond = 25;  // sustained

    explicit SendPacer(Clock::time_point now) : refilled_(now) {}

    // Takes a token if one is there: the frame may go now.
    bool take(Clock::time_point now) {
        refill(now);
        if (tokens_ < 1) return false;
        tokens_ -= 1;
        return true;
    }
    // How long until the next token.
    Clock::duration wait(Clock::time_point now) {
        refill(now);
        if (tokens_ >= 1) return Clock::duration::zero();
        return std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>((1 - tokens_) / kFramesPerSecond));
    }

  private:
    void refill(Clock::time_point now) {
        if (now <= refilled_) return;
        tokens_ = std::min(
            kBurst, tokens_ + std::chrono::duration<double>(now - refilled_).count() * kFramesPerSecond);
        refilled_ = now;
    }

    double tokens_ = kBurst;
    Clock::time_point refilled_;
};

}  // namespace tavolo::bots
