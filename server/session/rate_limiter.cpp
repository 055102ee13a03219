#include "server/session/rate_limiter.hpp"

#include <algorithm>

namespace tavolo::server::session {

RateLimiter::RateLimiter(RateLimit limit, Millis now)
    : limit_(limit), milli_tokens_(limit.burst * 1000), last_(now) {}

void RateLimiter::refill(Millis now) {
    if (now <= last_) return;
    const std::int64_t cap = limit_.burst * 1000;
    // Clamp the elapsed time first: a session idle for days must not overflow the product.
    const std::int64_t elapsed = std::min<std::int64_t>((now - last_).count(), 1'000'000'000);
    milli_tokens_ = std::min(cap, milli_tokens_ + elapsed * limit_.frames_per_second);
    last_ = now;
}

bool RateLimiter::try_take(Millis now) {
    refill(now);
    if (milli_tokens_ < 1000) return false;
    milli_tokens_ -= 1000;
    return true;
}

}  // namespace tavolo::server::session
