#include "server/listener.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <optional>
#include <thread>
#include <vector>

#include "server/routes.hpp"

namespace tavolo::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

constexpr std::size_t kMaxBodyBytes = 1 << 20;
constexpr std::uint32_t kMaxHeaderBytes = 8 * 1024;  // request line and headers together
constexpr auto kIdleTimeout = std::chrono::seconds(30);
// After our last response on a connection we stop sending and read (and drop) whatever the client still
// sends, for this long at most: closing with unread data would make the kernel reset the connection,
// and a reset can destroy the response before the client reads it.
constexpr auto kLingerTimeout = std::chrono::seconds(2);

struct Refusal {
    http::status status;
    const char* code;
    std::string message;
};

// The answer to a request the parser refused, or nothing when there is nobody to answer (the client
// closed, timed out, or the socket failed).
std::optional<Refusal> refusal_for(beast::error_code ec) {
    using E = http::error;
    const auto bad = [](std::string message) {
        return Refusal{http::status::bad_request, "BAD_REQUEST", std::move(message)};
    };
    if (ec == E::header_limit || ec == E::buffer_overflow)
        return Refusal{http::status::request_header_fields_too_large, "HEADERS_TOO_LARGE",
                       "the request line and headers exceed " + std::to_string(kMaxHeaderBytes) + " bytes"};
    if (ec == E::body_limit)
        return Refusal{http::status::payload_too_large, "BODY_TOO_LARGE",
                       "the request body exceeds " + std::to_string(kMaxBodyBytes) + " bytes"};
    if (ec == E::bad_version)
        return bad("malformed or unsupported HTTP version in the request line: this server speaks HTTP/1.1");
    if (ec == E::bad_method) return bad("malformed method in the request line");
    if (ec == E::bad_target) return bad("malformed request target (the path)");
    if (ec == E::bad_line_ending) return bad("a line of the request does not end with CRLF");
    if (ec == E::bad_field || ec == E::bad_value || ec == E::bad_obs_fold)
        return bad("malformed header field");
    if (ec == E::bad_content_length || ec == E::multiple_content_length)
        return bad("Content-Length must be given once, as a non-negative decimal number");
    if (ec == E::bad_transfer_encoding)
        return bad("unsupported Transfer-Encoding: only chunked, as the last encoding, is understood");
    if (ec == E::bad_chunk || ec == E::bad_chunk_extension) return bad("malformed chunk in a chunked body");
    // The client ended its side mid-request: it may still read (a half-close), and learns why nothing
    // will be served; a client that is gone makes the write fail quietly.
    if (ec == E::partial_message)
        return bad(
            "the request ended before its headers or its body were complete: send the whole request "
            "(the body as long as Content-Length says) before closing");
    if (ec.category() == beast::http::make_error_code(E::bad_method).category() && ec != E::end_of_stream)
        return bad("malformed request: " + ec.message());
    return std::nullopt;
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
  public:
    HttpSession(tcp::socket socket, const HttpHandler& handler)
        : stream_(std::move(socket)), handler_(handler) {}

    void start() {
        asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
    }

  private:
    using Response = http::response<http::string_body>;

    void read() {
        parser_.emplace();
        parser_->header_limit(kMaxHeaderBytes);
        parser_->body_limit(kMaxBodyBytes);
        stream_.expires_after(kIdleTimeout);
        http::async_read(
            stream_, buffer_, *parser_,
            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
    }

    void on_read(beast::error_code ec) {
        if (ec == http::error::end_of_stream) return linger();
        if (ec) {
            if (auto refusal = refusal_for(ec)) return refuse(std::move(*refusal));
            return fail(ec, "read");
        }
        auto& req = parser_->get();
        HttpResponse out =
            handler_({std::string(req.method_string()), std::string(req.target()), req.body()});
        // The parser refuses every version but 1.0 and 1.1 (bad_version), so answering in the request's is
        // safe.
        auto res = std::make_shared<Response>(static_cast<http::status>(out.status), req.version());
        res->set(http::field::server, "tavolo");
        res->set(http::field::content_type, out.content_type);
        res->keep_alive(req.keep_alive());
        if (req.method() == http::verb::head) {
            // The headers a GET would get, without the body (RFC 9110 9.3.2): a keep-alive client reads
            // no body after a HEAD, so one sent would be taken for the start of the next response.
            res->content_length(out.body.size());
        } else {
            res->body() = std::move(out.body);
            res->prepare_payload();
        }
        write(std::move(res));
    }

    // A request the parser refused: a coded JSON error, then the connection ends (the parser cannot
    // tell where the next request would start).
    void refuse(Refusal refusal) {
        auto res = std::make_shared<Response>(refusal.status, 11);
        res->set(http::field::server, "tavolo");
        res->set(http::field::content_type, "application/json");
        res->keep_alive(false);
        res->body() = error_body(refusal.code, refusal.message);
        res->prepare_payload();
        spdlog::debug("event=http_refused status={} reason=\"{}\"", static_cast<int>(refusal.status),
                      refusal.message);
        write(std::move(res));
    }

    void write(std::shared_ptr<Response> res) {
        stream_.expires_after(kIdleTimeout);
        http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
            if (ec) return self->fail(ec, "write");
            if (!res->keep_alive()) return self->linger();
            self->read();
        });
    }

    // Ends the connection gracefully: stop sending, then drain what the client still sends until it
    // closes or kLingerTimeout passes; the socket closes when the last handler lets go of the session.
    void linger() {
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        if (ec) return;
        stream_.expires_after(kLingerTimeout);
        drain();
    }

    void drain() {
        buffer_.clear();
        stream_.async_read_some(buffer_.prepare(4096),
                                [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                    if (!ec) self->drain();
                                });
    }

    void fail(beast::error_code ec, const char* what) {
        if (ec == asio::error::operation_aborted || ec == beast::error::timeout || ec == asio::error::eof)
            return;
        spdlog::debug("event=http_error op={} error=\"{}\"", what, ec.message());
    }

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    const HttpHandler& handler_;
};

}  // namespace

struct Listener::Impl {
    asio::io_context ioc;
    tcp::acceptor acceptor{ioc};
    asio::signal_set signals{ioc, SIGINT, SIGTERM};
    int threads = 1;
    HttpHandler handler;

    void accept() {
        acceptor.async_accept(asio::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
            if (ec) {
                if (ec == asio::error::operation_aborted) return;
                spdlog::warn("event=accept_error error=\"{}\"", ec.message());
            } else {
                std::make_shared<HttpSession>(std::move(socket), handler)->start();
            }
            accept();
        });
    }
};

Listener::Listener(const std::string& host, std::uint16_t port, int threads, HttpHandler handler)
    : impl_(std::make_unique<Impl>()) {
    impl_->threads =
        threads > 0 ? threads : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    impl_->handler = std::move(handler);
    beast::error_code ec;
    auto address = asio::ip::make_address(host, ec);
    if (ec)
        throw std::runtime_error("server.host: \"" + host +
                                 "\" is not an IP address (use e.g. 127.0.0.1 or 0.0.0.0)");
    tcp::endpoint endpoint{address, port};
    auto& acc = impl_->acceptor;
    acc.open(endpoint.protocol(), ec);
    if (!ec) acc.set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) acc.bind(endpoint, ec);
    if (!ec) acc.listen(asio::socket_base::max_listen_connections, ec);
    if (ec)
        throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port) + ": " +
                                 ec.message() +
                                 " (is another server using the port, or is the address not one of this "
                                 "machine's? change server.port or server.host)");
}

Listener::~Listener() = default;

std::uint16_t Listener::port() const {
    return impl_->acceptor.local_endpoint().port();
}

void Listener::run() {
    impl_->signals.async_wait([this](beast::error_code, int sig) {
        spdlog::info("event=shutdown signal={}", sig);
        stop();
    });
    impl_->accept();
    std::vector<std::thread> pool;
    for (int i = 1; i < impl_->threads; ++i)
        pool.emplace_back([this] { impl_->ioc.run(); });
    impl_->ioc.run();
    for (auto& t : pool)
        t.join();
}

void Listener::stop() {
    asio::post(impl_->ioc, [this] {
        beast::error_code ec;
        impl_->acceptor.close(ec);
        impl_->signals.cancel(ec);
        impl_->ioc.stop();
    });
}

}  // namespace tavolo::server
