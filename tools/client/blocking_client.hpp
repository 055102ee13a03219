#pragma once
// A synchronous client for tests and scripts: one connection on its own io_context, run only inside
// the calls below (no thread of its own). Every ServerMessage received is checked and folded into its
// table's tracker (table_tracker.hpp); what did not pass is in problems().
//
//   BlockingClient c;
//   c.connect("ws://127.0.0.1:8080/ws", 5s);
//   c.send(hello);                                              // request_id chosen when 0
//   auto welcome = c.receive_until(is<v1::Welcome>, 5s);        // waits on the message itself
#include <chrono>
#include <cstdint>
#include <deque>
#include <expected>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/client/table_tracker.hpp"
#include "tools/client/websocket_connection.hpp"

namespace tavolo::client {

class BlockingClient {
  public:
    using Predicate = std::function<bool(const v1::ServerMessage&)>;

    explicit BlockingClient(TlsOptions tls = {});
    ~BlockingClient();
    BlockingClient(const BlockingClient&) = delete;
    BlockingClient& operator=(const BlockingClient&) = delete;

    // Connects and completes the WebSocket handshake (not the protocol's Hello), or says why not.
    // A second connect() closes the first connection and resets every table's tracker.
    std::expected<void, std::string> connect(const std::string& url, std::chrono::milliseconds timeout);

    // Sends the message (request_id set to the next number when it is 0); returns its request_id.
    std::uint64_t send(v1::ClientMessage message);
    // Raw bytes, for malformed-frame tests.
    void send_raw(std::string bytes, bool binary = true);

    // The next message received that satisfies `predicate` (messages before it stay in received()), or
    // nothing when the timeout passes or the connection closes first.
    std::optional<v1::ServerMessage> receive_until(const Predicate& predicate,
                                                   std::chrono::milliseconds timeout);
    // The next message, whatever it is.
    std::optional<v1::ServerMessage> receive(std::chrono::milliseconds timeout);
    // The answer to request `request_id` (a message echoing it).
    std::optional<v1::ServerMessage> receive_answer(std::uint64_t request_id,
                                                    std::chrono::milliseconds timeout);

    // Runs what is ready without waiting (delivers messages already received).
    void poll();
    // Closes the connection (close handshake, bounded by the timeout).
    void close(std::chrono::milliseconds timeout = std::chrono::seconds(5));

    bool is_open() const;
    // Why the connection closed ("" while open).
    const std::string& close_reason() const { return close_reason_; }
    // Every message received and decoded, in order, since the client was made.
    const std::vector<v1::ServerMessage>& received() const { return received_; }
    // What the checks refused (sequence gaps, hidden cards, malformed frames), in order.
    const std::vector<Problem>& problems() const { return problems_; }
    const TableBook& tables() const { return tables_; }

  private:
    struct Io;
    void on_frame(std::string_view frame, bool binary);
    bool run_one(std::chrono::steady_clock::time_point deadline);

    std::unique_ptr<Io> io_;
    TlsOptions tls_options_;
    std::shared_ptr<Connection> connection_;
    std::uint64_t next_request_id_ = 1;
    std::size_t next_unread_ = 0;  // index into received_ of the first message not yet returned
    std::vector<v1::ServerMessage> received_;
    std::vector<Problem> problems_;
    TableBook tables_;
    std::string close_reason_;
    bool opened_ = false;
};

// A predicate for receive_until: the message's body is of this kind.
bool has_body(const v1::ServerMessage& message, v1::ServerMessage::BodyCase body);
inline BlockingClient::Predicate body_is(v1::ServerMessage::BodyCase body) {
    return [body](const v1::ServerMessage& m) { return has_body(m, body); };
}

}  // namespace tavolo::client
