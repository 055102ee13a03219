// At-least-once, in-order delivery over NATS (server/cluster/sequenced_link.*): what is not acknowledged
// goes again, the receiver takes each message once and in order.
#include "server/cluster/sequenced_link.hpp"

#include <gtest/gtest.h>

#include <random>

namespace tavolo::server::cluster {
namespace {

using namespace std::chrono_literals;
using Verdict = IncomingLink::Verdict;

TEST(SequencedLink, WhatIsNotAcknowledgedGoesAgainFromTheOldestAndAnAcknowledgementForgetsIt) {
    OutgoingLink out;
    const auto t0 = OutgoingLink::Clock::now();
    for (const char* m : {"a", "b", "c"}) {
        const auto seq = out.next();
        out.keep(seq, m, t0);
    }
    EXPECT_TRUE(out.due(t0 + 100ms, 500ms).empty()) << "not due yet";
    EXPECT_EQ(out.due(t0 + 500ms, 500ms), (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_TRUE(out.due(t0 + 600ms, 500ms).empty()) << "sent again at 500 ms: due from 1000 ms";
    out.acknowledged(2);
    EXPECT_EQ(out.unacknowledged(), 1U);
    EXPECT_EQ(out.due(t0 + 1s, 500ms), (std::vector<std::string>{"c"}));
    out.acknowledged(1);  // an older acknowledgement, late: changes nothing
    EXPECT_EQ(out.unacknowledged(), 1U);
    out.acknowledged(3);
    EXPECT_TRUE(out.due(t0 + 10s, 500ms).empty());
    EXPECT_EQ(out.next(), 4U) << "numbers go on";
}

TEST(SequencedLink, TheReceiverTakesTheNextOnlyAndDropsDuplicatesAndWhatFollowsAGap) {
    IncomingLink in;
    EXPECT_EQ(in.take(2), Verdict::gap) << "1 was lost";
    EXPECT_EQ(in.acknowledge(), 0U);
    EXPECT_EQ(in.take(1), Verdict::next);
    EXPECT_EQ(in.take(1), Verdict::duplicate);
    EXPECT_EQ(in.take(2), Verdict::next);
    EXPECT_EQ(in.take(4), Verdict::gap);
    EXPECT_EQ(in.take(3), Verdict::next);
    EXPECT_EQ(in.acknowledge(), 3U);
}

// A lossy channel: a third of the messages lost (a fixed seed), resent at each "round" until all are
// through, in order.
TEST(SequencedLink, OverALossyChannelEveryMessageArrivesOnceAndInOrder) {
    OutgoingLink out;
    IncomingLink in;
    std::vector<std::string> taken;
    std::mt19937 rng(14);
    std::bernoulli_distribution lost(1.0 / 3);
    auto now = OutgoingLink::Clock::now();
    const auto carry = [&](const std::string& bytes) {
        if (lost(rng)) return;
        const std::uint64_t seq = std::stoull(bytes);
        if (in.take(seq) == Verdict::next) taken.push_back(bytes);
        out.acknowledged(in.acknowledge());
    };
    for (int i = 0; i < 20; ++i) {
        const auto seq = out.next();
        const std::string bytes = std::to_string(seq);
        out.keep(seq, bytes, now);
        carry(bytes);
    }
    for (int round = 0; round < 40 && out.unacknowledged() > 0; ++round) {
        now += 1s;
        for (const auto& bytes : out.due(now, 500ms))
            carry(bytes);
    }
    ASSERT_EQ(taken.size(), 20U);
    for (std::size_t i = 0; i < taken.size(); ++i)
        EXPECT_EQ(taken[i], std::to_string(i + 1));
    EXPECT_EQ(out.unacknowledged(), 0U);
}

}  // namespace
}  // namespace tavolo::server::cluster
