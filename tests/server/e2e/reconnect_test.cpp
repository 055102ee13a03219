// Issue 10 item 6 and RULES.md §5: a player who drops mid-hand resumes with his token and is
// re-attached to the same seat of the same hand with a full snapshot (his cards, whose turn, the
// clock), acts, and the hand goes on to its end; a stale or duplicated action is refused and never
// applied twice; a second connection of the same account wins. Real server, real PostgreSQL, two
// scripted players over real WebSocket connections, in real time (the action clock never runs out
// while the test acts at once).
#include <gtest/gtest.h>

#include "tests/server/e2e/heads_up_match.hpp"

using namespace tavolo::testing;

TEST(Reconnect, Rules5APlayerWhoDropsMidHandResumesTheSameSeatAndHandAndPlaysItToTheEnd) {
    HeadsUpMatch match;
    auto turn = match.until_turn_of(match.alice());
    ASSERT_TRUE(turn) << "alice never got a decision";
    if (turn->poker().decision() < 2) {  // a stale decision below needs one before it
        HeadsUpMatch::play_turn_now(match.alice(), *turn);
        turn = match.until_turn_of(match.alice());
        ASSERT_TRUE(turn);
    }
    const v1::TableRef table = turn->table();
    const std::int64_t hand = turn->poker().hand();
    const std::int64_t decision = turn->poker().decision();
    const int seat = turn->your_seat();
    const auto cards = match.alice().wire().tables().find(client::key_of(table))->own_cards();
    ASSERT_FALSE(cards.empty());

    // The connection drops mid-hand, on alice's own turn.
    match.alice().wire().close();
    Player again(match.port());
    ASSERT_TRUE(again.connect());
    const auto resumed = again.resume(match.alice().token());
    ASSERT_TRUE(resumed && resumed->has_logged_in()) << (resumed ? resumed->DebugString() : "no answer");
    ASSERT_EQ(resumed->logged_in().seated_at_size(), 1);
    EXPECT_EQ(resumed->logged_in().seated_at(0).table(), table.table());
    EXPECT_NE(resumed->logged_in().resume_token(), match.alice().token()) << "a fresh token each time";

    // A full snapshot of the same seat in the same hand: her cards, her turn, the clock still running.
    const auto snapshot =
        again.wire().receive_until(client::body_is(v1::ServerMessage::kTableSnapshot), kHang);
    ASSERT_TRUE(snapshot) << "no snapshot after the resume";
    const v1::TableSnapshot& view = snapshot->table_snapshot();
    EXPECT_EQ(view.your_seat(), seat);
    EXPECT_EQ(view.poker().hand(), hand);
    EXPECT_EQ(view.poker().to_act(), seat);
    EXPECT_EQ(view.poker().decision(), decision);
    EXPECT_GT(view.clock().time_left_ms(), 0);
    EXPECT_EQ(again.wire().tables().find(client::key_of(table))->own_cards(), cards);

    // An action for an older decision is refused and changes nothing.
    const auto legal = view.poker().legal();
    const auto stale = again.act(table, hand, decision - 1, check_or_call(legal));
    const auto refused = again.wire().receive_answer(stale, kHang);
    ASSERT_TRUE(refused && refused->has_error()) << (refused ? refused->DebugString() : "no answer");
    EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_STALE_DECISION);
    EXPECT_EQ(refused->table_seq(), again.wire().tables().find(client::key_of(table))->last_seq())
        << "a refusal moves the table nowhere";

    // The right one is applied once; the same action again is refused.
    again.act(table, hand, decision, check_or_call(legal));
    again.answered = decision;
    const auto twice = again.act(table, hand, decision, check_or_call(legal));
    const auto duplicate = again.wire().receive_answer(twice, kHang);
    ASSERT_TRUE(duplicate && duplicate->has_error()) << (duplicate ? duplicate->DebugString() : "no answer");
    EXPECT_TRUE(duplicate->error().code() == v1::ERROR_CODE_STALE_DECISION ||
                duplicate->error().code() == v1::ERROR_CODE_NOT_YOUR_TURN)
        << duplicate->DebugString();

    // She plays the hand to its end, won or lost.
    EXPECT_TRUE(match.play_until_hand_ends(again, hand)) << "the hand never ended";
    EXPECT_TRUE(again.wire().problems().empty()) << again.wire().problems().front().text;
    EXPECT_TRUE(match.bob().wire().problems().empty());
}

TEST(Reconnect, ASecondConnectionOfTheSameAccountWinsAndTheOlderIsClosedWithAReason) {
    HeadsUpMatch match;
    Player second(match.port());
    ASSERT_TRUE(second.connect());
    const auto logged = second.log_in(match.alice_name(), kPassword);
    ASSERT_TRUE(logged && logged->has_logged_in());
    const auto closing =
        match.alice().wire().receive_until(client::body_is(v1::ServerMessage::kClosing), kHang);
    ASSERT_TRUE(closing) << "the older connection was not told";
    EXPECT_EQ(closing->closing().code(), v1::ERROR_CODE_SUPERSEDED);
    EXPECT_FALSE(closing->closing().reason().empty());
    // The newer connection sits at the table: it gets the snapshot of the seat.
    EXPECT_TRUE(second.wire().receive_until(client::body_is(v1::ServerMessage::kTableSnapshot), kHang));
}
