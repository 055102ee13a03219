#include "server/listener.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <thread>
#include <vector>

namespace tavolo::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

constexpr std::size_t kMaxBodyBytes = 1 << 20;
constexpr auto kIdleTimeout = std::chrono::seconds(30);

class HttpSession : public std::enable_shared_from_this<HttpSession> {
  public:
    HttpSession(tcp::socket socket, const HttpHandler& handler)
        : stream_(std::move(socket)), handler_(handler) {}

    void start() {
        asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
    }

  private:
    void read() {
        parser_.emplace();
        parser_->body_limit(kMaxBodyBytes);
        stream_.expires_after(kIdleTimeout);
        http::async_read(
            stream_, buffer_, *parser_,
            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
    }

    void on_read(beast::error_code ec) {
        if (ec == http::error::end_of_stream) return close();
        if (ec) return fail(ec, "read");
        auto& req = parser_->get();
        HttpResponse out =
            handler_({std::string(req.method_string()), std::string(req.target()), req.body()});
        auto res = std::make_shared<http::response<http::string_body>>(static_cast<http::status>(out.status),
                                                                       req.version());
        res->set(http::field::server, "tavolo");
        res->set(http::field::content_type, out.content_type);
        res->keep_alive(req.keep_alive());
        res->body() = std::move(out.body);
        res->prepare_payload();
        http::async_write(stream_, *res,
                          [self = shared_from_this(), res](beast::error_code wec, std::size_t) {
                              if (wec) return self->fail(wec, "write");
                              if (!res->keep_alive()) return self->close();
                              self->read();
                          });
    }

    void close() {
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
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
