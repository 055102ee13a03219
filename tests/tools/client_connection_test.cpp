// tools/client's WebSocket connection against the scripted server (fake_ws_server.hpp): frames sent
// from on_open, and before and after it, leave in order, each once (issue 14: on_open's first write
// and the handshake's were two writes at once; the queue was popped twice and a bots process of
// 5,000 crashed on an empty queue).
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tests/tools/fake_ws_server.hpp"
#include "tools/client/url.hpp"
#include "tools/client/websocket_connection.hpp"

namespace tavolo::client {
namespace {

using tavolo::testing::FakeWsServer;

// The bots send their Hello from on_open, with nothing queued before: that first write and the
// handshake's own were two writes at once.
TEST(ClientConnection, FramesSentFromOnOpenLeaveInOrderEachOnce) {
    FakeWsServer server;
    std::vector<std::string> received;
    std::thread script([&] {
        if (!server.accept()) return;
        while (auto frame = server.read_message())
            received.push_back(*frame);
    });
    boost::asio::io_context io;
    std::shared_ptr<Connection> connection;
    Connection::Handlers handlers;
    handlers.on_open = [&] {
        connection->send("open-1");
        connection->send("open-2");
        boost::asio::post(io, [&] {
            connection->send("later");
            connection->close();  // once the queue is written
        });
    };
    handlers.on_closed = [&](const std::string&) { io.stop(); };
    connection = make_connection(io, *parse_url(server.url()), nullptr, handlers);
    connection->start();
    io.run();
    script.join();
    EXPECT_EQ(received, (std::vector<std::string>{"open-1", "open-2", "later"}));
}

// The same while the server pings, as the real server's keep-alive does, and talks back. Before the fix
// the handshake's end started a second write of the queue's front beside on_open's; Beast parks such a
// write until its read answers a ping, so the test above (a server that never pings) never saw it. At
// the first ping after the queue was written, the parked write woke, sent the buffer of a frame already
// popped (freed memory: the bots' "malformed frames") and popped the queue once more (their crash on an
// empty queue, or here the next frame lost). The server must receive each frame exactly once, intact,
// in order, then the answer to its own frame. (Checked against the old code: this test fails there, the
// one above passes on both.)
TEST(ClientConnection, FramesSentFromOnOpenArriveEachExactlyOnceAndIntactThoughTheServerPings) {
    constexpr int kFrames = 64;
    const auto frame = [](int i) {
        // 2 KiB, its number at both ends and a filler that differs from its neighbours'.
        const std::string tag = "frame-" + std::to_string(i) + ":";
        return tag + std::string(2 * 1024, static_cast<char>('a' + i % 26)) + ":" + tag;
    };
    FakeWsServer server;
    std::vector<std::string> received;
    std::thread script([&] {
        if (!server.accept()) return;
        while (received.size() < static_cast<std::size_t>(kFrames)) {
            auto message = server.read_message();
            if (!message) return;
            received.push_back(*message);
        }
        server.send_ping();  // the client's queue is empty now: nothing of it may be written again
        server.send_binary("bye");
        while (auto message = server.read_message())
            received.push_back(*message);
    });
    boost::asio::io_context io;
    std::shared_ptr<Connection> connection;
    Connection::Handlers handlers;
    handlers.on_open = [&] {
        for (int i = 0; i < kFrames; ++i)
            connection->send(frame(i));
    };
    handlers.on_frame = [&](std::string_view, bool) {
        connection->send("last");
        connection->close();  // once "last" is written
    };
    handlers.on_closed = [&](const std::string&) { io.stop(); };
    connection = make_connection(io, *parse_url(server.url()), nullptr, handlers);
    connection->start();
    io.run();
    script.join();
    ASSERT_EQ(received.size(), static_cast<std::size_t>(kFrames) + 1) << "a frame lost or sent twice";
    for (int i = 0; i < kFrames; ++i) {
        if (received[static_cast<std::size_t>(i)] != frame(i)) {
            ADD_FAILURE() << "frame " << i << " arrived changed or out of order: it begins "
                          << received[static_cast<std::size_t>(i)].substr(0, 16);
        }
    }
    EXPECT_TRUE(received.back() == "last")
        << "the last frame is not the client's answer: it begins " << received.back().substr(0, 16);
}

}  // namespace
}  // namespace tavolo::client
