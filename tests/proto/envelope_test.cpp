// The envelopes on the wire (proto/tavolo.proto): a ServerMessage and a ClientMessage round-trip
// through their binary form, garbage does not parse, and the handshake refuses another version.
#include <gtest/gtest.h>

#include "server/protocol/envelope.hpp"
#include "server/protocol/handshake.hpp"
#include "server/protocol/table_notices.hpp"
#include "tavolo.pb.h"

namespace tavolo::server::protocol {
namespace {

TEST(Protocol, EnvelopeRoundTripsThroughBinary) {
    v1::ServerMessage msg =
        error_message({v1::ERROR_CODE_NOT_YOUR_TURN, "wait for your turn"}, 7, {3, 1}, 42);
    const std::string wire = msg.SerializeAsString();

    v1::ServerMessage back;
    ASSERT_TRUE(back.ParseFromString(wire));
    EXPECT_EQ(back.request_id(), 7U);
    EXPECT_EQ(back.table_seq(), 42U);
    EXPECT_EQ(back.body_case(), v1::ServerMessage::kError);
    EXPECT_EQ(back.error().code(), v1::ERROR_CODE_NOT_YOUR_TURN);
    EXPECT_EQ(back.error().message(), "wait for your turn");
    EXPECT_EQ(back.error().table().tournament_id(), 3);
    EXPECT_EQ(back.error().table().table(), 1);
    // An error about no table carries no sequence number.
    EXPECT_EQ(error_message({v1::ERROR_CODE_NOT_LOGGED_IN, "log in first"}, 8).table_seq(), 0U);
}

TEST(Protocol, ClientEnvelopeRoundTripsThroughBinary) {
    v1::ClientMessage msg;
    msg.set_request_id(3);
    msg.mutable_hello()->set_version(v1::PROTOCOL_VERSION_1);
    msg.mutable_hello()->set_client("test");
    v1::ClientMessage back;
    ASSERT_TRUE(back.ParseFromString(msg.SerializeAsString()));
    EXPECT_EQ(back.body_case(), v1::ClientMessage::kHello);
    EXPECT_EQ(back.hello().version(), v1::PROTOCOL_VERSION_1);
}

TEST(Protocol, GarbageIsRejected) {
    v1::ClientMessage msg;
    EXPECT_FALSE(msg.ParseFromString(std::string("\xff\xff\xff\xff\xff", 5)));
}

TEST(Protocol, TableMessagesCarryTheTableSequenceNumber) {
    v1::TableEvent event;
    event.mutable_street_dealt()->set_street(2);
    const v1::ServerMessage msg = table_message(event, 99);
    EXPECT_EQ(msg.table_seq(), 99U);
    EXPECT_EQ(msg.table_event().street_dealt().street(), 2);
}

TEST(Protocol, TableNoticesNameTheTableAndWhoTheyAreAbout) {
    const v1::ServerMessage clock =
        table_message(clock_event({3, 1}, 12, {4, 104}, ClockState{7, 9'500, 20'000}), 5);
    EXPECT_EQ(clock.table_seq(), 5U);
    EXPECT_EQ(clock.table_event().hand(), 12);
    EXPECT_EQ(clock.table_event().clock().seat(), 4);
    EXPECT_EQ(clock.table_event().clock().decision(), 7);
    EXPECT_EQ(clock.table_event().clock().time_left_ms(), 9'500);
    EXPECT_EQ(clock.table_event().clock().time_bank_ms(), 20'000);
    const v1::TableEvent away = sitting_out_event({3, 1}, 12, {engine::kNoSeat, 55}, true);
    EXPECT_EQ(away.sitting_out().player(), 55);
    EXPECT_EQ(away.sitting_out().seat(), -1);
    EXPECT_TRUE(away.sitting_out().sitting_out());
    EXPECT_FALSE(connection_event({3, 1}, 12, {2, 102}, false).connection().connected());
    const v1::ServerMessage chat = table_message(chat_line({3, 1}, "anna", "ciao"), 6);
    EXPECT_EQ(chat.chat_line().from(), "anna");
    EXPECT_EQ(chat.table_seq(), 6U);
}

TEST(ProtocolHandshake, HelloInThisVersionIsWelcomed) {
    v1::Hello hello;
    hello.set_version(v1::PROTOCOL_VERSION_1);
    const auto welcome = accept_hello(hello, "1.2.3");
    ASSERT_TRUE(welcome.has_value());
    EXPECT_EQ(welcome->version(), v1::PROTOCOL_VERSION_1);
    EXPECT_EQ(welcome->server_version(), "1.2.3");
    EXPECT_EQ(welcome->max_frame_bytes(), 64U * 1024U);
}

TEST(ProtocolHandshake, AnotherVersionIsRefusedWithBadVersion) {
    for (int version : {0, 2, 7}) {
        v1::Hello hello;
        hello.set_version(static_cast<v1::ProtocolVersion>(version));
        const auto refused = accept_hello(hello, "1.2.3");
        ASSERT_FALSE(refused.has_value()) << version;
        EXPECT_EQ(refused.error().code, v1::ERROR_CODE_BAD_VERSION);
        EXPECT_NE(refused.error().message.find(std::to_string(version)), std::string::npos)
            << refused.error().message;
    }
}

// A version the proto file does not list still parses (proto3 keeps unknown enum values), so the
// server can refuse it with BAD_VERSION rather than as a malformed frame.
TEST(ProtocolHandshake, AFutureVersionNumberSurvivesTheWire) {
    v1::ClientMessage msg;
    msg.mutable_hello()->set_version(static_cast<v1::ProtocolVersion>(2));
    v1::ClientMessage back;
    ASSERT_TRUE(back.ParseFromString(msg.SerializeAsString()));
    EXPECT_FALSE(accept_hello(back.hello(), "x").has_value());
    EXPECT_EQ(static_cast<int>(back.hello().version()), 2);
}

}  // namespace
}  // namespace tavolo::server::protocol
