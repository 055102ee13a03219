#include "server/session/session_core.hpp"

#include <algorithm>
#include <utility>

#include "server/metrics/instruments.hpp"
#include "server/protocol/envelope.hpp"
#include "server/protocol/handshake.hpp"
#include "server/session/session_api.hpp"

namespace tavolo::server::session {

namespace {

Effect send(const v1::ServerMessage& message) {
    return SendFrame{serialise(message)};
}

v1::ServerMessage closing_message(v1::ErrorCode code, std::string_view reason) {
    v1::ServerMessage message;
    message.mutable_closing()->set_code(code);
    message.mutable_closing()->set_reason(std::string(reason));
    return message;
}

}  // namespace

Frame serialise(const v1::ServerMessage& message) {
    if (message.has_error()) metrics::count_error(message.error().code());  // /metrics tavolo_errors_total
    return std::make_shared<const std::string>(message.SerializeAsString());
}

SessionCore::SessionCore(SessionId id, SessionServices services, std::string server_version, Millis now,
                         SessionLimits limits)
    : id_(id),
      services_(services),
      server_version_(std::move(server_version)),
      limits_(limits),
      rate_(limits.rate, now) {}

std::optional<AccountIdValue> SessionCore::account() const {
    if (phase_ == Phase::logged_in || (phase_ == Phase::closed && account_ != 0)) return account_;
    return std::nullopt;
}

// ---- Frames -----------------------------------------------------------------------------------------

std::optional<Effects> SessionCore::throttle(Millis now) {
    if (rate_.try_take(now)) {
        rate_strikes_ = 0;
        return std::nullopt;
    }
    // Refused before decoding: a flood costs one comparison and, for a bounded number of frames, one
    // small error each; then the connection closes.
    if (++rate_strikes_ > limits_.max_rate_strikes)
        return refuse_and_close({v1::ERROR_CODE_RATE_LIMITED,
                                 "too many frames, still, after " + std::to_string(limits_.max_rate_strikes) +
                                     " warnings: closing; reconnect and send at most " +
                                     std::to_string(limits_.rate.frames_per_second) + " frames a second"},
                                0);
    return refuse({v1::ERROR_CODE_RATE_LIMITED, "too many frames: slow down to at most " +
                                                    std::to_string(limits_.rate.frames_per_second) +
                                                    " a second; this frame was ignored"},
                  0);
}

Effects SessionCore::on_binary_frame(std::string_view bytes, Millis now) {
    if (phase_ == Phase::closed) return {};
    if (auto throttled = throttle(now)) return std::move(*throttled);
    if (bytes.size() > limits_.max_frame_bytes) return on_frame_too_large();
    v1::ClientMessage message;
    if (!message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
        protocol::Refusal refusal{
            v1::ERROR_CODE_MALFORMED_FRAME,
            "the frame is not a tavolo.v1.ClientMessage; send one protobuf envelope per "
            "binary frame (proto/tavolo.proto)"};
        // Before the handshake nothing says the peer speaks our protocol at all: close. After it, a bad
        // frame is the client's bug, not a reason to drop its seats: answer and go on.
        if (phase_ == Phase::awaiting_hello) return refuse_and_close(refusal, 0);
        return refuse(refusal, 0);
    }
    return dispatch(message);
}

Effects SessionCore::on_text_frame(Millis now) {
    if (phase_ == Phase::closed) return {};
    if (auto throttled = throttle(now)) return std::move(*throttled);
    protocol::Refusal refusal{v1::ERROR_CODE_MALFORMED_FRAME,
                              "text frames are not part of the protocol; send each ClientMessage as a binary "
                              "frame"};
    if (phase_ == Phase::awaiting_hello) return refuse_and_close(refusal, 0);
    return refuse(refusal, 0);
}

Effects SessionCore::on_frame_too_large() {
    if (phase_ == Phase::closed) return {};
    return refuse_and_close(
        {v1::ERROR_CODE_FRAME_TOO_LARGE, "a frame has at most " + std::to_string(limits_.max_frame_bytes) +
                                             " bytes; the connection is closed"},
        0);
}

Effects SessionCore::on_send_overflow() {
    if (phase_ == Phase::closed) return {};
    // The queue is full, so nothing more can be said: drop it and close. The client sees the gap in
    // table_seq when it resumes and gets fresh snapshots.
    return close(v1::ERROR_CODE_UNSPECIFIED,
                 "send queue overflowed: the client reads too slowly; reconnect and resume to resync", true);
}

// ---- Dispatch ---------------------------------------------------------------------------------------

Effects SessionCore::dispatch(const v1::ClientMessage& message) {
    if (phase_ == Phase::awaiting_hello) return on_hello_phase(message);
    switch (message.body_case()) {
        case v1::ClientMessage::kHello:
            return refuse({v1::ERROR_CODE_HELLO_EXPECTED,
                           "Hello was already accepted on this connection; "
                           "send it once, first"},
                          message.request_id());
        case v1::ClientMessage::kCreateAccount:
        case v1::ClientMessage::kLogIn:
        case v1::ClientMessage::kResume:
            return on_account_request(message);
        case v1::ClientMessage::kSubscribeLobby:
        case v1::ClientMessage::kUnsubscribeLobby:
        case v1::ClientMessage::kRegisterTournament:
        case v1::ClientMessage::kUnregisterTournament:
        case v1::ClientMessage::kGetWallet:
            return on_lobby_request(message);
        case v1::ClientMessage::kAction:
        case v1::ClientMessage::kSitOut:
        case v1::ClientMessage::kSitIn:
        case v1::ClientMessage::kChat:
        case v1::ClientMessage::kObserve:
        case v1::ClientMessage::kStopObserving:
        case v1::ClientMessage::kClientSeed:
        case v1::ClientMessage::kRebuy:
        case v1::ClientMessage::kAddOn:
            return on_table_request(message);
        case v1::ClientMessage::kPing:
            return on_ping(message);
        case v1::ClientMessage::BODY_NOT_SET:
            break;
    }
    // An empty body, or a oneof case of a newer protocol (proto3 parses it as an unknown field).
    return refuse({v1::ERROR_CODE_UNKNOWN_MESSAGE,
                   "the message has no body this server knows; see proto/tavolo.proto for ClientMessage"},
                  message.request_id());
}

Effects SessionCore::on_hello_phase(const v1::ClientMessage& message) {
    if (message.body_case() != v1::ClientMessage::kHello)
        return refuse_and_close({v1::ERROR_CODE_HELLO_EXPECTED,
                                 "the first message of a connection is a Hello naming the protocol version; "
                                 "reconnect and send it first"},
                                message.request_id());
    auto welcome = protocol::accept_hello(message.hello(), server_version_);
    if (!welcome) return refuse_and_close(welcome.error(), message.request_id());
    welcome->set_max_frame_bytes(static_cast<std::uint32_t>(limits_.max_frame_bytes));
    batches_ = message.hello().accepts_batches();
    welcome->set_batches(batches_);
    phase_ = Phase::anonymous;
    v1::ServerMessage answer;
    answer.set_request_id(message.request_id());
    *answer.mutable_welcome() = std::move(*welcome);
    return {send(answer)};
}

Effects SessionCore::on_ping(const v1::ClientMessage& message) {
    v1::ServerMessage answer;
    answer.set_request_id(message.request_id());
    answer.mutable_pong()->set_nonce(message.ping().nonce());
    return {send(answer)};
}

// ---- Accounts ---------------------------------------------------------------------------------------

Effects SessionCore::on_account_request(const v1::ClientMessage& message) {
    if (phase_ == Phase::logged_in)
        return refuse({v1::ERROR_CODE_ILLEGAL_ACTION,
                       "already logged in as " + name_ + "; open a new connection to use another account"},
                      message.request_id());
    // One at a time: each costs an Argon2id hash or a database round trip.
    if (pending_account_request_)
        return refuse({v1::ERROR_CODE_ILLEGAL_ACTION,
                       "a log in is already under way on this connection; wait for its answer"},
                      message.request_id());
    auto request = account_request_of(message, id_);
    if (!request) return refuse(request.error(), message.request_id());
    pending_account_request_ = message.request_id();
    services_.accounts.submit(std::move(*request));
    return {};
}

Effects SessionCore::on_account_result(AccountResult result) {
    // A result for a closed session, or one this session did not ask for (already answered), is dropped.
    if (phase_ != Phase::anonymous || pending_account_request_ != result.request_id) return {};
    pending_account_request_.reset();
    if (auto* failure = std::get_if<AccountFailure>(&result.outcome)) {
        const bool guess =
            *failure == AccountFailure::wrong_credentials || *failure == AccountFailure::bad_resume_token;
        if (guess && ++failed_logins_ >= limits_.max_failed_logins) {
            auto refusal = refusal_of(*failure);
            refusal.message += "; too many failed attempts on this connection: closing";
            return refuse_and_close(refusal, result.request_id);
        }
        return refuse(refusal_of(*failure), result.request_id);
    }
    return on_granted(result.request_id, std::get<AccountGranted>(std::move(result.outcome)));
}

Effects SessionCore::on_granted(std::uint64_t request_id, AccountGranted granted) {
    phase_ = Phase::logged_in;
    account_ = granted.account;
    name_ = granted.name;
    Effects effects;
    // First the registry makes this session the account's only one, so that what tables send the
    // account from now on reaches this connection.
    effects.emplace_back(CloseOlderSession{
        account_, id_, "this account connected again elsewhere; this older connection is closed"});
    v1::ServerMessage answer;
    answer.set_request_id(request_id);
    auto& logged_in = *answer.mutable_logged_in();
    logged_in.set_account_id(granted.account);
    logged_in.set_name(granted.name);
    logged_in.set_resume_token(granted.resume_token);
    logged_in.set_resume_token_expires_at_ms(granted.resume_token_expires_at_ms);
    logged_in.set_balance_cents(granted.balance_cents);
    for (const auto& table : granted.seated_at)
        protocol::set_table(logged_in.add_seated_at(), table);
    effects.push_back(send(answer));
    // Each table answers with a full snapshot for this account (after LoggedIn: the shell queues the
    // frame above before any table's answer can be posted to this strand), once the registry has made
    // this session the account's (the effects are carried out in order).
    for (const auto& table : granted.seated_at)
        effects.emplace_back(SubmitToTable{{requester(), 0, table, ReattachRequest{}}});
    return effects;
}

Effects SessionCore::on_superseded(std::string_view reason, v1::ErrorCode code) {
    if (phase_ == Phase::closed) return {};
    Effects effects{send(closing_message(code, reason))};
    // The newer session holds the account now: this one must not release it when it goes.
    account_ = 0;
    auto closing = close(code, std::string(reason), false);
    effects.insert(effects.end(), closing.begin(), closing.end());
    return effects;
}

Effects SessionCore::on_shutdown(std::string_view reason) {
    if (phase_ == Phase::closed) return {};
    Effects effects{send(closing_message(v1::ERROR_CODE_SHUTTING_DOWN, reason))};
    auto closing = close(v1::ERROR_CODE_SHUTTING_DOWN, std::string(reason), false);
    effects.insert(effects.end(), closing.begin(), closing.end());
    return effects;
}

Effects SessionCore::on_closed() {
    if (released_) return {};
    released_ = true;
    phase_ = Phase::closed;
    for (const auto& table : observed_)
        std::ignore = services_.tables.submit({requester(), 0, table, StopObservingRequest{}});
    observed_.clear();
    if (account_ == 0) return {};
    // The registry, which knows every seat of the account, tells those tables the player is away (his
    // clock runs on, RULES.md §5) unless a newer session already holds the account.
    return {ReleaseAccount{account_, id_}};
}

// ---- Tables and lobby -------------------------------------------------------------------------------

Effects SessionCore::on_table_request(const v1::ClientMessage& message) {
    const std::uint64_t request_id = message.request_id();
    if (phase_ != Phase::logged_in) return refuse_table_request(not_logged_in(), message);
    auto ask = table_request_of(message, limits_.max_chat_chars);
    if (!ask) return refuse_table_request(ask.error(), message);
    const protocol::TableAddress address = ask->table;
    const bool observe = std::holds_alternative<ObserveRequest>(ask->body);
    const bool stop = std::holds_alternative<StopObservingRequest>(ask->body);
    const bool watching = std::ranges::find(observed_, address) != observed_.end();
    // Each observed table streams to this connection: their number is bounded like the queue.
    if (observe && !watching && observed_.size() >= limits_.max_observed_tables)
        return refuse_table_request(
            {v1::ERROR_CODE_ILLEGAL_ACTION, "this connection watches " +
                                                std::to_string(limits_.max_observed_tables) +
                                                " tables already; stop watching one first"},
            message);
    if (services_.tables.submit({requester(), request_id, address, std::move(ask->body)}) ==
        Routed::unknown_table) {
        forget_observed(address);
        v1::ServerMessage answer = protocol::error_message(unknown_table(address), request_id);
        protocol::set_table(answer.mutable_error()->mutable_table(), address);
        return {send(answer)};
    }
    if (observe && !watching) observed_.push_back(address);
    if (stop) forget_observed(address);
    return {};
}

Effects SessionCore::on_lobby_request(const v1::ClientMessage& message) {
    const std::uint64_t request_id = message.request_id();
    LobbyRequest request{id_, account_, request_id, v1::GetWallet{}};
    switch (message.body_case()) {
        case v1::ClientMessage::kSubscribeLobby:
            // Anyone welcomed may look at the lobby; `registered` flags need an account.
            request.body = message.subscribe_lobby();
            request.account = phase_ == Phase::logged_in ? account_ : 0;
            services_.lobby.submit(std::move(request));
            return {};
        case v1::ClientMessage::kUnsubscribeLobby:
            request.body = message.unsubscribe_lobby();
            request.account = phase_ == Phase::logged_in ? account_ : 0;
            services_.lobby.submit(std::move(request));
            return {};
        case v1::ClientMessage::kRegisterTournament:
            request.body = message.register_tournament();
            break;
        case v1::ClientMessage::kUnregisterTournament:
            request.body = message.unregister_tournament();
            break;
        case v1::ClientMessage::kGetWallet:
            request.body = message.get_wallet();
            break;
        default:
            return refuse({v1::ERROR_CODE_UNKNOWN_MESSAGE, "not a lobby request"}, request_id);
    }
    if (phase_ != Phase::logged_in) return refuse(not_logged_in(), request_id);
    services_.lobby.submit(std::move(request));
    return {};
}

// ---- Helpers ----------------------------------------------------------------------------------------

Effects SessionCore::refuse(const protocol::Refusal& refusal, std::uint64_t request_id) const {
    return {send(protocol::error_message(refusal, request_id))};
}

Effects SessionCore::refuse_table_request(const protocol::Refusal& refusal,
                                          const v1::ClientMessage& message) const {
    v1::ServerMessage answer = protocol::error_message(refusal, message.request_id());
    if (const v1::TableRef* table = table_ref_of(message)) *answer.mutable_error()->mutable_table() = *table;
    return {send(answer)};
}

Effects SessionCore::refuse_and_close(const protocol::Refusal& refusal, std::uint64_t request_id) {
    Effects effects = refuse(refusal, request_id);
    auto closing = close(refusal.code, refusal.message, false);
    effects.insert(effects.end(), closing.begin(), closing.end());
    return effects;
}

Effects SessionCore::close(v1::ErrorCode code, std::string reason, bool discard_queue) {
    phase_ = Phase::closed;
    return {CloseConnection{code, std::move(reason), discard_queue}};
}

Requester SessionCore::requester() const {
    return {id_, account_, name_};
}

void SessionCore::forget_observed(const protocol::TableAddress& table) {
    std::erase(observed_, table);
}

}  // namespace tavolo::server::session
