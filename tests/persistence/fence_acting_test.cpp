// Until when a node acts on what its leases hold (persistence/fence.hpp, Fence::acting): a node that
// stalled past its lease deals nothing, takes no action and runs no clock when it wakes.
#include <gtest/gtest.h>

#include "persistence/fence.hpp"

using tavolo::persistence::Fence;
using namespace std::chrono_literals;

namespace {

Fence::Deadline in(std::chrono::milliseconds d) {
    return std::chrono::steady_clock::now() + d;
}

}  // namespace

TEST(FenceActing, ATournamentActsUntilItsLastRenewalPlusALeaseAndNotOnceDropped) {
    Fence fence("a");
    EXPECT_TRUE(fence.acting(1, 10)) << "no lease placed it yet (the lobby just started it here)";
    fence.hold(1, 7, in(-1ms));
    EXPECT_FALSE(fence.acting(1, 10)) << "its deadline passed: the node stalled past its lease";
    fence.extend(1, in(60s));
    EXPECT_TRUE(fence.acting(1, 10)) << "renewed";
    fence.drop(1);
    EXPECT_FALSE(fence.acting(1, 10)) << "another node took it";
    fence.extend(1, in(60s));
    EXPECT_FALSE(fence.acting(1, 10)) << "a renewal answered late does not bring a dropped lease back";
    fence.hold(1, 9, in(60s));
    EXPECT_TRUE(fence.acting(1, 10)) << "taken again";
    EXPECT_TRUE(fence.acting(2, 20)) << "another tournament is not concerned";
}

TEST(FenceActing, AHostedTableActsByItsOwnLeaseAndByTheTournamentsOnceItsNodeTookTheTournamentOver) {
    Fence fence("b");
    fence.hold_table(10, 3, in(60s));
    EXPECT_TRUE(fence.acting(1, 10));
    fence.hold_table(10, 3, in(-1ms));
    EXPECT_FALSE(fence.acting(1, 10)) << "the table's lease, not renewed in time";
    fence.extend_table(10, in(60s));
    EXPECT_TRUE(fence.acting(1, 10));
    fence.drop_table(10);
    EXPECT_FALSE(fence.acting(1, 10)) << "its director's node took it back";
    EXPECT_TRUE(fence.acting(1, 11)) << "another table of that tournament, not hosted here, is not concerned";
    // The director's node died and this node took the tournament over: its table reopens here.
    fence.hold(1, 5, in(60s));
    EXPECT_TRUE(fence.acting(1, 10));
}
