#include "server/net/ws_session.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/defer.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <mutex>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "server/net/session_handle.hpp"
#include "server/net/session_registry.hpp"

namespace tavolo::server::net {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace v1 = ::tavolo::v1;
using session::SessionCore;

// The code a client reads in the close frame (server/session/README.md "The shell").
constexpr std::uint16_t kCloseSuperseded = 4000;
// A close frame's reason has at most 123 bytes (RFC 6455 5.5: 125 with the code).
constexpr std::size_t kMaxCloseReasonBytes = 123;

session::Millis steady_millis() {
    return std::chrono::duration_cast<session::Millis>(std::chrono::steady_clock::now().time_since_epoch());
}

std::uint16_t close_code_of(v1::ErrorCode code) {
    switch (code) {
        case v1::ERROR_CODE_FRAME_TOO_LARGE:
            return websocket::close_code::too_big;
        case v1::ERROR_CODE_SUPERSEDED:
            return kCloseSuperseded;
        case v1::ERROR_CODE_SHUTTING_DOWN:
            return websocket::close_code::going_away;
        default:
            // RATE_LIMITED, MALFORMED_FRAME, HELLO_EXPECTED, BAD_VERSION, failed log ins, and the
            // overflow (UNSPECIFIED): the client broke a rule of the connection.
            return websocket::close_code::policy_error;
    }
}

// The reason cut to what a close frame holds, never in the middle of a UTF-8 character.
websocket::close_reason close_reason_of(const session::CloseConnection& close) {
    std::string_view reason = close.reason;
    if (reason.size() > kMaxCloseReasonBytes) {
        std::size_t cut = kMaxCloseReasonBytes;
        while (cut > 0 && (static_cast<unsigned char>(reason[cut]) & 0xC0) == 0x80)
            --cut;
        reason = reason.substr(0, cut);
    }
    websocket::close_reason result;
    result.code = close_code_of(close.code);
    result.reason.assign(reason.data(), reason.size());
    return result;
}

// Ends that are no fault of anyone's: the peer closed, we cancelled, a TLS peer left without close_notify.
bool normal_close(beast::error_code ec) {
    return ec == websocket::error::closed || ec == asio::error::operation_aborted ||
           ec == asio::ssl::error::stream_truncated;
}

template <class Stream>
class WsSession final : public SessionHandle, public std::enable_shared_from_this<WsSession<Stream>> {
  public:
    WsSession(Stream&& stream, std::shared_ptr<const WebSocketServices> services, session::SessionId id)
        : services_(std::move(services)),
          ws_(std::move(stream)),
          core_(id, {services_->accounts, services_->tables, services_->lobby}, services_->server_version,
                steady_millis(), services_->limits),
          close_timer_(ws_.get_executor()) {}

    void start(UpgradeRequest upgrade) {
        upgrade_ = std::move(upgrade);
        // From here the WebSocket's own timeouts apply (Beast: never both).
        beast::get_lowest_layer(ws_).expires_never();
        beast::error_code ignored;  // a socket that refuses keeps the kernel's size: not worth a refusal
        beast::get_lowest_layer(ws_).socket().set_option(
            asio::socket_base::send_buffer_size(kSocketSendBufferBytes), ignored);
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.set_option(websocket::stream_base::decorator(
            [](websocket::response_type& response) { response.set(http::field::server, "tavolo"); }));
        ws_.binary(true);
        // The shell bounds each message itself (read()), so an oversized frame is answered with
        // FRAME_TOO_LARGE before the close; Beast's own limit would close with no word of why.
        ws_.read_message_max(0);
        ws_.async_accept(upgrade_,
                         [self = this->shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
    }

    // ---- SessionHandle: from any thread, posted to the strand -----------------------------------
    // Frames from actors wait in the inbox, and one task on the strand takes all that came meanwhile:
    // a table's burst (the action, the next turn, a street) costs one post and goes out as one batch.
    void deliver(session::Frame frame) override {
        bool first = false;
        {
            std::lock_guard lock(inbox_mutex_);
            if (inbox_closed_) return;
            first = inbox_.empty();
            inbox_.push_back(std::move(frame));
        }
        // Deferred, not posted: called from an actor's handler, the drain runs only once that handler
        // (and the rest of its burst) is over, so the whole burst is one batch.
        if (first)
            asio::defer(ws_.get_executor(), [self = this->shared_from_this()] {
                if (!self->finished_) self->drain_inbox();
            });
    }
    void account_result(session::AccountResult result) override {
        on_strand([result = std::move(result)](WsSession& self) mutable {
            self.apply(self.core_.on_account_result(std::move(result)));
        });
    }
    void account_closed(std::string reason) override {
        on_strand([reason = std::move(reason)](WsSession& self) {
            self.apply(self.core_.on_superseded(reason, v1::ERROR_CODE_ACCOUNT_CLOSED));
        });
    }
    void superseded(std::string reason) override {
        on_strand(
            [reason = std::move(reason)](WsSession& self) { self.apply(self.core_.on_superseded(reason)); });
    }
    void shutdown(std::string reason) override {
        on_strand(
            [reason = std::move(reason)](WsSession& self) { self.apply(self.core_.on_shutdown(reason)); });
    }

  private:
    template <class Work>
    void on_strand(Work work) {
        asio::post(ws_.get_executor(), [self = this->shared_from_this(), work = std::move(work)]() mutable {
            if (!self->finished_) work(*self);
        });
    }

    void drain_inbox() {
        {
            std::lock_guard lock(inbox_mutex_);
            draining_.swap(inbox_);
        }
        // All queued first, then one write: the burst is one batch.
        for (session::Frame& frame : draining_)
            if (!enqueue(std::move(frame))) break;
        draining_.clear();  // keeps its capacity: the next burst allocates nothing
        if (!writing_ && !finished_ && !close_ && !queue_.empty()) write_next();
    }

    session::SessionId id() const { return core_.id(); }
    std::size_t max_frame_bytes() const { return services_->limits.max_frame_bytes; }

    void on_accept(beast::error_code ec) {
        if (ec) return fail(ec, "accept");
        upgrade_ = {};
        beast::error_code ignored;
        spdlog::debug("event=ws_open session={} remote={}", id(),
                      beast::get_lowest_layer(ws_).socket().remote_endpoint(ignored).address().to_string());
        services_->registry.add(id(), this->weak_from_this());
        read();
    }

    // ---- Reads --------------------------------------------------------------------------------
    // At most max_frame_bytes + 1 of a message are ever buffered: one byte more than allowed says the
    // message is too large, and the rest of it is never read (the close discards it).
    void read() {
        const std::size_t room = max_frame_bytes() + 1 - buffer_.size();
        ws_.async_read_some(
            buffer_, room,
            [self = this->shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
    }

    void on_read(beast::error_code ec) {
        if (ec) return fail(ec, "read");
        if (finished_ || close_) return;
        if (!ws_.is_message_done()) {
            if (buffer_.size() <= max_frame_bytes()) return read();
            buffer_.clear();
            return apply(core_.on_frame_too_large());
        }
        const session::Millis now = steady_millis();
        session::Effects effects;
        if (ws_.got_text()) {
            effects = core_.on_text_frame(now);
        } else {
            const auto data = buffer_.cdata();
            effects = core_.on_binary_frame({static_cast<const char*>(data.data()), data.size()}, now);
        }
        buffer_.clear();
        apply(std::move(effects));
        if (!close_ && core_.phase() != SessionCore::Phase::closed) read();
    }

    // ---- Effects, in order --------------------------------------------------------------------
    void apply(session::Effects effects) {
        for (auto& effect : effects)
            std::visit([this](auto& e) { carry_out(e); }, effect);
    }

    void carry_out(session::SendFrame& e) { send(std::move(e.frame)); }
    void carry_out(session::CloseConnection& e) { begin_close(std::move(e)); }
    void carry_out(session::CloseOlderSession& e) { services_->registry.claim_account(e); }
    void carry_out(session::ReleaseAccount& e) { services_->registry.release_account(e); }
    void carry_out(session::SubmitToTable& e) {
        std::ignore = services_->tables.submit(std::move(e.request));
    }

    // ---- Writes: one async_write at a time, from the bounded queue ------------------------------
    void send(session::Frame frame) {
        if (enqueue(std::move(frame)) && !writing_) write_next();
    }

    // False when nothing more is said: the connection closes (decided before, or this frame overflowed).
    bool enqueue(session::Frame frame) {
        // Once a close is decided nothing new is said: the queue only drains what explains it.
        if (finished_ || close_) return false;
        if (!queue_.push(std::move(frame))) {
            // An operator must see this: a client too slow for what the server sends it.
            spdlog::warn("event=send_queue_overflow session={} frames={} bytes={}", id(), queue_.frames(),
                         queue_.bytes());
            apply(core_.on_send_overflow());
            return false;
        }
        return true;
    }

    // What waits goes out as one batch when the client reads batches: one frame, one system call.
    void write_next() {
        writing_ = true;
        in_flight_count_ =
            core_.batches() ? queue_.batchable(session::kMaxBatchBytes, session::kMaxBatchFrames) : 1;
        // Kept alive here too, should the queue be cleared meanwhile.
        in_flight_ = in_flight_count_ == 1 ? queue_.front() : queue_.batch_of(in_flight_count_);
        ws_.async_write(
            asio::buffer(*in_flight_),
            [self = this->shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
    }

    void on_write(beast::error_code ec) {
        writing_ = false;
        in_flight_.reset();
        if (ec) return fail(ec, "write");
        if (finished_) return;
        queue_.pop(in_flight_count_);
        if (!queue_.empty()) return write_next();
        if (close_) close_handshake();
    }

    // ---- Close --------------------------------------------------------------------------------
    void begin_close(session::CloseConnection close) {
        if (close_ || finished_) return;
        spdlog::debug("event=ws_closing session={} code={} reason=\"{}\"", id(),
                      v1::ErrorCode_Name(close.code), close.reason);
        const bool discard = close.discard_queue;
        close_ = std::move(close);
        // The drain and the handshake together are bounded: a peer that reads nothing is cut off.
        close_timer_.expires_after(kCloseTimeout);
        close_timer_.async_wait([self = this->shared_from_this()](beast::error_code ec) {
            if (ec || self->finished_) return;
            spdlog::debug("event=ws_close_timeout session={}", self->id());
            self->finish();
        });
        if (discard) {
            queue_.clear();
            // A write that does not complete is why the queue overflowed: there is no room for a close
            // frame either, so the connection ends at once.
            if (writing_) return finish();
        }
        if (!writing_) close_handshake();
    }

    void close_handshake() {
        if (close_started_) return;
        close_started_ = true;
        ws_.async_close(close_reason_of(*close_), [self = this->shared_from_this()](beast::error_code ec) {
            if (ec && !normal_close(ec) && !self->finished_)
                spdlog::debug("event=ws_close_error session={} error=\"{}\"", self->id(), ec.message());
            self->finish();
        });
    }

    // One place for every failure: normal closes are not logged; then the session ends (unless its
    // close handshake is under way, whose completion ends it).
    void fail(beast::error_code ec, const char* what) {
        if (finished_) return;
        if (!normal_close(ec))
            spdlog::info("event=ws_error session={} op={} error=\"{}\"", id(), what, ec.message());
        if (close_started_) return;
        finish();
    }

    // The connection is over: the core learns it once, the registry forgets the session, the socket
    // closes (cancelling whatever is still pending).
    void finish() {
        if (finished_) return;
        finished_ = true;
        close_timer_.cancel();
        queue_.clear();
        {
            std::lock_guard lock(inbox_mutex_);  // what actors deliver from now on is dropped
            inbox_closed_ = true;
            inbox_.clear();
        }
        apply(core_.on_closed());
        services_->registry.remove(id());
        beast::get_lowest_layer(ws_).close();
        spdlog::debug("event=ws_closed session={}", id());
    }

    std::shared_ptr<const WebSocketServices> services_;
    std::mutex inbox_mutex_;
    std::vector<session::Frame> inbox_;     // delivered, not yet taken by the strand (inbox_mutex_)
    bool inbox_closed_ = false;             // the session finished (inbox_mutex_)
    std::vector<session::Frame> draining_;  // on the strand only
    websocket::stream<Stream> ws_;
    SessionCore core_;
    session::SendQueue queue_;
    asio::steady_timer close_timer_;
    UpgradeRequest upgrade_;
    beast::flat_buffer buffer_;
    session::Frame in_flight_;
    std::size_t in_flight_count_ = 0;  // the queued frames in_flight_ holds
    std::optional<session::CloseConnection> close_;
    bool writing_ = false;
    bool close_started_ = false;
    bool finished_ = false;
};

template <class Stream>
void start_session(Stream&& stream, UpgradeRequest upgrade,
                   std::shared_ptr<const WebSocketServices> services) {
    const session::SessionId id = services->registry.next_id();
    auto session = std::make_shared<WsSession<Stream>>(std::move(stream), std::move(services), id);
    session->start(std::move(upgrade));
}

}  // namespace

void start_ws_session(beast::tcp_stream stream, UpgradeRequest upgrade,
                      std::shared_ptr<const WebSocketServices> services) {
    start_session(std::move(stream), std::move(upgrade), std::move(services));
}

void start_ws_session(TlsStream stream, UpgradeRequest upgrade,
                      std::shared_ptr<const WebSocketServices> services) {
    start_session(std::move(stream), std::move(upgrade), std::move(services));
}

}  // namespace tavolo::server::net
