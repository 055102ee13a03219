#include "server/net/operator_ws.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <boost/json.hpp>
#include <optional>

#include "server/session/send_queue.hpp"

namespace tavolo::server::net {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;

bool normal_close(beast::error_code ec) {
    return ec == websocket::error::closed || ec == asio::error::operation_aborted ||
           ec == asio::ssl::error::stream_truncated || ec == asio::error::eof;
}

session::Frame text_frame(boost::json::object o) {
    return std::make_shared<const std::string>(boost::json::serialize(o));
}

template <class Stream>
class OperatorWs final : public std::enable_shared_from_this<OperatorWs<Stream>> {
  public:
    OperatorWs(Stream&& stream, operators::LiveFeed& feed, std::string name, OperatorWsOptions options)
        : ws_(std::move(stream)),
          feed_(feed),
          name_(std::move(name)),
          options_(options),
          queue_(options.queue),
          close_timer_(ws_.get_executor()) {}

    void start(UpgradeRequest upgrade) {
        upgrade_ = std::move(upgrade);
        beast::get_lowest_layer(ws_).expires_never();
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.set_option(websocket::stream_base::decorator(
            [](websocket::response_type& response) { response.set(http::field::server, "tavolo"); }));
        ws_.text(true);
        ws_.read_message_max(options_.max_command_bytes);
        ws_.async_accept(upgrade_,
                         [self = this->shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
    }

  private:
    void on_accept(beast::error_code ec) {
        if (ec) return fail(ec, "accept");
        upgrade_ = {};
        send(text_frame(
            {{"type", "hello"},
             {"operator", name_},
             {"usage", "every tournament's events until you send {\"subscribe\":{\"tournament\":ID}}"}}));
        // Each event is posted to this connection's strand: the publisher never waits for it.
        std::weak_ptr<OperatorWs> weak = this->shared_from_this();
        const auto executor = ws_.get_executor();
        id_ = feed_.attach([weak, executor](session::Frame frame) {
            asio::post(executor, [weak, frame = std::move(frame)]() mutable {
                if (auto self = weak.lock()) self->send(std::move(frame));
            });
        });
        attached_ = true;
        spdlog::info("event=operator_live_open operator={} connection={}", name_, id_);
        read();
    }

    void read() {
        ws_.async_read(buffer_, [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
            self->on_read(ec);
        });
    }

    void on_read(beast::error_code ec) {
        if (ec == websocket::error::message_too_big)
            return begin_close(
                websocket::close_code::too_big,
                "a command is at most " + std::to_string(options_.max_command_bytes) + " bytes");
        if (ec) return fail(ec, "read");
        if (finished_ || closing_) return;
        const std::string text = beast::buffers_to_string(buffer_.cdata());
        buffer_.clear();
        if (auto error = feed_.command(id_, text)) send(text_frame({{"type", "error"}, {"message", *error}}));
        read();
    }

    void send(session::Frame frame) {
        if (finished_ || closing_) return;
        if (!queue_.push(std::move(frame))) {
            spdlog::warn("event=operator_live_overflow operator={} connection={} frames={} bytes={}", name_,
                         id_, queue_.frames(), queue_.bytes());
            queue_.clear();
            return begin_close(
                websocket::close_code::policy_error,
                "the live feed overflowed: this connection did not read fast enough; reconnect "
                "(and subscribe to fewer tournaments)");
        }
        if (!writing_) write_next();
    }

    void write_next() {
        writing_ = true;
        in_flight_ = queue_.front();
        ws_.async_write(
            asio::buffer(*in_flight_),
            [self = this->shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
    }

    void on_write(beast::error_code ec) {
        writing_ = false;
        in_flight_.reset();
        if (ec) return fail(ec, "write");
        if (finished_) return;
        if (!queue_.empty()) queue_.pop();
        if (closing_) return close_handshake();
        if (!queue_.empty()) write_next();
    }

    void begin_close(websocket::close_code code, std::string reason) {
        if (closing_ || finished_) return;
        closing_ = true;
        close_reason_.code = code;
        close_reason_.reason = reason.substr(0, 123);
        detach();
        close_timer_.expires_after(kCloseTimeout);
        close_timer_.async_wait([self = this->shared_from_this()](beast::error_code e) {
            if (!e) self->finish();
        });
        if (!writing_) close_handshake();
    }

    void close_handshake() {
        if (close_started_) return;
        close_started_ = true;
        ws_.async_close(close_reason_,
                        [self = this->shared_from_this()](beast::error_code) { self->finish(); });
    }

    void fail(beast::error_code ec, const char* what) {
        if (finished_) return;
        if (!normal_close(ec))
            spdlog::info("event=operator_live_error connection={} op={} error=\"{}\"", id_, what,
                         ec.message());
        if (close_started_) return;
        finish();
    }

    void detach() {
        if (!attached_) return;
        attached_ = false;
        feed_.detach(id_);
    }

    void finish() {
        if (finished_) return;
        finished_ = true;
        detach();
        close_timer_.cancel();
        queue_.clear();
        beast::get_lowest_layer(ws_).close();
        spdlog::info("event=operator_live_closed operator={} connection={}", name_, id_);
    }

    websocket::stream<Stream> ws_;
    operators::LiveFeed& feed_;
    std::string name_;
    OperatorWsOptions options_;
    session::SendQueue queue_;
    asio::steady_timer close_timer_;
    UpgradeRequest upgrade_;
    beast::flat_buffer buffer_;
    session::Frame in_flight_;
    websocket::close_reason close_reason_;
    operators::LiveFeed::ConnectionId id_ = 0;
    bool attached_ = false;
    bool writing_ = false;
    bool closing_ = false;
    bool close_started_ = false;
    bool finished_ = false;
};

template <class Stream>
void start(Stream&& stream, UpgradeRequest upgrade, operators::LiveFeed& feed, std::string name,
           OperatorWsOptions options) {
    std::make_shared<OperatorWs<Stream>>(std::move(stream), feed, std::move(name), options)
        ->start(std::move(upgrade));
}

}  // namespace

void start_operator_ws(beast::tcp_stream stream, UpgradeRequest upgrade, operators::LiveFeed& feed,
                       std::string operator_name, OperatorWsOptions options) {
    start(std::move(stream), std::move(upgrade), feed, std::move(operator_name), options);
}

void start_operator_ws(TlsStream stream, UpgradeRequest upgrade, operators::LiveFeed& feed,
                       std::string operator_name, OperatorWsOptions options) {
    start(std::move(stream), std::move(upgrade), feed, std::move(operator_name), options);
}

}  // namespace tavolo::server::net
