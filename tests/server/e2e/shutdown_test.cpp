// Issue 10 item 11: SIGTERM mid-hand. The server takes no new registration, lets the hand in flight
// finish (the players still act), commits it, closes every connection with SHUTTING_DOWN and exits 0;
// nothing is lost: the hand is in the database and every cent is where it was.
#include <gtest/gtest.h>

#include <future>

#include "tests/server/e2e/heads_up_match.hpp"

using namespace tavolo::testing;

TEST(Shutdown, SigtermMidHandLetsTheHandFinishCommitsItClosesEveryoneAndExitsZero) {
    HeadsUpMatch match(20);
    auto turn = match.until_turn_of(match.alice());
    ASSERT_TRUE(turn);
    const std::int64_t hand = turn->poker().hand();

    auto stopped = std::async(std::launch::async, [&] { return match.server().stop(); });
    ASSERT_TRUE(match.server().wait_for_log("event=shutdown ")) << match.server().log();

    // A newcomer is refused now; the two at the table play their hand on to its end.
    Player late(match.port());
    EXPECT_FALSE(late.connect()) << "no new connection once the shutdown began";
    match.alice().answered = 0;  // her decision is still pending: take it now
    EXPECT_TRUE(match.play_until_hand_ends(match.alice(), hand));

    for (Player* p : {&match.alice(), &match.bob()}) {
        p->wire().receive_until([](const v1::ServerMessage&) { return false; }, kHang);  // to the close
        int closings = 0;
        for (const auto& m : p->wire().received())
            closings += m.has_closing() && m.closing().code() == v1::ERROR_CODE_SHUTTING_DOWN;
        EXPECT_EQ(closings, 1) << "each player is told why, once";
    }
    EXPECT_EQ(stopped.get(), 0) << match.server().log();

    // The hand in flight is committed with the table's state; no hand past it was dealt.
    EXPECT_EQ(match.db().count("SELECT count(*) FROM hands WHERE hand_number = " + std::to_string(hand)), 1);
    EXPECT_EQ(match.db().count("SELECT max(hand_number) FROM hands"), hand);
    EXPECT_EQ(match.db().count("SELECT hand_number FROM tournament_tables"), hand);
    EXPECT_EQ(ledger_sum(match.db()), 0);
    EXPECT_TRUE(match.alice().wire().problems().empty());
}
