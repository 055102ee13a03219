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

}  // namespace
}  // namespace tavolo::client
