// The WebSocket session over a real connection (server/net/README.md, server/session/README.md "The
// shell"): frames in, the core's answers out, and the close codes a client reads.
#include <gtest/gtest.h>

#include "tests/server/net/net_support.hpp"

namespace tavolo::server::net::testing {
namespace {

constexpr std::size_t kMaxFrame = 64 * 1024;

TEST(WsSession, HelloGetsWelcome) {
    TestServer server;
    WsClient client(server.port());
    client.send(hello());
    const auto answer = client.read();
    ASSERT_TRUE(answer.has_welcome()) << answer.DebugString();
    EXPECT_EQ(answer.request_id(), 1U);
    EXPECT_EQ(answer.welcome().version(), v1::PROTOCOL_VERSION_1);
    EXPECT_EQ(answer.welcome().server_version(), kServerVersion);
    EXPECT_EQ(answer.welcome().max_frame_bytes(), kMaxFrame);
}

TEST(WsSession, BadVersionGetsAnErrorThenClosePolicy) {
    TestServer server;
    WsClient client(server.port());
    client.send(hello(static_cast<v1::ProtocolVersion>(99)));
    std::vector<v1::ServerMessage> messages;
    const Closed closed = client.read_until_close(&messages);
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].error().code(), v1::ERROR_CODE_BAD_VERSION);
    EXPECT_EQ(closed.code, 1008);
}

TEST(WsSession, MalformedFrameBeforeHelloCloses) {
    TestServer server;
    WsClient client(server.port());
    client.send_binary("\xff\xff\xff\xff");
    std::vector<v1::ServerMessage> messages;
    const Closed closed = client.read_until_close(&messages);
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].error().code(), v1::ERROR_CODE_MALFORMED_FRAME);
    EXPECT_EQ(closed.code, 1008);
}

TEST(WsSession, MalformedFrameAfterHelloIsAnsweredAndTheSessionGoesOn) {
    TestServer server;
    WsClient client(server.port());
    welcome(client);
    client.send_binary("\xff\xff\xff\xff");
    const auto answer = client.read();
    EXPECT_EQ(answer.error().code(), v1::ERROR_CODE_MALFORMED_FRAME) << answer.DebugString();
    expect_served(client, 41);
}

TEST(WsSession, TextFrameIsMalformedAndTheSessionGoesOn) {
    TestServer server;
    WsClient client(server.port());
    welcome(client);
    client.send_text("{\"ping\":{}}");
    const auto answer = client.read();
    EXPECT_EQ(answer.error().code(), v1::ERROR_CODE_MALFORMED_FRAME) << answer.DebugString();
    expect_served(client, 42);
}

// A second Hello whose client string pads the frame to `bytes` exactly.
std::string hello_of_size(std::size_t bytes) {
    auto message = hello();
    message.set_request_id(3);
    std::size_t padding = bytes;
    for (;;) {
        message.mutable_hello()->set_client(std::string(padding, 'p'));
        const std::size_t size = message.ByteSizeLong();
        if (size == bytes) return message.SerializeAsString();
        padding = padding + bytes - size;
    }
}

TEST(WsSession, FrameOfExactlyTheLimitIsRead) {
    TestServer server;
    WsClient client(server.port());
    welcome(client);
    const std::string frame = hello_of_size(kMaxFrame);
    ASSERT_EQ(frame.size(), kMaxFrame);
    client.send_binary(frame);
    // Read and decoded: a second Hello, refused, and the session goes on.
    const auto answer = client.read();
    EXPECT_EQ(answer.error().code(), v1::ERROR_CODE_HELLO_EXPECTED) << answer.DebugString();
    EXPECT_EQ(answer.request_id(), 3U);
    expect_served(client, 43);
}

void expect_too_large(std::size_t bytes) {
    TestServer server;
    WsClient client(server.port());
    welcome(client);
    client.send_binary(std::string(bytes, '\x08'));
    std::vector<v1::ServerMessage> messages;
    const Closed closed = client.read_until_close(&messages);
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].error().code(), v1::ERROR_CODE_FRAME_TOO_LARGE) << messages[0].DebugString();
    EXPECT_EQ(closed.code, 1009);
}

TEST(WsSession, FrameOneByteOverTheLimitGetsFrameTooLargeThenClose1009) {
    expect_too_large(kMaxFrame + 1);
}

TEST(WsSession, OversizedFrameGetsFrameTooLargeThenClose1009WithoutBeingBuffered) {
    expect_too_large(1024 * 1024);
}

TEST(WsSession, FloodOf10000FramesIsRateLimitedThenClosedWhileAnotherClientIsServed) {
    TestServer server;
    WsClient other(server.port());
    welcome(other);
    WsClient flooder(server.port());
    welcome(flooder);
    flooder.flood(ping(7).SerializeAsString(), 10'000);
    std::vector<v1::ServerMessage> messages;
    const Closed closed = flooder.read_until_close(&messages);
    EXPECT_EQ(closed.code, 1008);
    EXPECT_GE(count_errors(messages, v1::ERROR_CODE_RATE_LIMITED), 1);
    // Refused before decoding, not answered frame by frame (README: at most a burst, then 21 errors).
    EXPECT_LT(messages.size(), 1'000U);
    ASSERT_FALSE(messages.empty());
    const v1::ServerMessage& last = messages.back();
    EXPECT_EQ(last.error().code(), v1::ERROR_CODE_RATE_LIMITED);
    server.closed.wait_for(1);
    expect_served(other, 44);
}

}  // namespace
}  // namespace tavolo::server::net::testing
