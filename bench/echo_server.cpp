// bench/echo_server: a bare Beast WebSocket echo server, the yardstick of bench/load_scale.sh. Beast's
// asynchronous server pattern (an acceptor, a session per connection reading a message and writing it
// back), nothing else: no protocol, no game, no database. Plain HTTP `GET /metrics` answers the same
// process metrics as tavolo-server (server/metrics/process_stats.hpp), so `tavolo load --echo` prints
// server_cpu= and server_rss_mb= for it too.
//
//   echo_server [--host 0.0.0.0] [--port 0] [--threads 0]
//
// Prints `echo_server listening on HOST:PORT` once listening; runs until SIGINT or SIGTERM. --threads 0:
// as many as the hardware has (tavolo-server's `threads = 0`).
#include <sys/resource.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <cstdlib>
#include <deque>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "server/metrics/process_stats.hpp"

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

class EchoSession : public std::enable_shared_from_this<EchoSession> {
  public:
    explicit EchoSession(tcp::socket socket) : ws_(std::move(socket)) {}

    void run(http::request<http::string_body> request) {
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
            if (!ec) self->read();
        });
    }

  private:
    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return;
            self->queue_.push_back(beast::buffers_to_string(self->buffer_.cdata()));
            self->buffer_.consume(self->buffer_.size());
            if (self->queue_.size() == 1) self->write();
            self->read();
        });
    }
    void write() {
        ws_.binary(true);
        ws_.async_write(asio::buffer(queue_.front()),
                        [self = shared_from_this()](beast::error_code ec, std::size_t) {
                            if (ec) return;
                            self->queue_.pop_front();
                            if (!self->queue_.empty()) self->write();
                        });
    }

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    std::deque<std::string> queue_;  // echoes waiting for the one being written
};

// The first request of a connection: a WebSocket upgrade becomes an EchoSession; GET /metrics is
// answered and the connection closed.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
  public:
    explicit HttpSession(tcp::socket socket) : stream_(std::move(socket)) {}
    void run() {
        stream_.expires_after(std::chrono::seconds(30));
        http::async_read(stream_, buffer_, request_,
                         [self = shared_from_this()](beast::error_code ec, std::size_t) {
                             if (ec) return;
                             self->stream_.expires_never();
                             if (websocket::is_upgrade(self->request_))
                                 return std::make_shared<EchoSession>(self->stream_.release_socket())
                                     ->run(std::move(self->request_));
                             self->respond();
                         });
    }

  private:
    void respond() {
        response_.version(request_.version());
        response_.keep_alive(false);
        if (request_.target() == "/metrics") {
            response_.result(http::status::ok);
            response_.set(http::field::content_type, "text/plain; version=0.0.4; charset=utf-8");
            response_.body() =
                tavolo::server::metrics::process_exposition(tavolo::server::metrics::read_process_stats());
        } else {
            response_.result(http::status::not_found);
            response_.body() = "echo_server: WebSocket on any path, or GET /metrics\n";
        }
        response_.prepare_payload();
        http::async_write(stream_, response_, [self = shared_from_this()](beast::error_code, std::size_t) {
            beast::error_code ignored;
            self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        });
    }

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    http::request<http::string_body> request_;
    http::response<http::string_body> response_;
};

class Listener : public std::enable_shared_from_this<Listener> {
  public:
    Listener(asio::io_context& io, const tcp::endpoint& at) : io_(io), acceptor_(io) {
        acceptor_.open(at.protocol());
        acceptor_.set_option(asio::socket_base::reuse_address(true));
        acceptor_.bind(at);
        acceptor_.listen(asio::socket_base::max_listen_connections);
    }
    tcp::endpoint local() const { return acceptor_.local_endpoint(); }
    void accept() {
        acceptor_.async_accept(asio::make_strand(io_),
                               [self = shared_from_this()](beast::error_code ec, tcp::socket socket) {
                                   if (!ec) std::make_shared<HttpSession>(std::move(socket))->run();
                                   // Out of descriptors (EMFILE): try again, as a server must; the client
                                   // sees its connect wait.
                                   self->accept();
                               });
    }

  private:
    asio::io_context& io_;
    tcp::acceptor acceptor_;
};

}  // namespace

int main(int argc, char** argv) {
    std::string host = "0.0.0.0";
    unsigned short port = 0;
    int threads = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i];
        if (key == "--host")
            host = argv[i + 1];
        else if (key == "--port")
            port = static_cast<unsigned short>(std::atoi(argv[i + 1]));
        else if (key == "--threads")
            threads = std::atoi(argv[i + 1]);
        else {
            std::cerr << "echo_server: unknown option " << key << " (--host H, --port P, --threads N)\n";
            return 2;
        }
    }
    if (threads <= 0) threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &limit);
    }
    asio::io_context io(threads);
    try {
        auto listener = std::make_shared<Listener>(io, tcp::endpoint(asio::ip::make_address(host), port));
        std::cout << "echo_server listening on " << host << ":" << listener->local().port() << std::endl;
        listener->accept();
    } catch (const std::exception& e) {
        std::cerr << "echo_server: cannot listen on " << host << ":" << port << ": " << e.what() << "\n";
        return 4;
    }
    asio::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&io](beast::error_code, int) { io.stop(); });
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i)
        pool.emplace_back([&io] { io.run(); });
    io.run();
    for (auto& t : pool)
        t.join();
    return 0;
}
