// Chat moderation's guard (server/operator/chat_guard.hpp): mutes refuse with the operator's reason
// until they expire; the rate limit counts each player's accepted lines in a sliding window.
#include "server/operator/chat_guard.hpp"

#include <gtest/gtest.h>

using namespace tavolo::server::operators;
using namespace std::chrono_literals;

TEST(ChatGuard, AFloodIsRefusedPastTheLimitAndAcceptedAgainOnceTheWindowMoves) {
    ChatGuard guard(ChatLimits{3, 10s});
    const auto t0 = WallClock::time_point{} + 1000h;
    for (int i = 0; i < 3; ++i)
        EXPECT_TRUE(guard.admit(7, t0 + std::chrono::seconds(i)).allowed()) << i;
    const auto refused = guard.admit(7, t0 + 3s);
    EXPECT_EQ(refused.refusal, ChatVerdict::Refusal::rate_limited);
    EXPECT_NE(refused.message.find("at most 3 in 10 s"), std::string::npos) << refused.message;
    EXPECT_TRUE(guard.admit(8, t0 + 3s).allowed()) << "another player is not limited by him";
    EXPECT_TRUE(guard.admit(7, t0 + 10s + 1ms).allowed()) << "the first line left the window";
}

TEST(ChatGuard, AMutedPlayerIsRefusedWithTheReasonUntilItExpires) {
    ChatGuard guard;
    const auto t0 = WallClock::from_time_t(1'800'000'000);  // 2027-01-15T08:00:00Z
    guard.mute(7, Mute{t0 + 1h, "insults"});
    const auto v = guard.admit(7, t0);
    EXPECT_EQ(v.refusal, ChatVerdict::Refusal::muted);
    EXPECT_EQ(v.message, "muted by an operator until 2027-01-15T09:00:00Z: insults");
    EXPECT_TRUE(guard.mute_of(7, t0));
    EXPECT_TRUE(guard.admit(7, t0 + 1h).allowed());
    EXPECT_FALSE(guard.mute_of(7, t0 + 1h));
    guard.mute(9, Mute{std::nullopt, "spam"});
    EXPECT_EQ(guard.admit(9, t0 + 10000h).message, "muted by an operator until further notice: spam");
}
