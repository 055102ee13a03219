#include "tools/client/blocking_client.hpp"

#include "tools/client/message_codec.hpp"

namespace tavolo::client {

struct BlockingClient::Io {
    boost::asio::io_context context;
    std::uint64_t generation = 0;  // the current connection; an older one's callbacks are ignored
};

bool has_body(const v1::ServerMessage& message, v1::ServerMessage::BodyCase body) {
    return message.body_case() == body;
}

BlockingClient::BlockingClient(TlsOptions tls) : io_(std::make_unique<Io>()), tls_options_(std::move(tls)) {}

BlockingClient::~BlockingClient() {
    if (connection_) connection_->close();
}

std::expected<void, std::string> BlockingClient::connect(const std::string& url,
                                                         std::chrono::milliseconds timeout) {
    auto endpoint = parse_url(url);
    if (!endpoint) return std::unexpected(endpoint.error());
    std::shared_ptr<TlsContext> tls;
    if (endpoint->tls) {
        auto made = make_tls_context(tls_options_);
        if (!made) return std::unexpected(made.error());
        tls = *made;
    }
    if (connection_) connection_->close();
    tables_.reset_all();
    opened_ = false;
    close_reason_.clear();
    const std::uint64_t generation = ++io_->generation;
    Connection::Handlers handlers;
    handlers.on_open = [this, generation] {
        if (generation == io_->generation) opened_ = true;
    };
    handlers.on_frame = [this, generation](std::string_view frame, bool binary) {
        if (generation == io_->generation) on_frame(frame, binary);
    };
    handlers.on_closed = [this, generation](const std::string& reason) {
        if (generation == io_->generation) close_reason_ = reason.empty() ? "closed" : reason;
    };
    connection_ = make_connection(io_->context, *endpoint, tls, std::move(handlers));
    connection_->start();
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!opened_ && close_reason_.empty() && run_one(deadline)) {
    }
    if (opened_) return {};
    const std::string why =
        close_reason_.empty() ? "no answer within " + std::to_string(timeout.count()) + " ms" : close_reason_;
    connection_->close();
    return std::unexpected("cannot connect to " + endpoint->text() + ": " + why);
}

std::uint64_t BlockingClient::send(v1::ClientMessage message) {
    if (message.request_id() == 0) message.set_request_id(next_request_id_++);
    send_raw(encode(message), true);
    return message.request_id();
}

void BlockingClient::send_raw(std::string bytes, bool binary) {
    if (connection_) connection_->send(std::move(bytes), binary);
    poll();
}

void BlockingClient::on_frame(std::string_view frame, bool binary) {
    auto messages = decode_server_messages(frame, binary);
    if (!messages) {
        problems_.push_back(messages.error());
        return;
    }
    for (v1::ServerMessage& message : *messages) {
        if (auto folded = tables_.on_message(message); !folded) problems_.push_back(folded.error());
        received_.push_back(std::move(message));
    }
}

bool BlockingClient::run_one(std::chrono::steady_clock::time_point deadline) {
    if (io_->context.stopped()) io_->context.restart();
    return io_->context.run_one_until(deadline) > 0;
}

void BlockingClient::poll() {
    if (io_->context.stopped()) io_->context.restart();
    io_->context.poll();
}

std::optional<v1::ServerMessage> BlockingClient::receive_until(const Predicate& predicate,
                                                               std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        while (next_unread_ < received_.size()) {
            const v1::ServerMessage& message = received_[next_unread_++];
            if (predicate(message)) return message;
        }
        if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
        // Nothing ran: the deadline passed, or the connection is gone and nothing more will come.
        if (!run_one(deadline) && next_unread_ == received_.size()) return std::nullopt;
    }
}

std::optional<v1::ServerMessage> BlockingClient::receive(std::chrono::milliseconds timeout) {
    return receive_until([](const v1::ServerMessage&) { return true; }, timeout);
}

std::optional<v1::ServerMessage> BlockingClient::receive_answer(std::uint64_t request_id,
                                                                std::chrono::milliseconds timeout) {
    return receive_until([request_id](const v1::ServerMessage& m) { return m.request_id() == request_id; },
                         timeout);
}

void BlockingClient::close(std::chrono::milliseconds timeout) {
    if (!connection_) return;
    connection_->close();
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (close_reason_.empty() && run_one(deadline)) {
    }
}

bool BlockingClient::is_open() const {
    return connection_ && connection_->is_open();
}

}  // namespace tavolo::client
