#pragma once
// A token bucket on injected time: each received frame takes a token; tokens come back at a steady
// rate up to a burst. Frames beyond it are refused (RATE_LIMITED) without being decoded, so a flood
// costs the server one comparison per frame; a run of refusals closes the connection.
#include <chrono>
#include <cstdint>

namespace tavolo::server::session {

// Milliseconds on the session's clock (steady, injected: tests pass any value they like).
using Millis = std::chrono::milliseconds;

struct RateLimit {
    std::int64_t burst = 60;              // frames accepted back to back
    std::int64_t frames_per_second = 30;  // sustained rate
};

class RateLimiter {
  public:
    explicit RateLimiter(RateLimit limit = {}, Millis now = Millis{0});

    // Takes a token when one is left at `now`. Time going backwards refills nothing.
    [[nodiscard]] bool try_take(Millis now);
    // Whole tokens left at the last call (for tests and metrics).
    [[nodiscard]] std::int64_t tokens() const { return milli_tokens_ / 1000; }

  private:
    void refill(Millis now);

    RateLimit limit_;
    // Thousandths of a token, so that a rate of N per second refills exactly N per 1,000 ms.
    std::int64_t milli_tokens_;
    Millis last_;
};

}  // namespace tavolo::server::session
