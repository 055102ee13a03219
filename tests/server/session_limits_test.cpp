// The bounds of a connection: the token bucket, the send queue, and floods that end in a close after a
// bounded amount of work.
#include <gtest/gtest.h>

#include "server/session/rate_limiter.hpp"
#include "server/session/send_queue.hpp"
#include "tests/server/session_support.hpp"

namespace tavolo::server::session::testing {
namespace {

using Phase = SessionCore::Phase;

// ---- RateLimiter --------------------------------------------------------------------------------------

TEST(SessionRateLimiter, BurstThenRefusedUntilTimeRefills) {
    RateLimiter limiter({.burst = 5, .frames_per_second = 10}, Millis{1000});
    for (int i = 0; i < 5; ++i)
        EXPECT_TRUE(limiter.try_take(Millis{1000})) << i;
    EXPECT_FALSE(limiter.try_take(Millis{1000}));
    EXPECT_FALSE(limiter.try_take(Millis{1099}));  // 0.99 of a token
    EXPECT_TRUE(limiter.try_take(Millis{1100}));   // 10 a second: one per 100 ms
    EXPECT_FALSE(limiter.try_take(Millis{1100}));
}

TEST(SessionRateLimiter, RefillStopsAtTheBurst) {
    RateLimiter limiter({.burst = 3, .frames_per_second = 10}, Millis{0});
    for (int i = 0; i < 3; ++i)
        ASSERT_TRUE(limiter.try_take(Millis{0}));
    // A day idle refills the burst, not a day's worth of frames (and does not overflow).
    const Millis day{24LL * 3600 * 1000};
    for (int i = 0; i < 3; ++i)
        EXPECT_TRUE(limiter.try_take(day)) << i;
    EXPECT_FALSE(limiter.try_take(day));
}

TEST(SessionRateLimiter, TimeGoingBackwardsRefillsNothing) {
    RateLimiter limiter({.burst = 1, .frames_per_second = 10}, Millis{5000});
    ASSERT_TRUE(limiter.try_take(Millis{5000}));
    EXPECT_FALSE(limiter.try_take(Millis{0}));
    EXPECT_FALSE(limiter.try_take(Millis{5099}));
    EXPECT_TRUE(limiter.try_take(Millis{5100}));
}

// ---- SendQueue ----------------------------------------------------------------------------------------

Frame frame_of(std::size_t bytes) {
    return std::make_shared<const std::string>(bytes, 'f');
}

TEST(SessionSendQueue, BoundedByCount) {
    SendQueue queue({.max_frames = 3, .max_bytes = 1000});
    for (int i = 0; i < 3; ++i)
        EXPECT_TRUE(queue.push(frame_of(1)));
    EXPECT_FALSE(queue.push(frame_of(1)));
    EXPECT_EQ(queue.frames(), 3U);
    queue.pop();
    EXPECT_TRUE(queue.push(frame_of(1)));  // a written frame makes room
}

TEST(SessionSendQueue, BoundedByBytes) {
    SendQueue queue({.max_frames = 100, .max_bytes = 100});
    EXPECT_TRUE(queue.push(frame_of(60)));
    EXPECT_FALSE(queue.push(frame_of(41)));
    EXPECT_EQ(queue.bytes(), 60U);  // the refused frame left nothing behind
    EXPECT_TRUE(queue.push(frame_of(40)));
    EXPECT_EQ(queue.bytes(), 100U);
    EXPECT_FALSE(queue.push(frame_of(1)));
    queue.pop();
    EXPECT_EQ(queue.bytes(), 40U);
    queue.clear();
    EXPECT_TRUE(queue.empty());
    EXPECT_EQ(queue.bytes(), 0U);
    EXPECT_FALSE(queue.push(frame_of(101)));  // larger than the whole bound
    EXPECT_FALSE(queue.push(nullptr));
}

TEST(SessionSendQueue, FramesAreWrittenInOrder) {
    SendQueue queue;
    auto a = frame_of(1);
    auto b = frame_of(2);
    ASSERT_TRUE(queue.push(a));
    ASSERT_TRUE(queue.push(b));
    EXPECT_EQ(queue.front(), a);
    queue.pop();
    EXPECT_EQ(queue.front(), b);
}

TEST(SessionSendQueue, ABatchIsAServerMessageHoldingTheFrontFramesInOrder) {
    SendQueue queue;
    for (std::uint64_t nonce = 1; nonce <= 4; ++nonce) {
        v1::ServerMessage m;
        m.set_table_seq(nonce * 10);
        m.mutable_pong()->set_nonce(nonce);
        ASSERT_TRUE(queue.push(serialise(m)));
    }
    ASSERT_EQ(queue.batchable(kMaxBatchBytes, kMaxBatchFrames), 4U);
    const Frame batch = queue.batch_of(3);
    v1::ServerMessage parsed;
    ASSERT_TRUE(parsed.ParseFromString(*batch));
    ASSERT_TRUE(parsed.has_batch()) << parsed.DebugString();
    ASSERT_EQ(parsed.batch().messages_size(), 3);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(parsed.batch().messages(i).pong().nonce(), static_cast<std::uint64_t>(i + 1));
        EXPECT_EQ(parsed.batch().messages(i).table_seq(), static_cast<std::uint64_t>((i + 1) * 10));
    }
    queue.pop(3);
    ASSERT_EQ(queue.frames(), 1U);
    v1::ServerMessage last;
    ASSERT_TRUE(last.ParseFromString(*queue.front()));
    EXPECT_EQ(last.pong().nonce(), 4U);
    queue.pop(5);  // more than there are: the queue empties
    EXPECT_TRUE(queue.empty());
    EXPECT_EQ(queue.bytes(), 0U);
}

TEST(SessionSendQueue, ABatchStopsAtItsBoundsAndALargeFrameGoesAlone) {
    SendQueue queue;
    ASSERT_TRUE(queue.push(frame_of(300)));  // 300 bytes of frame, 303 in a batch
    ASSERT_TRUE(queue.push(frame_of(300)));
    ASSERT_TRUE(queue.push(frame_of(300)));
    EXPECT_EQ(queue.batchable(606, 100), 2U);
    EXPECT_EQ(queue.batchable(605, 100), 1U);
    EXPECT_EQ(queue.batchable(10, 100), 1U);  // one frame larger than a batch still goes
    EXPECT_EQ(queue.batchable(100'000, 2), 2U);
}

TEST(SessionSendQueue, OneSerialisedMessageIsSharedByManyQueues) {
    v1::ServerMessage message;
    message.mutable_pong()->set_nonce(3);
    const Frame frame = serialise(message);
    std::vector<SendQueue> queues(100);
    for (auto& queue : queues)
        ASSERT_TRUE(queue.push(frame));
    EXPECT_EQ(frame.use_count(), 101);  // one string, 100 references to it
    for (const auto& queue : queues)
        EXPECT_EQ(queue.front().get(), frame.get());
}

TEST(SessionSendQueue, OverflowClosesTheConnectionDroppingTheQueue) {
    Harness h;
    h.log_in_alice();
    const auto effects = h.core.on_send_overflow();
    ASSERT_EQ(effects.size(), 1U);  // no frame: the queue has no room for one
    const auto& close = std::get<CloseConnection>(effects[0]);
    EXPECT_TRUE(close.discard_queue);
    EXPECT_NE(close.reason.find("send queue"), std::string::npos);
    EXPECT_EQ(h.core.phase(), Phase::closed);
    EXPECT_TRUE(h.feed(ping(1)).empty());
    EXPECT_TRUE(h.core.on_send_overflow().empty());  // one close
}

// ---- Floods -------------------------------------------------------------------------------------------

struct FloodCount {
    int pongs = 0;
    int rate_limited = 0;
    int other_errors = 0;
    int closes = 0;
    int inputs_with_effects = 0;
};

FloodCount count(FloodCount total, const Effects& effects) {
    if (!effects.empty()) ++total.inputs_with_effects;
    for (const auto& message : sent(effects)) {
        if (message.has_pong())
            ++total.pongs;
        else if (message.has_error() && message.error().code() == v1::ERROR_CODE_RATE_LIMITED)
            ++total.rate_limited;
        else
            ++total.other_errors;
    }
    total.closes += closes(effects);
    return total;
}

TEST(SessionFlood, TenThousandFramesGetRateLimitedThenACloseAndNoMoreWork) {
    const SessionLimits limits;
    Harness h;
    h.log_in_alice();
    h.now += Millis{60'000};  // a full bucket
    const std::string frame = bytes_of(ping(1));
    FloodCount total;
    for (int i = 0; i < 10'000; ++i)
        total = count(total, h.core.on_binary_frame(frame, h.now));  // all at one instant
    EXPECT_EQ(total.pongs, limits.rate.burst);
    EXPECT_EQ(total.rate_limited, limits.max_rate_strikes + 1);
    EXPECT_EQ(total.other_errors, 0);
    EXPECT_EQ(total.closes, 1);
    EXPECT_EQ(total.inputs_with_effects, limits.rate.burst + limits.max_rate_strikes + 1);
    EXPECT_EQ(h.core.phase(), Phase::closed);
    EXPECT_TRUE(h.services_untouched());
}

TEST(SessionFlood, TenThousandRequestsReachTheServicesAtMostBurstTimes) {
    const SessionLimits limits;
    Harness h;
    h.log_in_alice();
    h.now += Millis{60'000};
    const std::string frame = bytes_of(fold(kTable));
    for (int i = 0; i < 10'000; ++i)
        std::ignore = h.core.on_binary_frame(frame, h.now);
    EXPECT_EQ(h.tables.requests.size(), static_cast<std::size_t>(limits.rate.burst));
    EXPECT_EQ(h.core.phase(), Phase::closed);
}

TEST(SessionFlood, TenThousandJunkOrTextFramesEndTheSameWay) {
    const SessionLimits limits;
    for (bool text : {false, true}) {
        Harness h;
        h.log_in_alice();
        h.now += Millis{60'000};
        FloodCount total;
        for (int i = 0; i < 10'000; ++i)
            total =
                count(total, text ? h.core.on_text_frame(h.now) : h.core.on_binary_frame("\xff\xff", h.now));
        EXPECT_EQ(total.other_errors, limits.rate.burst);  // MALFORMED_FRAME for those read
        EXPECT_EQ(total.rate_limited, limits.max_rate_strikes + 1);
        EXPECT_EQ(total.closes, 1);
    }
}

TEST(SessionFlood, ASteadyClientUnderTheRateIsNeverLimited) {
    const SessionLimits limits;
    Harness h;
    h.log_in_alice();
    // Rounded up: 34 ms apart is just under 30 a second.
    const Millis gap{(1000 + limits.rate.frames_per_second - 1) / limits.rate.frames_per_second};
    FloodCount total;
    for (int i = 0; i < 10'000; ++i) {
        h.now += gap;
        total = count(total, h.core.on_binary_frame(bytes_of(ping(2)), h.now));
    }
    EXPECT_EQ(total.pongs, 10'000);
    EXPECT_EQ(total.rate_limited, 0);
    EXPECT_EQ(total.closes, 0);
}

TEST(SessionFlood, StrikesResetWhenTheClientSlowsDown) {
    SessionLimits limits;
    limits.rate = {.burst = 2, .frames_per_second = 10};
    limits.max_rate_strikes = 3;
    Harness h(7, limits);
    h.welcome();
    h.now += Millis{10'000};
    const std::string frame = bytes_of(ping(1));
    for (int round = 0; round < 5; ++round) {
        FloodCount total;
        for (int i = 0; i < 2 + 3; ++i)  // the burst, then three warnings: one short of the close
            total = count(total, h.core.on_binary_frame(frame, h.now));
        EXPECT_EQ(total.pongs, 2);
        EXPECT_EQ(total.rate_limited, 3);
        EXPECT_EQ(total.closes, 0);
        h.now += Millis{1000};  // slows down: the bucket refills, the strikes are forgiven
    }
    EXPECT_EQ(h.core.phase(), Phase::anonymous);
}

}  // namespace
}  // namespace tavolo::server::session::testing
