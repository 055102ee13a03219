#include "server/listener.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <optional>
#include <string_view>
#include <type_traits>

#include "server/api/live_auth.hpp"
#include "server/net/operator_ws.hpp"
#include "server/net/ws_session.hpp"
#include "server/routes.hpp"

namespace tavolo::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

constexpr std::size_t kMaxBodyBytes = 1 << 20;
constexpr std::uint32_t kMaxHeaderBytes = 8 * 1024;  // request line and headers together
constexpr auto kIdleTimeout = std::chrono::seconds(30);
// A client that connects to the TLS port and does not finish its handshake in this time is dropped.
constexpr auto kTlsHandshakeTimeout = std::chrono::seconds(10);
// After our last response on a connection we stop sending and read (and drop) whatever the client still
// sends, for this long at most: closing with unread data would make the kernel reset the connection,
// and a reset can destroy the response before the client reads it.
constexpr auto kLingerTimeout = std::chrono::seconds(2);
// Out of descriptors, the acceptor tries again this often (each try fails or takes a connection).
constexpr auto kAcceptPause = std::chrono::milliseconds(100);

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

// A request that asks for the protocol's WebSocket: GET /ws with an upgrade (any query string).
bool wants_websocket(const http::request<http::string_body>& request) {
    if (!websocket::is_upgrade(request)) return false;
    const std::string_view target = request.target();
    return target.substr(0, target.find('?')) == "/ws";
}

// What every connection shares, kept alive by each (the Listener may go before the last connection).
struct Shared {
    HttpHandler http;
    std::shared_ptr<const WebSocketServices> ws;
    std::unique_ptr<ssl::context> tls;  // null for plain HTTP; makes every connection's TLS stream
    OperatorLive live;                  // /api/v1/live (set before the first connection)
};

// An upgrade to the operators' live feed (any query string: the token may be in it).
bool wants_live(const http::request<http::string_body>& request) {
    if (!websocket::is_upgrade(request)) return false;
    const std::string_view target = request.target();
    return target.substr(0, target.find('?')) == api::kLivePath;
}

template <class Stream>
class HttpSession : public std::enable_shared_from_this<HttpSession<Stream>> {
  public:
    HttpSession(Stream&& stream, std::shared_ptr<const Shared> shared)
        : stream_(std::move(stream)), shared_(std::move(shared)) {}

    void start() {
        asio::dispatch(stream_.get_executor(), [self = this->shared_from_this()] {
            if constexpr (kTls)
                self->handshake();
            else
                self->read();
        });
    }

  private:
    static constexpr bool kTls = std::is_same_v<Stream, net::TlsStream>;
    using Response = http::response<http::string_body>;

    auto& tcp() { return beast::get_lowest_layer(stream_); }

    void handshake() requires kTls {
        tcp().expires_after(kTlsHandshakeTimeout);
        stream_.async_handshake(ssl::stream_base::server,
                                [self = this->shared_from_this()](beast::error_code ec) {
                                    if (ec) return self->fail(ec, "tls_handshake");
                                    self->read();
                                });
    }

    void read() {
        parser_.emplace();
        parser_->header_limit(kMaxHeaderBytes);
        parser_->body_limit(kMaxBodyBytes);
        tcp().expires_after(kIdleTimeout);
        http::async_read(
            stream_, buffer_, *parser_,
            [self = this->shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
    }

    void on_read(beast::error_code ec) {
        if (ec == http::error::end_of_stream) return linger();
        if (ec) {
            if (auto refusal = refusal_for(ec)) return refuse(std::move(*refusal));
            return fail(ec, "read");
        }
        if (wants_websocket(parser_->get()))
            return net::start_ws_session(std::move(stream_), parser_->release(), shared_->ws);
        if (shared_->live.feed != nullptr && wants_live(parser_->get())) return open_live();
        auto& req = parser_->get();
        // The parser refuses every version but 1.0 and 1.1 (bad_version), so answering in the request's is
        // safe.
        Answer answer{req.version(), req.keep_alive(), req.method() == http::verb::head};
        tcp().expires_never();  // the handler takes the time it needs; the connection waits for it
        shared_->http(
            {std::string(req.method_string()), std::string(req.target()), std::move(req.body()),
             std::string(req[http::field::authorization]), std::string(req[http::field::if_none_match])},
            [self = this->shared_from_this(), answer](HttpResponse out) {
                asio::post(self->stream_.get_executor(), [self, answer, out = std::move(out)]() mutable {
                    self->respond(answer, std::move(out));
                });
            });
    }

    // The bearer check before the upgrade: a refusal is an HTTP answer (no 101), then the connection ends.
    void open_live() {
        auto& req = parser_->get();
        const Answer answer{req.version(), false, false};
        tcp().expires_never();  // the check takes the time the database takes
        api::authorise_live(
            *shared_->live.backend, req[http::field::authorization], req.target(),
            [self = this->shared_from_this(), answer](std::optional<HttpResponse> refusal,
                                                      persistence::Account caller) {
                asio::post(self->stream_.get_executor(), [self, answer, refusal = std::move(refusal),
                                                          name = std::move(caller.name)]() mutable {
                    if (refusal) return self->respond(answer, std::move(*refusal));
                    net::start_operator_ws(std::move(self->stream_), self->parser_->release(),
                                           *self->shared_->live.feed, std::move(name));
                });
            });
    }

    // What the response must say about the request it answers.
    struct Answer {
        unsigned version;
        bool keep_alive;
        bool head;
    };

    void respond(Answer answer, HttpResponse out) {
        auto res = std::make_shared<Response>(static_cast<http::status>(out.status), answer.version);
        res->set(http::field::server, "tavolo");
        res->set(http::field::content_type, out.content_type);
        for (const auto& [name, value] : out.headers)
            res->set(name, value);
        res->keep_alive(answer.keep_alive);
        if (answer.head) {
            // The headers a GET would get, without the body (RFC 9110 9.3.2): a keep-alive client reads
            // no body after a HEAD, so one sent would be taken for the start of the next response. A 304
            // has no length of its own to tell.
            if (out.status != 304) res->content_length(out.body.size());
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
        tcp().expires_after(kIdleTimeout);
        http::async_write(stream_, *res,
                          [self = this->shared_from_this(), res](beast::error_code ec, std::size_t) {
                              if (ec) return self->fail(ec, "write");
                              if (!res->keep_alive()) return self->linger();
                              self->read();
                          });
    }

    // Ends the connection gracefully: stop sending, then drain what the client still sends until it
    // closes or kLingerTimeout passes; the socket closes when the last handler lets go of the session.
    // Under TLS the end of sending is the close_notify alert.
    void linger() {
        tcp().expires_after(kLingerTimeout);
        if constexpr (kTls) {
            stream_.async_shutdown([self = this->shared_from_this()](beast::error_code) {});
        } else {
            beast::error_code ec;
            stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
            if (ec) return;
            drain();
        }
    }

    void drain() {
        buffer_.clear();
        stream_.async_read_some(buffer_.prepare(4096),
                                [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
                                    if (!ec) self->drain();
                                });
    }

    void fail(beast::error_code ec, const char* what) {
        if (ec == asio::error::operation_aborted || ec == beast::error::timeout || ec == asio::error::eof ||
            ec == ssl::error::stream_truncated)
            return;
        spdlog::debug("event=http_error op={} error=\"{}\"", what, ec.message());
    }

    Stream stream_;
    std::shared_ptr<const Shared> shared_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
};

}  // namespace

struct Listener::Impl : std::enable_shared_from_this<Listener::Impl> {
    Impl(asio::io_context& context, std::shared_ptr<Shared> connections)
        : io(context),
          acceptor(asio::make_strand(context)),
          pause(acceptor.get_executor()),
          shared(std::move(connections)) {}

    asio::io_context& io;
    tcp::acceptor acceptor;          // on a strand: accepts and stop_accepting never run at once
    asio::steady_timer pause;        // on the acceptor's strand: out of descriptors, accept again later
    std::shared_ptr<Shared> shared;  // changed only before start()
    std::uint16_t port = 0;
    std::uint64_t refused_since_pause = 0;  // accepts that failed for want of descriptors, this episode
    bool paused = false;

    void accept() {
        acceptor.async_accept(asio::make_strand(io),
                              [self = shared_from_this()](beast::error_code ec, tcp::socket socket) {
                                  if (ec == asio::error::operation_aborted || !self->acceptor.is_open())
                                      return;
                                  if (out_of_descriptors(ec)) return self->pause_accepting(ec);
                                  if (ec)
                                      spdlog::warn("event=accept_error error=\"{}\"", ec.message());
                                  else
                                      self->serve(std::move(socket));
                                  self->resumed();
                                  self->accept();
                              });
    }

    // The process (or the system) holds as many descriptors as it may: the connection stays in the
    // listen backlog, so accepting again at once fails again at once (a loop at 100% of a core that
    // logged a line each turn). Wait until connections close, accepting again every kAcceptPause.
    static bool out_of_descriptors(beast::error_code ec) {
        return ec == asio::error::no_descriptors || ec == beast::errc::too_many_files_open_in_system ||
               ec == asio::error::no_buffer_space || ec == asio::error::no_memory;
    }
    void pause_accepting(beast::error_code ec) {
        ++refused_since_pause;
        if (!paused)
            spdlog::warn(
                "event=accept_paused error=\"{}\" retry_ms={} detail=\"no descriptor for a new connection: "
                "raise the open files limit (ulimit -n, LimitNOFILE=) or move players to another node\"",
                ec.message(), kAcceptPause.count());
        paused = true;
        pause.expires_after(kAcceptPause);
        pause.async_wait([self = shared_from_this()](beast::error_code waited) {
            if (!waited && self->acceptor.is_open()) self->accept();
        });
    }
    void resumed() {
        if (!paused) return;
        spdlog::warn("event=accept_resumed refused_attempts={}", refused_since_pause);
        paused = false;
        refused_since_pause = 0;
    }

    void serve(tcp::socket socket) {
        // Game messages are small and each one matters now: no Nagle delay behind an unacknowledged one.
        beast::error_code ignored;
        socket.set_option(tcp::no_delay(true), ignored);
        if (shared->tls) {
            std::make_shared<HttpSession<net::TlsStream>>(net::TlsStream(std::move(socket), *shared->tls),
                                                          shared)
                ->start();
        } else {
            std::make_shared<HttpSession<beast::tcp_stream>>(beast::tcp_stream(std::move(socket)), shared)
                ->start();
        }
    }
};

namespace {

// One TLS context for every connection, from the PEM files; an unreadable or mismatched file stops the
// server with the key named.
ssl::context tls_context(const ListenerOptions& options) {
    if (options.tls_certificate.empty() || options.tls_private_key.empty())
        throw std::runtime_error(
            "server.tls_certificate and server.tls_private_key must be set together (or neither, for plain "
            "HTTP)");
    ssl::context context{ssl::context::tls_server};
    context.set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                        ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 | ssl::context::single_dh_use);
    beast::error_code ec;
    context.use_certificate_chain_file(options.tls_certificate, ec);
    if (ec)
        throw std::runtime_error("server.tls_certificate: cannot use \"" + options.tls_certificate +
                                 "\": " + ec.message() + " (it must be a PEM certificate chain)");
    context.use_private_key_file(options.tls_private_key, ssl::context::pem, ec);
    if (ec)
        throw std::runtime_error("server.tls_private_key: cannot use \"" + options.tls_private_key +
                                 "\": " + ec.message() +
                                 " (it must be the PEM private key of server.tls_certificate)");
    return context;
}

}  // namespace

Listener::Listener(asio::io_context& io, ListenerOptions options, HttpHandler http, WebSocketServices ws) {
    auto shared = std::make_shared<Shared>();
    shared->http = std::move(http);
    shared->ws = std::make_shared<const WebSocketServices>(std::move(ws));
    if (!options.tls_certificate.empty() || !options.tls_private_key.empty())
        shared->tls = std::make_unique<ssl::context>(tls_context(options));
    impl_ = std::make_shared<Impl>(io, std::move(shared));

    beast::error_code ec;
    auto address = asio::ip::make_address(options.host, ec);
    if (ec)
        throw std::runtime_error("server.host: \"" + options.host +
                                 "\" is not an IP address (use e.g. 127.0.0.1 or 0.0.0.0)");
    tcp::endpoint endpoint{address, options.port};
    auto& acc = impl_->acceptor;
    acc.open(endpoint.protocol(), ec);
    if (!ec) acc.set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) acc.bind(endpoint, ec);
    if (!ec) acc.listen(asio::socket_base::max_listen_connections, ec);
    if (ec)
        throw std::runtime_error("cannot listen on " + options.host + ":" + std::to_string(options.port) +
                                 ": " + ec.message() +
                                 " (is another server using the port, or is the address not one of this "
                                 "machine's? change server.port or server.host)");
    impl_->port = acc.local_endpoint().port();
}

Listener::~Listener() {
    stop_accepting();
}

std::uint16_t Listener::port() const {
    return impl_->port;
}

bool Listener::tls() const {
    return impl_->shared->tls != nullptr;
}

void Listener::set_operator_live(OperatorLive live) {
    impl_->shared->live = live;
}

void Listener::start() {
    asio::dispatch(impl_->acceptor.get_executor(), [impl = impl_] { impl->accept(); });
}

void Listener::stop_accepting() {
    asio::post(impl_->acceptor.get_executor(), [impl = impl_] {
        beast::error_code ec;
        impl->acceptor.close(ec);
        impl->pause.cancel();
    });
}

}  // namespace tavolo::server
