// SessionCore: the handshake, every refused input (its code, and nothing else changed), and the routing
// of table and lobby requests. Login flows: session_login_test.cpp; limits: session_limits_test.cpp.
#include <gtest/gtest.h>

#include "tests/server/session_support.hpp"

namespace tavolo::server::session::testing {
namespace {

using Phase = SessionCore::Phase;

// ---- Handshake --------------------------------------------------------------------------------------

TEST(SessionHandshake, HelloInThisVersionIsWelcomedWithTheFrameLimit) {
    Harness h;
    const auto messages = sent(h.feed(hello()));
    ASSERT_EQ(messages.size(), 1U);
    ASSERT_TRUE(messages[0].has_welcome());
    EXPECT_EQ(messages[0].request_id(), 1U);
    EXPECT_EQ(messages[0].welcome().version(), v1::PROTOCOL_VERSION_1);
    EXPECT_EQ(messages[0].welcome().max_frame_bytes(), 64U * 1024U);
    EXPECT_EQ(h.core.phase(), Phase::anonymous);
}

TEST(SessionHandshake, AnotherVersionGetsBadVersionThenClose) {
    for (auto version : {v1::PROTOCOL_VERSION_UNSPECIFIED, static_cast<v1::ProtocolVersion>(2)}) {
        Harness h;
        const auto effects = h.feed(hello(version));
        EXPECT_EQ(error_code(effects), v1::ERROR_CODE_BAD_VERSION);
        EXPECT_EQ(closes(effects), 1);
        EXPECT_EQ(h.core.phase(), Phase::closed);
    }
}

TEST(SessionHandshake, AnythingBeforeHelloGetsHelloExpectedThenCloseAndReachesNoService) {
    Harness h;
    const auto effects = h.feed(log_in("alice", "correct horse"));
    EXPECT_EQ(error_code(effects), v1::ERROR_CODE_HELLO_EXPECTED);
    EXPECT_EQ(closes(effects), 1);
    EXPECT_TRUE(h.services_untouched());
    // Closed: a Hello now is ignored, not welcomed.
    EXPECT_TRUE(h.feed(hello()).empty());
}

TEST(SessionHandshake, MalformedOrTextFrameBeforeHelloCloses) {
    Harness bytes;
    auto effects = bytes.feed_bytes("\xff\xff\xff garbage");
    EXPECT_EQ(error_code(effects), v1::ERROR_CODE_MALFORMED_FRAME);
    EXPECT_EQ(closes(effects), 1);

    Harness text;
    effects = text.core.on_text_frame(Millis{1});
    EXPECT_EQ(error_code(effects), v1::ERROR_CODE_MALFORMED_FRAME);
    EXPECT_EQ(closes(effects), 1);
}

TEST(SessionHandshake, SecondHelloIsRefusedAndTheSessionGoesOn) {
    Harness h;
    h.welcome();
    const auto effects = h.feed(hello());
    EXPECT_EQ(error_code(effects), v1::ERROR_CODE_HELLO_EXPECTED);
    EXPECT_EQ(closes(effects), 0);
    EXPECT_EQ(h.core.phase(), Phase::anonymous);
}

// ---- Refused frames after the handshake -------------------------------------------------------------

TEST(SessionFrames, OversizedFrameGetsFrameTooLargeThenClose) {
    Harness h;
    h.log_in_alice();
    v1::ClientMessage big = chat(kTable, std::string(70 * 1024, 'x'));
    const std::string bytes = bytes_of(big);
    ASSERT_GT(bytes.size(), 64U * 1024U);
    const auto effects = h.feed_bytes(bytes);
    EXPECT_EQ(error_code(effects), v1::ERROR_CODE_FRAME_TOO_LARGE);
    EXPECT_EQ(closes(effects), 1);
    EXPECT_TRUE(h.services_untouched());  // not decoded, not routed
}

TEST(SessionFrames, FrameOfExactlyTheLimitIsRead) {
    SessionLimits limits;
    limits.max_frame_bytes = 64;
    Harness h(7, limits);
    h.welcome();
    v1::ClientMessage padded = ping(1);
    padded.mutable_ping()->set_nonce(1);
    std::string bytes = bytes_of(padded);
    ASSERT_LE(bytes.size(), 64U);
    // Pad with an unknown length-delimited field (number 1000) up to exactly 64 bytes.
    const std::size_t header = 3;  // tag (2 bytes) + length (1 byte)
    bytes += std::string("\xc2\x3e", 2) + static_cast<char>(64 - bytes.size() - header);
    bytes.resize(64, 'p');
    ASSERT_EQ(bytes.size(), 64U);
    const auto messages = sent(h.feed_bytes(bytes));
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_TRUE(messages[0].has_pong());
    EXPECT_EQ(error_code(h.feed_bytes(bytes + "x")), v1::ERROR_CODE_FRAME_TOO_LARGE);
}

TEST(SessionFrames, FrameRefusedByTheSocketAsTooLargeCloses) {
    Harness h;
    h.welcome();
    const auto effects = h.core.on_frame_too_large();
    EXPECT_EQ(error_code(effects), v1::ERROR_CODE_FRAME_TOO_LARGE);
    EXPECT_EQ(closes(effects), 1);
}

TEST(SessionFrames, TextFrameGetsMalformedFrameAndChangesNothing) {
    Harness h;
    h.log_in_alice();
    const auto effects = h.core.on_text_frame(h.now + Millis{100});
    EXPECT_EQ(error_code(effects), v1::ERROR_CODE_MALFORMED_FRAME);
    EXPECT_EQ(closes(effects), 0);
    EXPECT_EQ(h.core.phase(), Phase::logged_in);
    EXPECT_TRUE(h.services_untouched());
}

TEST(SessionFrames, MalformedBytesGetMalformedFrameAndTheSessionGoesOn) {
    Harness h;
    h.log_in_alice();
    // A field header announcing 100 bytes that never come.
    const auto effects = h.feed_bytes(std::string("\x0a\x64\x01\x02", 4));
    EXPECT_EQ(error_code(effects), v1::ERROR_CODE_MALFORMED_FRAME);
    EXPECT_EQ(closes(effects), 0);
    EXPECT_TRUE(h.services_untouched());
    EXPECT_TRUE(sent(h.feed(ping(5))).at(0).has_pong());  // still served
}

TEST(SessionFrames, InvalidUtf8InATextFieldIsAMalformedFrame) {
    Harness h;
    h.log_in_alice();
    // Built by hand: field 21 (chat), holding field 2 (text) = the two bytes 0xff 0xfe.
    const std::string bytes("\xaa\x01\x04\x12\x02\xff\xfe", 7);
    const auto effects = h.feed_bytes(bytes);
    EXPECT_EQ(error_code(effects), v1::ERROR_CODE_MALFORMED_FRAME);
    EXPECT_EQ(closes(effects), 0);
    EXPECT_TRUE(h.services_untouched());
}

TEST(SessionFrames, EmptyBodyGetsUnknownMessage) {
    Harness h;
    h.log_in_alice();
    v1::ClientMessage empty;
    empty.set_request_id(33);
    const auto messages = sent(h.feed(empty));
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].error().code(), v1::ERROR_CODE_UNKNOWN_MESSAGE);
    EXPECT_EQ(messages[0].request_id(), 33U);  // the answer names the request
    EXPECT_TRUE(h.services_untouched());
}

TEST(SessionFrames, PingIsAnsweredWithItsNonce) {
    Harness h;
    h.welcome();
    const auto messages = sent(h.feed(ping(77)));
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].pong().nonce(), 77U);
}

// ---- Tables -----------------------------------------------------------------------------------------

TEST(SessionTables, TableRequestBeforeLogInGetsNotLoggedIn) {
    Harness h;
    h.welcome();
    for (const auto& message : {fold(kTable), observe(kTable), chat(kTable, "hi")}) {
        const auto effects = h.feed(message);
        EXPECT_EQ(error_code(effects), v1::ERROR_CODE_NOT_LOGGED_IN);
        EXPECT_EQ(closes(effects), 0);
    }
    EXPECT_TRUE(h.services_untouched());
    EXPECT_EQ(h.core.phase(), Phase::anonymous);
}

TEST(SessionTables, ActionIsRoutedToItsTableWithTheAccount) {
    Harness h;
    h.log_in_alice();
    EXPECT_TRUE(h.feed(fold(kOtherTable)).empty());
    ASSERT_EQ(h.tables.requests.size(), 1U);
    const auto& request = h.tables.requests[0];
    EXPECT_EQ(request.table, kOtherTable);
    EXPECT_EQ(request.request_id, 11U);
    EXPECT_EQ(request.from.session, 7U);
    EXPECT_EQ(request.from.account, kAccount);
    EXPECT_EQ(request.from.name, "alice");
    const auto* action = std::get_if<v1::Action>(&request.body);
    ASSERT_NE(action, nullptr);
    EXPECT_EQ(action->hand(), 3);
    EXPECT_EQ(action->decision(), 4);
}

TEST(SessionTables, UnknownTableGetsUnknownTableNamingIt) {
    Harness h;
    h.log_in_alice();
    const TableAddress nowhere{.tournament_id = 99, .table = 3};
    const auto messages = sent(h.feed(fold(nowhere)));
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].error().code(), v1::ERROR_CODE_UNKNOWN_TABLE);
    EXPECT_EQ(messages[0].error().table().tournament_id(), 99);
    EXPECT_EQ(messages[0].error().table().table(), 3);
    EXPECT_EQ(messages[0].table_seq(), 0U);  // not a message from a table
    EXPECT_TRUE(h.tables.requests.empty());
}

TEST(SessionTables, ImpossibleTableIdsAreUnknownWithoutAskingTheDirectory) {
    Harness h;
    h.log_in_alice();
    h.tables.live.push_back({.tournament_id = 0, .table = -1});  // would be found if asked
    EXPECT_EQ(error_code(h.feed(fold({.tournament_id = 0, .table = -1}))), v1::ERROR_CODE_UNKNOWN_TABLE);
    EXPECT_TRUE(h.tables.requests.empty());
}

TEST(SessionTables, RequestWithoutTableOrWithoutCommandGetsBadField) {
    Harness h;
    h.log_in_alice();
    v1::ClientMessage no_table = fold(kTable);
    no_table.mutable_action()->clear_table();
    EXPECT_EQ(error_code(h.feed(no_table)), v1::ERROR_CODE_BAD_FIELD);
    v1::ClientMessage no_command = fold(kTable);
    no_command.mutable_action()->clear_poker();
    EXPECT_EQ(error_code(h.feed(no_command)), v1::ERROR_CODE_BAD_FIELD);
    v1::ClientMessage sit_out;
    sit_out.mutable_sit_out();
    EXPECT_EQ(error_code(h.feed(sit_out)), v1::ERROR_CODE_BAD_FIELD);
    EXPECT_TRUE(h.services_untouched());
}

TEST(SessionTables, SitOutAndSitInAreRouted) {
    Harness h;
    h.log_in_alice();
    v1::ClientMessage out;
    protocol::set_table(out.mutable_sit_out()->mutable_table(), kTable);
    v1::ClientMessage in;
    protocol::set_table(in.mutable_sit_in()->mutable_table(), kTable);
    EXPECT_TRUE(h.feed(out).empty());
    EXPECT_TRUE(h.feed(in).empty());
    ASSERT_EQ(h.tables.requests.size(), 2U);
    EXPECT_TRUE(std::get<SitOutRequest>(h.tables.requests[0].body).sitting_out);
    EXPECT_FALSE(std::get<SitOutRequest>(h.tables.requests[1].body).sitting_out);
}

TEST(SessionTables, ChatIsCheckedThenRouted) {
    Harness h;
    h.log_in_alice();
    EXPECT_EQ(error_code(h.feed(chat(kTable, ""))), v1::ERROR_CODE_BAD_CHAT);
    EXPECT_EQ(error_code(h.feed(chat(kTable, "   "))), v1::ERROR_CODE_BAD_CHAT);
    EXPECT_EQ(error_code(h.feed(chat(kTable, std::string(201, 'a')))), v1::ERROR_CODE_BAD_CHAT);
    EXPECT_EQ(error_code(h.feed(chat(kTable, "two\nlines"))), v1::ERROR_CODE_BAD_CHAT);
    EXPECT_TRUE(h.services_untouched());

    // 200 characters of two bytes each: the limit counts characters, not bytes.
    std::string accented;
    for (int i = 0; i < 200; ++i)
        accented += "\xc3\xa9";
    EXPECT_TRUE(h.feed(chat(kTable, accented)).empty());
    ASSERT_EQ(h.tables.requests.size(), 1U);
    EXPECT_EQ(std::get<ChatRequest>(h.tables.requests[0].body).text, accented);
}

// A client at several tables tells which of its requests failed: every refusal of a table request
// that named a table carries it in Error.table (issue 14's review), not only UNKNOWN_TABLE's.
TEST(SessionTables, ARefusedTableRequestNamesItsTable) {
    SessionLimits limits;
    limits.max_observed_tables = 1;
    Harness h(7, limits);
    const auto named = [](const Effects& effects) {
        const auto messages = sent(effects);
        return messages.size() == 1 && messages[0].has_error() &&
               messages[0].error().table().tournament_id() == kOtherTable.tournament_id &&
               messages[0].error().table().table() == kOtherTable.table;
    };
    Harness anonymous;
    anonymous.welcome();
    EXPECT_TRUE(named(anonymous.feed(fold(kOtherTable)))) << "not logged in";
    h.log_in_alice();
    EXPECT_TRUE(named(h.feed(chat(kOtherTable, "")))) << "a bad chat line";
    v1::ClientMessage no_command = fold(kOtherTable);
    no_command.mutable_action()->clear_poker();
    EXPECT_TRUE(named(h.feed(no_command))) << "an action without a command";
    EXPECT_TRUE(h.feed(observe(kTable)).empty());
    EXPECT_TRUE(named(h.feed(observe(kOtherTable)))) << "over the observed tables' bound";
    v1::ClientMessage no_table = fold(kTable);
    no_table.mutable_action()->clear_table();
    const auto unnamed = sent(h.feed(no_table));
    ASSERT_EQ(unnamed.size(), 1U);
    EXPECT_FALSE(unnamed[0].error().has_table()) << "a request that named no table";
}

TEST(SessionTables, ObservedTablesAreTrackedAndReleasedOnClose) {
    Harness h;
    h.log_in_alice();
    EXPECT_TRUE(h.feed(observe(kTable)).empty());
    EXPECT_TRUE(h.feed(observe(kTable)).empty());  // again: a resync, not a second entry
    EXPECT_EQ(error_code(h.feed(observe({.tournament_id = 5, .table = 0}))), v1::ERROR_CODE_UNKNOWN_TABLE);
    EXPECT_EQ(h.core.observed_tables(), std::vector<TableAddress>{kTable});
    h.tables.requests.clear();

    const auto effects = h.core.on_closed();
    ASSERT_EQ(h.tables.requests.size(), 1U);
    EXPECT_EQ(h.tables.requests[0].table, kTable);
    EXPECT_TRUE(std::holds_alternative<StopObservingRequest>(h.tables.requests[0].body));
    ASSERT_EQ(effects.size(), 1U);
    EXPECT_EQ(std::get<ReleaseAccount>(effects[0]).account, kAccount);
    EXPECT_TRUE(h.core.on_closed().empty());  // once
}

TEST(SessionTables, ObservingIsBoundedPerConnection) {
    SessionLimits limits;
    limits.max_observed_tables = 1;
    Harness h(7, limits);
    h.log_in_alice();
    EXPECT_TRUE(h.feed(observe(kTable)).empty());
    EXPECT_EQ(error_code(h.feed(observe(kOtherTable))), v1::ERROR_CODE_ILLEGAL_ACTION);
    v1::ClientMessage stop;
    protocol::set_table(stop.mutable_stop_observing()->mutable_table(), kTable);
    EXPECT_TRUE(h.feed(stop).empty());
    EXPECT_TRUE(h.feed(observe(kOtherTable)).empty());
    EXPECT_EQ(h.core.observed_tables(), std::vector<TableAddress>{kOtherTable});
}

// ---- Lobby --------------------------------------------------------------------------------------------

TEST(SessionLobby, LobbyIsOpenToTheWelcomedButRegistrationNeedsAnAccount) {
    Harness h;
    h.welcome();
    v1::ClientMessage subscribe;
    subscribe.mutable_subscribe_lobby();
    EXPECT_TRUE(h.feed(subscribe).empty());
    ASSERT_EQ(h.lobby.requests.size(), 1U);
    EXPECT_EQ(h.lobby.requests[0].account, 0);

    v1::ClientMessage reg;
    reg.mutable_register_tournament()->set_tournament_id(12);
    EXPECT_EQ(error_code(h.feed(reg)), v1::ERROR_CODE_NOT_LOGGED_IN);
    v1::ClientMessage wallet;
    wallet.mutable_get_wallet();
    EXPECT_EQ(error_code(h.feed(wallet)), v1::ERROR_CODE_NOT_LOGGED_IN);
    EXPECT_EQ(h.lobby.requests.size(), 1U);
}

TEST(SessionLobby, RegistrationIsForwardedWithTheAccount) {
    Harness h;
    h.log_in_alice();
    v1::ClientMessage reg;
    reg.set_request_id(40);
    reg.mutable_register_tournament()->set_tournament_id(12);
    EXPECT_TRUE(h.feed(reg).empty());
    ASSERT_EQ(h.lobby.requests.size(), 1U);
    EXPECT_EQ(h.lobby.requests[0].account, kAccount);
    EXPECT_EQ(h.lobby.requests[0].request_id, 40U);
    EXPECT_EQ(std::get<v1::Register>(h.lobby.requests[0].body).tournament_id(), 12);
}

}  // namespace
}  // namespace tavolo::server::session::testing
