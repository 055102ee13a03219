#include "server/session/session_api.hpp"

#include <algorithm>

#include "fairness/seed.hpp"
#include "server/protocol/shuffle_proof.hpp"
#include "server/session/credentials.hpp"

namespace tavolo::server::session {

namespace {

std::unexpected<protocol::Refusal> refused(v1::ErrorCode code, std::string message) {
    return std::unexpected(protocol::Refusal{code, std::move(message)});
}

std::expected<void, protocol::Refusal> verify_name_and_password(const std::string& name,
                                                                const std::string& password) {
    if (auto name_ok = verify_account_name(name); !name_ok) return name_ok;
    return verify_password(password);
}

// Code points, counting every byte that does not continue a UTF-8 sequence (protobuf has checked that
// a proto3 string is valid UTF-8 before we see it).
std::size_t utf8_length(const std::string& text) {
    return static_cast<std::size_t>(
        std::ranges::count_if(text, [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

}  // namespace

std::expected<AccountRequest, protocol::Refusal> account_request_of(const v1::ClientMessage& message,
                                                                    SessionId session) {
    AccountRequest request;
    request.session = session;
    request.request_id = message.request_id();
    switch (message.body_case()) {
        case v1::ClientMessage::kCreateAccount: {
            const auto& body = message.create_account();
            if (auto ok = verify_name_and_password(body.name(), body.password()); !ok)
                return std::unexpected(ok.error());
            request.operation = AccountOperation::create_account;
            request.name = body.name();
            request.password = body.password();
            return request;
        }
        case v1::ClientMessage::kLogIn: {
            const auto& body = message.log_in();
            // A name or password that no account can have is refused here: no Argon2id work for it.
            if (auto ok = verify_name_and_password(body.name(), body.password()); !ok)
                return std::unexpected(ok.error());
            request.operation = AccountOperation::log_in;
            request.name = body.name();
            request.password = body.password();
            return request;
        }
        case v1::ClientMessage::kResume: {
            const auto& token = message.resume().resume_token();
            if (auto ok = verify_resume_token(token); !ok) return std::unexpected(ok.error());
            request.operation = AccountOperation::resume;
            request.resume_token = token;
            return request;
        }
        default:
            return refused(v1::ERROR_CODE_UNKNOWN_MESSAGE, "not an account request");
    }
}

protocol::Refusal refusal_of(AccountFailure failure) {
    switch (failure) {
        case AccountFailure::name_taken:
            return {v1::ERROR_CODE_NAME_TAKEN, "this account name is taken; choose another"};
        case AccountFailure::wrong_credentials:
            return {v1::ERROR_CODE_WRONG_CREDENTIALS,
                    "wrong account name or password; check both and try again"};
        case AccountFailure::bad_resume_token:
            return {v1::ERROR_CODE_BAD_RESUME_TOKEN,
                    "the resume token is unknown or has expired; log in with your name and password"};
        case AccountFailure::unavailable:
            break;
    }
    return {v1::ERROR_CODE_UNAVAILABLE,
            "the account service is unavailable; nothing changed, try again in a moment"};
}

std::expected<protocol::TableAddress, protocol::Refusal> table_named(bool has_table,
                                                                     const v1::TableRef& ref) {
    if (!has_table)
        return refused(v1::ERROR_CODE_BAD_FIELD, "name the table: its tournament_id and table number");
    const auto address = protocol::table_of(ref);
    if (address.tournament_id <= 0 || address.table < 0) return std::unexpected(unknown_table(address));
    return address;
}

std::expected<std::string, protocol::Refusal> chat_text_of(const v1::Chat& chat, std::size_t max_chars) {
    const std::string& text = chat.text();
    const bool blank = std::ranges::all_of(text, [](char c) { return c == ' '; });
    if (blank) return refused(v1::ERROR_CODE_BAD_CHAT, "a chat line is empty; type something");
    if (utf8_length(text) > max_chars)
        return refused(v1::ERROR_CODE_BAD_CHAT,
                       "a chat line has at most " + std::to_string(max_chars) + " characters; shorten it");
    const bool control = std::ranges::any_of(text, [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte < 0x20 || byte == 0x7f;
    });
    if (control)
        return refused(v1::ERROR_CODE_BAD_CHAT,
                       "a chat line is one line of text, without control characters");
    return text;
}

std::expected<std::vector<std::uint8_t>, protocol::Refusal> client_seed_of(const v1::ClientSeed& seed) {
    if (seed.seed().size() > fairness::kMaxClientSeedBytes)
        return refused(v1::ERROR_CODE_BAD_FIELD, "a client seed has at most " +
                                                     std::to_string(fairness::kMaxClientSeedBytes) +
                                                     " bytes; send a shorter one");
    return protocol::client_seed_bytes(seed);
}

std::expected<TableAsk, protocol::Refusal> table_request_of(const v1::ClientMessage& message,
                                                            std::size_t max_chat_chars) {
    // Every table request names its table in a field called `table`.
    const auto ask = [](const auto& body,
                        TableRequestBody what) -> std::expected<TableAsk, protocol::Refusal> {
        auto table = table_named(body.has_table(), body.table());
        if (!table) return std::unexpected(table.error());
        return TableAsk{*table, std::move(what)};
    };
    switch (message.body_case()) {
        case v1::ClientMessage::kAction:
            if (message.action().command_case() == v1::Action::COMMAND_NOT_SET)
                return refused(v1::ERROR_CODE_BAD_FIELD, "an action carries a poker or a Polacco command");
            return ask(message.action(), message.action());
        case v1::ClientMessage::kSitOut:
            return ask(message.sit_out(), SitOutRequest{true});
        case v1::ClientMessage::kSitIn:
            return ask(message.sit_in(), SitOutRequest{false});
        case v1::ClientMessage::kChat: {
            auto text = chat_text_of(message.chat(), max_chat_chars);
            if (!text) return std::unexpected(text.error());
            return ask(message.chat(), ChatRequest{std::move(*text)});
        }
        case v1::ClientMessage::kObserve:
            return ask(message.observe(), ObserveRequest{});
        case v1::ClientMessage::kStopObserving:
            return ask(message.stop_observing(), StopObservingRequest{});
        case v1::ClientMessage::kRebuy:
            return ask(message.rebuy(), PurchaseRequest{false, message.rebuy().decline()});
        case v1::ClientMessage::kAddOn:
            return ask(message.add_on(), PurchaseRequest{true, message.add_on().decline()});
        case v1::ClientMessage::kClientSeed: {
            auto bytes = client_seed_of(message.client_seed());
            if (!bytes) return std::unexpected(bytes.error());
            return ask(message.client_seed(), ClientSeedRequest{std::move(*bytes)});
        }
        default:
            return refused(v1::ERROR_CODE_UNKNOWN_MESSAGE, "not a table request");
    }
}

const v1::TableRef* table_ref_of(const v1::ClientMessage& message) {
    const auto named = [](const auto& body) { return body.has_table() ? &body.table() : nullptr; };
    switch (message.body_case()) {
        case v1::ClientMessage::kAction:
            return named(message.action());
        case v1::ClientMessage::kSitOut:
            return named(message.sit_out());
        case v1::ClientMessage::kSitIn:
            return named(message.sit_in());
        case v1::ClientMessage::kChat:
            return named(message.chat());
        case v1::ClientMessage::kObserve:
            return named(message.observe());
        case v1::ClientMessage::kStopObserving:
            return named(message.stop_observing());
        case v1::ClientMessage::kRebuy:
            return named(message.rebuy());
        case v1::ClientMessage::kAddOn:
            return named(message.add_on());
        case v1::ClientMessage::kClientSeed:
            return named(message.client_seed());
        default:
            return nullptr;
    }
}

protocol::Refusal not_logged_in() {
    return {v1::ERROR_CODE_NOT_LOGGED_IN, "log in, create an account or resume first"};
}

protocol::Refusal unknown_table(const protocol::TableAddress& table) {
    return {v1::ERROR_CODE_UNKNOWN_TABLE, "no table " + std::to_string(table.table) + " in tournament " +
                                              std::to_string(table.tournament_id) +
                                              " runs on this server; check the lobby for live tables"};
}

}  // namespace tavolo::server::session
