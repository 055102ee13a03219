#pragma once
// Test support for the network layer: the real Listener and SessionRegistry on port 0, on an
// io_context run by 2 threads, with in-process fakes of the services the sessions call (each records
// what it was asked, and the test answers through the registry as the real services will). Waits are on
// the recorded events themselves; kHangGuard only ends a test whose event never comes.
#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <condition_variable>
#include <future>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "server/actors/seat_book.hpp"
#include "server/listener.hpp"
#include "server/net/session_registry.hpp"
#include "server/routes.hpp"
#include "tests/server/net/support/ws_client.hpp"

namespace tavolo::server::net::testing {

using namespace ::tavolo::testing;
namespace v1 = ::tavolo::v1;
using protocol::TableAddress;

// What a fake was asked, from any strand, in order; the test waits until it holds what it expects.
template <class T>
class Log {
  public:
    void push(T item) {
        {
            std::lock_guard lock(mutex_);
            items_.push_back(std::move(item));
        }
        changed_.notify_all();
    }

    // Every item so far, once there are at least n.
    std::vector<T> wait_for(std::size_t n) const {
        std::unique_lock lock(mutex_);
        if (!changed_.wait_for(lock, kHangGuard, [&] { return items_.size() >= n; }))
            throw std::runtime_error("hang guard: expected " + std::to_string(n) + " events, got " +
                                     std::to_string(items_.size()));
        return items_;
    }

    // Every item so far, once `done(items)` holds.
    template <class Done>
    std::vector<T> wait_until(Done done) const {
        std::unique_lock lock(mutex_);
        if (!changed_.wait_for(lock, kHangGuard, [&] { return done(items_); }))
            throw std::runtime_error("hang guard: the awaited event never came");
        return items_;
    }

    void clear() {
        std::lock_guard lock(mutex_);
        items_.clear();
    }

    std::vector<T> items() const {
        std::lock_guard lock(mutex_);
        return items_;
    }

    std::size_t size() const {
        std::lock_guard lock(mutex_);
        return items_.size();
    }

  private:
    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    std::vector<T> items_;
};

struct FakeAccounts final : session::AccountService {
    Log<session::AccountRequest> requests;
    void submit(session::AccountRequest request) override { requests.push(std::move(request)); }
};

// Knows every table: records the request and says it was delivered.
struct FakeTables final : session::TableDirectory {
    Log<session::TableRequest> requests;
    session::Routed submit(session::TableRequest request) override {
        requests.push(std::move(request));
        return session::Routed::delivered;
    }
};

struct FakeLobby final : session::LobbyGateway {
    Log<session::LobbyRequest> requests;
    void submit(session::LobbyRequest request) override { requests.push(std::move(request)); }
};

inline constexpr const char* kServerVersion = "net-test";

inline HttpHandler health_routes() {
    return [](HttpRequest request, HttpResponder respond) {
        const ServerInfo info{kServerVersion, [] { return Readiness{true, ""}; }, {}};
        respond(route(info, request));
    };
}

// The server side of every test: the real Listener and SessionRegistry with fake services.
struct TestServer {
    explicit TestServer(ListenerOptions options = {}, HttpHandler http = health_routes(),
                        session::SessionLimits limits = {})
        : listener(io, std::move(options), std::move(http),
                   {accounts, tables, lobby, registry, kServerVersion, limits}) {
        registry.set_table_directory(tables);
        registry.set_closed_listener([this](session::SessionId id) { closed.push(id); });
        listener.start();
        for (int i = 0; i < 2; ++i)
            threads.emplace_back([this] { io.run(); });
    }

    ~TestServer() {
        // Every connection closes before the io_context stops, as in the server.
        std::promise<void> done;
        registry.shutdown_all("the test is over", [&done] { done.set_value(); });
        done.get_future().wait_for(kHangGuard);
        work.reset();
        io.stop();
        for (auto& thread : threads)
            thread.join();
    }

    std::uint16_t port() const { return listener.port(); }

    boost::asio::io_context io;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work{io.get_executor()};
    actors::SeatBook seats;
    FakeAccounts accounts;
    FakeTables tables;
    FakeLobby lobby;
    SessionRegistry registry{io, seats};
    Log<session::SessionId> closed;  // every session that closed, from the closed listener
    Listener listener;
    std::vector<std::thread> threads;
};

// ---- Client messages ------------------------------------------------------------------------------

inline v1::ClientMessage hello(v1::ProtocolVersion version = v1::PROTOCOL_VERSION_1, bool batches = false) {
    v1::ClientMessage message;
    message.set_request_id(1);
    message.mutable_hello()->set_version(version);
    message.mutable_hello()->set_client("net test");
    message.mutable_hello()->set_accepts_batches(batches);
    return message;
}

inline v1::ClientMessage ping(std::uint64_t nonce) {
    v1::ClientMessage message;
    message.set_request_id(nonce);
    message.mutable_ping()->set_nonce(nonce);
    return message;
}

inline v1::ClientMessage log_in(const std::string& name, std::uint64_t request_id = 2) {
    v1::ClientMessage message;
    message.set_request_id(request_id);
    message.mutable_log_in()->set_name(name);
    message.mutable_log_in()->set_password("correct horse");
    return message;
}

// A ServerMessage frame as an actor would hand it to the Outbox.
inline session::Frame pong_frame(std::uint64_t nonce) {
    v1::ServerMessage message;
    message.mutable_pong()->set_nonce(nonce);
    return session::serialise(message);
}

// ---- Steps --------------------------------------------------------------------------------------

// Hello → Welcome (with `batches`, a Hello that accepts ServerMessage.batch).
inline void welcome(WsClient& client, bool batches = false) {
    client.send(hello(v1::PROTOCOL_VERSION_1, batches));
    const auto answer = client.read();
    ASSERT_TRUE(answer.has_welcome()) << answer.DebugString();
    EXPECT_EQ(answer.welcome().batches(), batches);
}

// Ping → Pong: the session is served.
inline void expect_served(WsClient& client, std::uint64_t nonce) {
    client.send(ping(nonce));
    const auto answer = client.read();
    EXPECT_TRUE(answer.has_pong()) << answer.DebugString();
    EXPECT_EQ(answer.pong().nonce(), nonce);
}

// Logs in as `account`: the fake AccountService is asked, the test grants the account through the
// registry (Outbox::account_result) as the real service will, the client reads LoggedIn. Returns the
// session's id (the one the request named).
inline session::SessionId log_in_as(TestServer& server, WsClient& client, session::AccountIdValue account,
                                    const std::string& name) {
    const std::size_t before = server.accounts.requests.size();
    client.send(log_in(name));
    const session::AccountRequest request = server.accounts.requests.wait_for(before + 1).at(before);
    session::AccountGranted granted{.account = account,
                                    .name = name,
                                    .resume_token = std::string(64, 'a'),
                                    .resume_token_expires_at_ms = 1'900'000'000'000,
                                    .balance_cents = 100'000,
                                    .seated_at = {}};
    server.registry.account_result(request.session, {request.request_id, std::move(granted)});
    const auto answer = client.read();
    EXPECT_TRUE(answer.has_logged_in()) << answer.DebugString();
    EXPECT_EQ(answer.logged_in().account_id(), account);
    return request.session;
}

// Waits until the session `id` has closed (the registry's closed listener heard it).
inline void wait_closed(const TestServer& server, session::SessionId id) {
    server.closed.wait_until(
        [id](const std::vector<session::SessionId>& ids) { return std::ranges::count(ids, id) > 0; });
}

// The errors among `messages`, by code.
inline int count_errors(const std::vector<v1::ServerMessage>& messages, v1::ErrorCode code) {
    return static_cast<int>(std::ranges::count_if(
        messages, [&](const v1::ServerMessage& m) { return m.has_error() && m.error().code() == code; }));
}

}  // namespace tavolo::server::net::testing
