// The only file of the client with Beast in it: compiling stream operations is the build's dearest
// part (ENV.md), so both streams (plain and TLS) are instantiated here once.
#include "tools/client/websocket_connection.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include <chrono>
#include <deque>
#include <type_traits>
#include <utility>

namespace tavolo::client {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

class TlsContext {
  public:
    TlsContext() : context(asio::ssl::context::tls_client) {}
    asio::ssl::context context;
    bool verify = true;
};

std::expected<std::shared_ptr<TlsContext>, std::string> make_tls_context(const TlsOptions& options) {
    auto tls = std::make_shared<TlsContext>();
    tls->verify = !options.insecure_skip_verify;
    beast::error_code ec;
    if (!options.ca_file.empty())
        tls->context.load_verify_file(options.ca_file, ec);
    else
        tls->context.set_default_verify_paths(ec);
    if (ec)
        return std::unexpected("cannot load the certificate authorities" +
                               (options.ca_file.empty() ? std::string() : " from " + options.ca_file) + ": " +
                               ec.message());
    tls->context.set_verify_mode(tls->verify ? asio::ssl::verify_peer : asio::ssl::verify_none);
    return tls;
}

namespace {

constexpr auto kConnectTimeout = std::chrono::seconds(15);
constexpr std::size_t kMaxFrame = 1 << 20;  // the server's frames are small; this only bounds a broken one

using PlainStream = websocket::stream<beast::tcp_stream>;
using TlsStream = websocket::stream<asio::ssl::stream<beast::tcp_stream>>;

std::string describe(const beast::error_code& ec, const websocket::close_reason& reason) {
    if (ec == websocket::error::closed) {
        std::string text = "closed by the server (code " + std::to_string(reason.code);
        if (!reason.reason.empty()) text += ": " + std::string(reason.reason.c_str());
        return text + ")";
    }
    return ec.message();
}

template <class Ws>
class StreamConnection : public Connection, public std::enable_shared_from_this<StreamConnection<Ws>> {
  public:
    template <class... StreamArgs>
    StreamConnection(asio::io_context& io, Endpoint endpoint, std::shared_ptr<TlsContext> tls,
                     Handlers handlers, StreamArgs&&... args)
        : resolver_(io),
          ws_(std::forward<StreamArgs>(args)...),
          endpoint_(std::move(endpoint)),
          tls_(std::move(tls)),
          handlers_(std::move(handlers)) {}

    void start() override {
        resolver_.async_resolve(
            endpoint_.host, endpoint_.port,
            [self = this->shared_from_this()](beast::error_code ec, tcp::resolver::results_type r) {
                self->on_resolve(ec, r);
            });
    }

    void send(std::string frame, bool binary) override {
        if (closed_ || closing_) return;
        queue_.emplace_back(std::move(frame), binary);
        if (open_ && !writing_) write_front();
    }

    void close() override {
        if (closed_ || closing_) return;
        closing_ = true;
        if (!open_) {
            beast::get_lowest_layer(ws_).close();  // still connecting: abandon it
            return;
        }
        if (queue_.empty()) close_now();
    }

    bool is_open() const override { return open_ && !closed_; }

  private:
    void on_resolve(beast::error_code ec, const tcp::resolver::results_type& results) {
        if (ec) return finish("cannot resolve " + endpoint_.host + ": " + ec.message());
        beast::get_lowest_layer(ws_).expires_after(kConnectTimeout);
        beast::get_lowest_layer(ws_).async_connect(
            results, [self = this->shared_from_this()](beast::error_code e, const tcp::endpoint&) {
                self->on_connect(e);
            });
    }

    void on_connect(beast::error_code ec) {
        if (ec) return finish("cannot connect to " + endpoint_.text() + ": " + ec.message());
        if constexpr (std::is_same_v<Ws, TlsStream>) {
            auto& ssl = ws_.next_layer();
            if (!SSL_set_tlsext_host_name(ssl.native_handle(), endpoint_.host.c_str()))
                return finish("cannot set the TLS server name " + endpoint_.host);
            if (tls_->verify) ssl.set_verify_callback(asio::ssl::host_name_verification(endpoint_.host));
            ssl.async_handshake(asio::ssl::stream_base::client,
                                [self = this->shared_from_this()](beast::error_code e) {
                                    if (e)
                                        return self->finish("TLS handshake with " + self->endpoint_.text() +
                                                            " failed: " + e.message());
                                    self->handshake();
                                });
        } else {
            handshake();
        }
    }

    // The TCP stream's timer bounds the handshake; after it, the server's keep-alive pings (answered
    // by Beast) and its idle timeout watch the connection.
    void handshake() {
        beast::get_lowest_layer(ws_).expires_after(kConnectTimeout);
        ws_.read_message_max(kMaxFrame);
        ws_.binary(true);
        ws_.async_handshake(
            endpoint_.host + ":" + endpoint_.port, endpoint_.target,
            [self = this->shared_from_this()](beast::error_code ec) { self->on_handshake(ec); });
    }

    void on_handshake(beast::error_code ec) {
        if (ec) return finish("WebSocket handshake with " + endpoint_.text() + " failed: " + ec.message());
        beast::get_lowest_layer(ws_).expires_never();
        open_ = true;
        if (handlers_.on_open) handlers_.on_open();
        if (closed_) return;
        read();
        if (closing_ && queue_.empty()) return close_now();
        // on_open may have sent (and so started the first write): never a second write at once (two
        // writes at once popped the queue twice: a frame never sent, then a crash on the empty queue).
        if (!queue_.empty() && !writing_) write_front();
    }

    void read() {
        ws_.async_read(buffer_, [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
            self->on_read(ec);
        });
    }

    void on_read(beast::error_code ec) {
        if (ec) return finish(closing_ ? "closed by the client" : describe(ec, ws_.reason()));
        const auto data = buffer_.cdata();
        const std::string_view frame(static_cast<const char*>(data.data()), data.size());
        if (handlers_.on_frame) handlers_.on_frame(frame, ws_.got_binary());
        buffer_.consume(buffer_.size());
        if (!closed_) read();
    }

    void write_front() {
        writing_ = true;
        ws_.binary(queue_.front().second);
        ws_.async_write(
            asio::buffer(queue_.front().first),
            [self = this->shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
    }

    void on_write(beast::error_code ec) {
        // Closed while this write was in flight (a read failed): the queue is the closed connection's.
        if (closed_) return;
        if (ec) return finish("sending failed: " + ec.message());
        queue_.pop_front();
        writing_ = false;
        if (!queue_.empty()) return write_front();
        if (closing_) close_now();
    }

    void close_now() {
        ws_.async_close(websocket::close_code::normal, [self = this->shared_from_this()](beast::error_code) {
            self->finish("closed by the client");
        });
    }

    void finish(const std::string& reason) {
        if (closed_) return;
        closed_ = true;
        // The queue is kept: a write in flight still reads its front (send() queues nothing now).
        beast::error_code ignored;
        beast::get_lowest_layer(ws_).socket().close(ignored);
        if (handlers_.on_closed) handlers_.on_closed(closing_ && !open_ ? "closed by the client" : reason);
    }

    tcp::resolver resolver_;
    Ws ws_;
    Endpoint endpoint_;
    std::shared_ptr<TlsContext> tls_;
    Handlers handlers_;
    beast::flat_buffer buffer_;
    std::deque<std::pair<std::string, bool>> queue_;
    bool open_ = false;
    bool writing_ = false;  // an async_write is in flight (of queue_.front())
    bool closing_ = false;
    bool closed_ = false;
};

}  // namespace

std::shared_ptr<Connection> make_connection(asio::io_context& io, const Endpoint& endpoint,
                                            std::shared_ptr<TlsContext> tls, Connection::Handlers handlers) {
    if (endpoint.tls) {
        auto& context = tls->context;
        return std::make_shared<StreamConnection<TlsStream>>(io, endpoint, std::move(tls),
                                                             std::move(handlers), io, context);
    }
    return std::make_shared<StreamConnection<PlainStream>>(io, endpoint, nullptr, std::move(handlers), io);
}

}  // namespace tavolo::client
