#include "tests/server/net/support/ws_client.hpp"

#include <gtest/gtest.h>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <stdexcept>
#include <type_traits>

namespace tavolo::testing {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using TlsStream = beast::ssl_stream<beast::tcp_stream>;

// Runs one asynchronous operation to its completion on `io`, driven by this thread; past kHangGuard
// the test fails (the event never came).
template <class Start>
beast::error_code run(asio::io_context& io, const char* what, Start start) {
    beast::error_code result;
    bool done = false;
    start([&](beast::error_code ec, auto&&...) {
        result = ec;
        done = true;
    });
    io.restart();
    const auto deadline = std::chrono::steady_clock::now() + kHangGuard;
    while (!done)
        if (io.run_one_until(deadline) == 0 && !done)
            throw std::runtime_error(std::string("test client: hang guard passed waiting for ") + what);
    return result;
}

void check(beast::error_code ec, const char* what) {
    if (ec) throw std::runtime_error(std::string("test client: ") + what + " failed: " + ec.message());
}

ssl::context client_context(const std::string& trusted_pem) {
    ssl::context context{ssl::context::tls_client};
    context.add_certificate_authority(asio::buffer(trusted_pem));
    context.set_verify_mode(ssl::verify_peer);
    return context;
}

template <class Stream>
void connect(asio::io_context& io, Stream& stream, std::uint16_t port) {
    const tcp::endpoint endpoint{asio::ip::make_address("127.0.0.1"), port};
    check(run(io, "connect",
              [&](auto handler) { beast::get_lowest_layer(stream).async_connect(endpoint, handler); }),
          "connect");
    if constexpr (std::is_same_v<Stream, TlsStream>)
        check(run(io, "TLS handshake",
                  [&](auto handler) { stream.async_handshake(ssl::stream_base::client, handler); }),
              "TLS handshake");
}

}  // namespace

struct WsClient::Impl {
    asio::io_context io;
    std::optional<ssl::context> tls;
    std::optional<websocket::stream<beast::tcp_stream>> plain;
    std::optional<websocket::stream<TlsStream>> secure;
    std::optional<Closed> closed;

    template <class Work>
    void with_stream(Work work) {
        if (plain)
            work(*plain);
        else
            work(*secure);
    }
};

WsClient::WsClient(std::uint16_t port, std::optional<std::string> trusted_pem)
    : impl_(std::make_unique<Impl>()) {
    auto& impl = *impl_;
    if (trusted_pem) {
        impl.tls.emplace(client_context(*trusted_pem));
        impl.secure.emplace(impl.io, *impl.tls);
    } else {
        impl.plain.emplace(impl.io);
    }
    impl.with_stream([&](auto& ws) {
        connect(impl.io, ws.next_layer(), port);
        check(run(impl.io, "the upgrade",
                  [&](auto handler) { ws.async_handshake("127.0.0.1", "/ws", handler); }),
              "WebSocket upgrade");
        ws.binary(true);
    });
}

WsClient::~WsClient() = default;

void WsClient::send(const v1::ClientMessage& message) {
    send_binary(message.SerializeAsString());
}

void WsClient::send_binary(const std::string& bytes) {
    impl_->with_stream([&](auto& ws) {
        ws.binary(true);
        check(run(impl_->io, "a write", [&](auto handler) { ws.async_write(asio::buffer(bytes), handler); }),
              "write");
    });
}

void WsClient::send_text(const std::string& text) {
    impl_->with_stream([&](auto& ws) {
        ws.text(true);
        check(run(impl_->io, "a write", [&](auto handler) { ws.async_write(asio::buffer(text), handler); }),
              "write");
        ws.binary(true);
    });
}

int WsClient::flood(const std::string& bytes, int count) {
    int written = 0;
    impl_->with_stream([&](auto& ws) {
        ws.binary(true);
        for (; written < count; ++written)
            if (run(impl_->io, "a write",
                    [&](auto handler) { ws.async_write(asio::buffer(bytes), handler); }))
                break;
    });
    return written;
}

Received WsClient::next() {
    if (impl_->closed) return *impl_->closed;
    beast::flat_buffer buffer;
    beast::error_code ec;
    impl_->with_stream([&](auto& ws) {
        ec = run(impl_->io, "a message", [&](auto handler) { ws.async_read(buffer, handler); });
        if (ec)
            impl_->closed =
                Closed{ws.reason().code, std::string(ws.reason().reason.data(), ws.reason().reason.size())};
    });
    if (ec) return *impl_->closed;
    v1::ServerMessage message;
    const auto data = buffer.cdata();
    if (!message.ParseFromArray(data.data(), static_cast<int>(data.size())))
        throw std::runtime_error("test client: the server sent a frame that is not a ServerMessage");
    return message;
}

v1::ServerMessage WsClient::read() {
    auto received = next();
    if (auto* closed = std::get_if<Closed>(&received)) {
        ADD_FAILURE() << "expected a message, the connection closed (code " << closed->code << ": "
                      << closed->reason << ")";
        return {};
    }
    return std::get<v1::ServerMessage>(std::move(received));
}

Closed WsClient::read_until_close(std::vector<v1::ServerMessage>* messages) {
    for (;;) {
        auto received = next();
        if (auto* closed = std::get_if<Closed>(&received)) return *closed;
        if (messages) messages->push_back(std::get<v1::ServerMessage>(std::move(received)));
    }
}

void WsClient::close() {
    impl_->with_stream([&](auto& ws) {
        check(run(impl_->io, "the close",
                  [&](auto handler) { ws.async_close(websocket::close_code::normal, handler); }),
              "close");
    });
    impl_->closed = Closed{websocket::close_code::normal, {}};
}

HttpsResult https_get(std::uint16_t port, const std::string& target, const std::string& trusted_pem) {
    asio::io_context io;
    auto context = client_context(trusted_pem);
    TlsStream stream(io, context);
    connect(io, stream, port);
    http::request<http::empty_body> request{http::verb::get, target, 11};
    request.set(http::field::host, "127.0.0.1");
    request.keep_alive(false);
    check(run(io, "the request", [&](auto handler) { http::async_write(stream, request, handler); }),
          "HTTPS write");
    beast::flat_buffer buffer;
    http::response<http::string_body> response;
    check(run(io, "the response", [&](auto handler) { http::async_read(stream, buffer, response, handler); }),
          "HTTPS read");
    return {static_cast<int>(response.result_int()), response.body()};
}

}  // namespace tavolo::testing
