#pragma once
// The logic of one client connection, with no socket, strand or clock in it (README.md): fed what the
// WebSocket delivered, it returns what to send and whether to close, and forwards requests to the
// services it was given. The Asio/Beast session is a thin shell that calls it on its strand.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/protocol/refusal.hpp"
#include "server/session/rate_limiter.hpp"
#include "server/session/session_effects.hpp"

namespace tavolo::server::session {

struct SessionLimits {
    std::size_t max_frame_bytes = 64 * 1024;  // protocol::kMaxFrameBytes
    RateLimit rate{};
    // Rate-limited frames in a row before the connection is closed: a client that keeps flooding after
    // being told to slow down costs a bounded number of error frames.
    int max_rate_strikes = 20;
    // Failed log ins (wrong credentials, unknown resume token) before the connection is closed: each
    // costs an Argon2id hash, so a password guesser must reconnect (and meet the server's accept limits).
    int max_failed_logins = 5;
    // Tables one connection may watch at once.
    std::size_t max_observed_tables = 16;
    // Chat line length in characters (UTF-8 code points), proto/table.proto.
    std::size_t max_chat_chars = 200;
};

struct SessionServices {
    AccountService& accounts;
    TableDirectory& tables;
    LobbyGateway& lobby;
};

class SessionCore {
  public:
    enum class Phase {
        awaiting_hello,  // only a Hello is accepted; anything else closes the connection
        anonymous,       // welcomed: may create an account, log in, resume, watch the lobby
        logged_in,
        closed,  // a close was decided: every input but on_closed is ignored
    };

    SessionCore(SessionId id, SessionServices services, std::string server_version, Millis now,
                SessionLimits limits = {});

    // ---- Inputs, on the session's strand -----------------------------------------------------
    // A binary frame's bytes as received.
    Effects on_binary_frame(std::string_view bytes, Millis now);
    // A text frame (its contents do not matter: the protocol is binary).
    Effects on_text_frame(Millis now);
    // The WebSocket refused a frame over its read limit before reading it all.
    Effects on_frame_too_large();
    // The outbound queue refused a frame: the client reads too slowly.
    Effects on_send_overflow();
    // The answer of the AccountService to a request of this session.
    Effects on_account_result(AccountResult result);
    // A newer connection of the same account took over.
    // `code`: SUPERSEDED for a newer connection, ACCOUNT_CLOSED for an operator closing the account.
    Effects on_superseded(std::string_view reason, v1::ErrorCode code = v1::ERROR_CODE_SUPERSEDED);
    // The server shuts down.
    Effects on_shutdown(std::string_view reason);
    // The connection is gone (read error, closed by either side). Safe to call once in any phase.
    Effects on_closed();

    // ---- Questions ---------------------------------------------------------------------------
    [[nodiscard]] Phase phase() const { return phase_; }
    // The client's Hello accepted batches (proto ServerMessage.batch): the shell may send what waits
    // for the socket as one frame.
    [[nodiscard]] bool batches() const { return batches_; }
    [[nodiscard]] SessionId id() const { return id_; }
    [[nodiscard]] std::optional<AccountIdValue> account() const;
    [[nodiscard]] bool account_request_pending() const { return pending_account_request_.has_value(); }
    [[nodiscard]] const std::vector<protocol::TableAddress>& observed_tables() const { return observed_; }

  private:
    // Nothing when the frame may be read; otherwise the RATE_LIMITED answer (and the close, after too
    // many in a row).
    std::optional<Effects> throttle(Millis now);
    Effects dispatch(const v1::ClientMessage& message);
    Effects on_hello_phase(const v1::ClientMessage& message);
    Effects on_hello_again(const v1::ClientMessage& message);
    Effects on_account_request(const v1::ClientMessage& message);
    Effects on_table_request(const v1::ClientMessage& message);
    Effects on_lobby_request(const v1::ClientMessage& message);
    Effects on_ping(const v1::ClientMessage& message);
    Effects on_granted(std::uint64_t request_id, AccountGranted granted);

    Effects refuse(const protocol::Refusal& refusal, std::uint64_t request_id) const;
    // A table request's refusal: it names the request's table (v1::Error.table) when the request did.
    Effects refuse_table_request(const protocol::Refusal& refusal, const v1::ClientMessage& message) const;
    Effects refuse_and_close(const protocol::Refusal& refusal, std::uint64_t request_id);
    Effects close(v1::ErrorCode code, std::string reason, bool discard_queue);
    Requester requester() const;
    void forget_observed(const protocol::TableAddress& table);

    SessionId id_;
    SessionServices services_;
    std::string server_version_;
    SessionLimits limits_;
    RateLimiter rate_;
    int rate_strikes_ = 0;
    int failed_logins_ = 0;
    Phase phase_ = Phase::awaiting_hello;
    bool batches_ = false;
    std::optional<std::uint64_t> pending_account_request_;
    AccountIdValue account_ = 0;
    std::string name_;
    std::vector<protocol::TableAddress> observed_;
    bool released_ = false;
};

// Serialises a ServerMessage once into a frame any number of sessions may queue.
Frame serialise(const v1::ServerMessage& message);

}  // namespace tavolo::server::session
