// A bot keeps under the server's rate limit (server/session/README.md: a burst of 60 frames, then 30 a
// second) with a stricter token bucket of its own, on injected time.
#include <gtest/gtest.h>

#include "tools/bots/send_pacer.hpp"

namespace tavolo::bots {
namespace {

using namespace std::chrono_literals;

TEST(BotsSendPacer, ABurstThenTheSustainedRateStayBelowTheServersLimit) {
    const auto start = SendPacer::Clock::time_point{} + 1h;
    SendPacer pacer(start);
    int sent = 0;
    while (pacer.take(start))
        ++sent;
    EXPECT_EQ(sent, 40);
    EXPECT_LT(sent, 60) << "the server's burst";
    EXPECT_EQ(pacer.wait(start), std::chrono::duration_cast<SendPacer::Clock::duration>(40ms));
    // One second later: 25 more, never more than the server's 30.
    const auto later = start + 1s;
    int more = 0;
    while (pacer.take(later))
        ++more;
    EXPECT_EQ(more, 25);
    EXPECT_LT(more, 30);
    // Idle time fills the bucket up to the burst, not past it.
    const auto idle = later + 1h;
    int refilled = 0;
    while (pacer.take(idle))
        ++refilled;
    EXPECT_EQ(refilled, 40);
    EXPECT_EQ(pacer.wait(idle + 40ms), SendPacer::Clock::duration::zero());
}

}  // namespace
}  // namespace tavolo::bots
