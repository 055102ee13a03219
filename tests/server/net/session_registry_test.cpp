// The session registry over real connections (server/net/README.md): the Outbox's routes, the newer
// connection wins, away notices when a connection goes, the bounded send queue, and shutdown.
#include <gtest/gtest.h>

#include <atomic>
#include <future>

#include "tests/server/net/net_support.hpp"

namespace tavolo::server::net::testing {
namespace {

constexpr session::AccountIdValue kAlice = 11;
constexpr session::AccountIdValue kBob = 12;
constexpr TableAddress kTableA{.tournament_id = 5, .table = 0};
constexpr TableAddress kTableB{.tournament_id = 6, .table = 2};
constexpr TableAddress kTableC{.tournament_id = 7, .table = 1};

TEST(SessionRegistry, SessionIdsAreNeverReused) {
    TestServer server;
    std::vector<session::SessionId> ids;
    for (int i = 0; i < 100; ++i)
        ids.push_back(server.registry.next_id());
    std::ranges::sort(ids);
    EXPECT_EQ(std::ranges::adjacent_find(ids), ids.end());
}

TEST(SessionRegistry, ToSessionAndToAccountDeliverToTheLiveConnection) {
    TestServer server;
    WsClient alice(server.port());
    welcome(alice);
    const auto alice_session = log_in_as(server, alice, kAlice, "alice");
    WsClient bob(server.port());
    welcome(bob);
    const auto bob_session = log_in_as(server, bob, kBob, "bob");

    server.registry.to_session(bob_session, pong_frame(1));
    server.registry.to_account(kAlice, pong_frame(2));
    EXPECT_EQ(bob.read().pong().nonce(), 1U);
    EXPECT_EQ(alice.read().pong().nonce(), 2U);

    // For nobody: dropped, and nothing else is disturbed.
    server.registry.to_session(alice_session + bob_session + 1000, pong_frame(3));
    server.registry.to_account(404, pong_frame(4));
    server.registry.to_session(alice_session, pong_frame(5));
    EXPECT_EQ(alice.read().pong().nonce(), 5U);
    expect_served(bob, 6);
}

// Reads pongs until `count` have come; returns how many frames carried them.
std::size_t read_pongs(WsClient& client, std::uint64_t count, bool batches_allowed) {
    std::uint64_t next = 1;
    std::size_t frames = 0;
    while (next <= count) {
        const auto frame = client.read();
        ++frames;
        if (!frame.has_batch()) {
            EXPECT_EQ(frame.pong().nonce(), next) << frame.DebugString();
            ++next;
            continue;
        }
        EXPECT_TRUE(batches_allowed) << "a batch to a client whose Hello did not accept them";
        EXPECT_GE(frame.batch().messages_size(), 2);
        for (const auto& m : frame.batch().messages()) {
            EXPECT_FALSE(m.has_batch());
            EXPECT_EQ(m.pong().nonce(), next) << m.DebugString();
            ++next;
        }
    }
    EXPECT_EQ(next, count + 1);
    return frames;
}

TEST(SessionRegistry, FramesThatWaitGoOutAsOneBatchToAClientThatAcceptsThem) {
    TestServer server;
    WsClient alice(server.port());
    welcome(alice, /*batches=*/true);
    log_in_as(server, alice, kAlice, "alice");
    constexpr std::uint64_t kFrames = 300;
    for (std::uint64_t i = 1; i <= kFrames; ++i)
        server.registry.to_account(kAlice, pong_frame(i));
    // Every pong once, in order; the 300 came far faster than one write each.
    EXPECT_LT(read_pongs(alice, kFrames, true), kFrames);
    expect_served(alice, 1000);  // what the session answers itself is never batched behind nothing
}

TEST(SessionRegistry, AClientThatDoesNotAcceptBatchesGetsOneMessageAFrame) {
    TestServer server;
    WsClient bob(server.port());
    welcome(bob);
    log_in_as(server, bob, kBob, "bob");
    constexpr std::uint64_t kFrames = 300;
    for (std::uint64_t i = 1; i <= kFrames; ++i)
        server.registry.to_account(kBob, pong_frame(i));
    EXPECT_EQ(read_pongs(bob, kFrames, false), kFrames);
}

TEST(SessionRegistry, SecondLogInOfTheSameAccountClosesTheOlderWithSupersededAnd4000) {
    TestServer server;
    server.seats.seat(kAlice, kTableA);
    WsClient older(server.port());
    welcome(older);
    const auto older_session = log_in_as(server, older, kAlice, "alice");
    WsClient newer(server.port());
    welcome(newer);
    const auto newer_session = log_in_as(server, newer, kAlice, "alice");

    std::vector<v1::ServerMessage> messages;
    const Closed closed = older.read_until_close(&messages);
    EXPECT_EQ(closed.code, 4000);
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].closing().code(), v1::ERROR_CODE_SUPERSEDED) << messages[0].DebugString();
    EXPECT_FALSE(closed.reason.empty());

    wait_closed(server, older_session);
    EXPECT_EQ(server.registry.session_of(kAlice), newer_session);
    // The older session released nothing: the player is not away, his newer connection holds the seat.
    EXPECT_EQ(server.tables.requests.size(), 0U);
    server.registry.to_account(kAlice, pong_frame(8));
    EXPECT_EQ(newer.read().pong().nonce(), 8U);
}

TEST(SessionRegistry, DroppedConnectionSendsAwayNoticeToEveryTableOfTheSeatBook) {
    TestServer server;
    server.seats.seat(kAlice, kTableA);
    server.seats.seat(kAlice, kTableB);
    server.seats.seat(kBob, kTableC);
    session::SessionId session = 0;
    {
        WsClient alice(server.port());
        welcome(alice);
        session = log_in_as(server, alice, kAlice, "alice");
    }  // the socket closes with no close handshake, as a lost connection does

    const auto requests = server.tables.requests.wait_for(2);
    ASSERT_EQ(requests.size(), 2U);
    const std::vector<TableAddress> tables{requests[0].table, requests[1].table};
    EXPECT_EQ(tables, (std::vector<TableAddress>{kTableA, kTableB}));
    for (const auto& request : requests) {
        EXPECT_TRUE(std::holds_alternative<session::AwayNotice>(request.body));
        EXPECT_EQ(request.from.account, kAlice);
        EXPECT_EQ(request.from.session, session);
        EXPECT_EQ(request.request_id, 0U);
    }
    wait_closed(server, session);
    EXPECT_EQ(server.tables.requests.size(), 2U);  // none for Bob's table
    EXPECT_EQ(server.registry.session_of(kAlice), 0U);
}

TEST(SessionRegistry, ClientThatNeverReadsIsClosedWhenItsQueueOverflowsAndOthersAreServed) {
    TestServer server;
    WsClient other(server.port());
    welcome(other);
    WsClient stalled(server.port());
    welcome(stalled);
    const auto stalled_session = log_in_as(server, stalled, kBob, "bob");
    // From here the stalled client reads nothing: the kernel's buffers fill, then the bounded queue.
    const auto big = std::make_shared<const std::string>(std::string(60 * 1024, 'x'));
    const auto is_closed = [&] { return std::ranges::count(server.closed.items(), stalled_session) > 0; };
    for (int i = 0; i < 5'000 && !is_closed(); ++i)
        server.registry.to_session(stalled_session, big);
    wait_closed(server, stalled_session);
    EXPECT_EQ(server.registry.session_of(kBob), 0U);
    expect_served(other, 9);
    EXPECT_EQ(server.registry.live_sessions(), 1U);
}

TEST(SessionRegistry, ShutdownAllClosesEverySessionWithShuttingDownThenCallsDoneOnce) {
    TestServer server;
    std::vector<std::unique_ptr<WsClient>> clients;
    for (int i = 0; i < 3; ++i) {
        clients.push_back(std::make_unique<WsClient>(server.port()));
        welcome(*clients.back());
    }
    log_in_as(server, *clients[0], kAlice, "alice");

    std::atomic<int> calls{0};
    std::promise<void> done;
    server.registry.shutdown_all("maintenance", [&] {
        if (++calls == 1) done.set_value();
    });
    for (auto& client : clients) {
        std::vector<v1::ServerMessage> messages;
        const Closed closed = client->read_until_close(&messages);
        EXPECT_EQ(closed.code, 1001);
        ASSERT_EQ(messages.size(), 1U);
        EXPECT_EQ(messages[0].closing().code(), v1::ERROR_CODE_SHUTTING_DOWN);
        EXPECT_EQ(messages[0].closing().reason(), "maintenance");
    }
    ASSERT_EQ(done.get_future().wait_for(kHangGuard), std::future_status::ready);
    EXPECT_EQ(server.registry.live_sessions(), 0U);

    // A connection that opens during the shutdown is closed the same way.
    WsClient late(server.port());
    std::vector<v1::ServerMessage> messages;
    const Closed closed = late.read_until_close(&messages);
    EXPECT_EQ(closed.code, 1001);
    ASSERT_FALSE(messages.empty());
    EXPECT_EQ(messages.back().closing().code(), v1::ERROR_CODE_SHUTTING_DOWN);
    server.closed.wait_for(4);
    EXPECT_EQ(calls, 1);
}

// The Closing frame carries the whole reason; the close frame holds 123 bytes, cut before a character.
TEST(SessionRegistry, ShutdownReasonLongerThanACloseFrameIsCutBeforeACharacter) {
    TestServer server;
    WsClient client(server.port());
    welcome(client);
    const std::string reason =
        std::string(122, 'a') + "\u00e9" + std::string(50, 'b');  // é: bytes 122 and 123
    server.registry.shutdown_all(reason, [] {});
    std::vector<v1::ServerMessage> messages;
    const Closed closed = client.read_until_close(&messages);
    EXPECT_EQ(closed.code, 1001);
    EXPECT_EQ(closed.reason, std::string(122, 'a'));
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].closing().reason(), reason);
}

TEST(SessionRegistry, ShutdownAllWithNoSessionCallsDoneAtOnce) {
    TestServer server;
    int calls = 0;
    server.registry.shutdown_all("nobody here", [&] { ++calls; });
    EXPECT_EQ(calls, 1);
}

}  // namespace
}  // namespace tavolo::server::net::testing
