// Issue 10's hostile inputs against the real server mid-hand: each gets an error and changes nothing,
// and the server keeps serving the others (RULES.md §5 for the actions; the session's limits for the
// frames). Accounts: a wrong password is refused, the stored password is an Argon2id hash.
#include <gtest/gtest.h>

#include "tests/server/e2e/heads_up_match.hpp"

using namespace tavolo::testing;

namespace {

v1::ServerMessage answer_of(Player& p, std::uint64_t request) {
    auto answer = p.wire().receive_answer(request, kHang);
    return answer ? *answer : v1::ServerMessage{};
}

v1::PokerCommand call() {
    v1::PokerCommand c;
    c.mutable_call();
    return c;
}

v1::PokerCommand raise_to(std::int64_t amount) {
    v1::PokerCommand c;
    c.set_bet_or_raise_to(amount);
    return c;
}

}  // namespace

TEST(HostileClient, RefusedActionsChangeNothingAndTheHandGoesOn) {
    HeadsUpMatch match;
    auto turn = match.until_turn_of(match.alice());
    ASSERT_TRUE(turn);
    const v1::TableRef table = turn->table();
    const std::int64_t hand = turn->poker().hand();
    const std::int64_t decision = turn->poker().decision();
    const std::uint64_t seq = match.alice().wire().tables().find(client::key_of(table))->last_seq();

    // Bob acts out of turn.
    const auto out_of_turn = answer_of(match.bob(), match.bob().act(table, hand, decision, call()));
    EXPECT_EQ(out_of_turn.error().code(), v1::ERROR_CODE_NOT_YOUR_TURN) << out_of_turn.DebugString();

    // Alice raises to more than she has.
    const auto too_much =
        answer_of(match.alice(), match.alice().act(table, hand, decision, raise_to(1'000'000'000)));
    EXPECT_EQ(too_much.error().code(), v1::ERROR_CODE_ILLEGAL_AMOUNT) << too_much.DebugString();

    // An unknown table, a hand that is not in play.
    v1::TableRef nowhere = table;
    nowhere.set_table(table.table() + 7);
    const auto unknown = answer_of(match.alice(), match.alice().act(nowhere, hand, decision, call()));
    EXPECT_EQ(unknown.error().code(), v1::ERROR_CODE_UNKNOWN_TABLE) << unknown.DebugString();
    const auto old_hand = answer_of(match.alice(), match.alice().act(table, hand + 5, decision, call()));
    EXPECT_EQ(old_hand.error().code(), v1::ERROR_CODE_STALE_DECISION) << old_hand.DebugString();

    // Someone who holds no seat there acts at the table (an action for another's seat).
    Player carol(match.port());
    ASSERT_TRUE(carol.connect());
    ASSERT_TRUE(carol.create_account("carol" + std::to_string(::getpid() % 10000), kPassword));
    const auto not_seated =
        answer_of(carol, carol.act(table, hand, decision, check_or_call(turn->poker().legal())));
    EXPECT_EQ(not_seated.error().code(), v1::ERROR_CODE_NOT_SEATED) << not_seated.DebugString();

    // Malformed bytes and a text frame: an error each, the session goes on.
    match.alice().wire().send_raw(std::string("\xff\xff\xff\xff garbage", 12));
    auto malformed = match.alice().wire().receive_until(client::body_is(v1::ServerMessage::kError), kHang);
    ASSERT_TRUE(malformed);
    EXPECT_EQ(malformed->error().code(), v1::ERROR_CODE_MALFORMED_FRAME);
    match.alice().wire().send_raw("{\"action\": \"fold\"}", false);
    auto text = match.alice().wire().receive_until(client::body_is(v1::ServerMessage::kError), kHang);
    ASSERT_TRUE(text);
    EXPECT_EQ(text->error().code(), v1::ERROR_CODE_MALFORMED_FRAME);

    // Nothing moved: the table's sequence and the pending decision are as they were.
    const auto* tracker = match.alice().wire().tables().find(client::key_of(table));
    EXPECT_EQ(tracker->last_seq(), seq);
    ASSERT_NE(tracker->poker_legal(), nullptr);
    EXPECT_EQ(tracker->poker_legal()->decision(), decision);

    // And the hand goes on: alice acts, both play it to its end.
    match.alice().act(table, hand, decision, check_or_call(turn->poker().legal()));
    match.alice().answered = decision;
    EXPECT_TRUE(match.play_until_hand_ends(match.alice(), hand));
    EXPECT_TRUE(match.alice().wire().problems().empty()) << match.alice().wire().problems().front().text;
}

TEST(HostileClient, OversizedFramesAndFloodsCloseThatConnectionOnlyAndTheOthersAreServed) {
    HeadsUpMatch match;
    ASSERT_TRUE(match.until_turn_of(match.alice()));
    match.alice().answered = 0;  // her decision is still pending: she takes it below

    Player big(match.port());
    ASSERT_TRUE(big.connect());
    big.wire().send_raw(std::string(64 * 1024 + 1, '\x08'));
    const auto too_large = big.wire().receive_until(client::body_is(v1::ServerMessage::kError), kHang);
    ASSERT_TRUE(too_large);
    EXPECT_EQ(too_large->error().code(), v1::ERROR_CODE_FRAME_TOO_LARGE);
    big.wire().receive_until([](const v1::ServerMessage&) { return false; }, kHang);
    EXPECT_FALSE(big.wire().is_open());

    Player flood(match.port());
    ASSERT_TRUE(flood.connect());
    v1::ClientMessage ping;
    ping.mutable_ping()->set_nonce(1);
    std::string frame;
    ping.SerializeToString(&frame);
    for (int i = 0; i < 10'000; ++i)
        flood.wire().send_raw(frame);
    flood.wire().receive_until([](const v1::ServerMessage&) { return false; }, kHang);
    EXPECT_FALSE(flood.wire().is_open()) << "a flood of 10,000 frames ends that connection";
    int rate_limited = 0;
    for (const auto& m : flood.wire().received())
        rate_limited += m.has_error() && m.error().code() == v1::ERROR_CODE_RATE_LIMITED;
    EXPECT_GT(rate_limited, 0);

    // The players at the table are served as before: the hand goes on to its end.
    auto turn = match.until_turn_of(match.alice());
    ASSERT_TRUE(turn);
    match.alice().answered = 0;  // found, not yet answered: play_until_hand_ends takes it
    EXPECT_TRUE(match.play_until_hand_ends(match.alice(), turn->poker().hand()));
}

TEST(Accounts, AWrongPasswordIsRefusedAndTheStoredPasswordIsAnArgon2idHash) {
    HeadsUpMatch match;
    Player again(match.port());
    ASSERT_TRUE(again.connect());
    const auto wrong = again.log_in(match.alice_name(), "not the password");
    ASSERT_TRUE(wrong && wrong->has_error());
    EXPECT_EQ(wrong->error().code(), v1::ERROR_CODE_WRONG_CREDENTIALS);
    const auto taken = again.create_account(match.alice_name(), kPassword);
    ASSERT_TRUE(taken && taken->has_error());
    EXPECT_EQ(taken->error().code(), v1::ERROR_CODE_NAME_TAKEN);

    const std::string stored =
        match.db().query("SELECT password_hash FROM accounts WHERE name = '" + match.alice_name() + "'");
    EXPECT_EQ(stored.rfind("$argon2id$", 0), 0U) << stored;
    EXPECT_EQ(stored.find(kPassword), std::string::npos);
    // Each new account received the starting grant through the ledger, minus its buy-in.
    EXPECT_EQ(
        match.db().count("SELECT count(*) FROM wallets WHERE kind = 'player' AND balance = 100000 - 1100"),
        2);
    EXPECT_EQ(ledger_sum(match.db()), 0);
}
