#include <gtest/gtest.h>

#include "tavolo.pb.h"

TEST(Protocol, EnvelopeRoundTripsThroughBinary) {
    tavolo::proto::ServerMessage msg;
    msg.set_request_id(7);
    msg.set_table_seq(42);
    msg.mutable_error()->set_code("NOT_YOUR_TURN");
    std::string wire = msg.SerializeAsString();

    tavolo::proto::ServerMessage back;
    ASSERT_TRUE(back.ParseFromString(wire));
    EXPECT_EQ(back.table_seq(), 42U);
    EXPECT_EQ(back.body_case(), tavolo::proto::ServerMessage::kError);
    EXPECT_EQ(back.error().code(), "NOT_YOUR_TURN");
}

TEST(Protocol, GarbageIsRejected) {
    tavolo::proto::ClientMessage msg;
    EXPECT_FALSE(msg.ParseFromString(std::string("\xff\xff\xff\xff\xff", 5)));
}
