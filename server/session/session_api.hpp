#pragma once
// The session's thin validation layer (STYLE.md "Layers by file name"): client messages checked and
// turned into service requests, and service failures mapped to protocol codes, each refusal saying
// what went wrong and what to do. No state: SessionCore decides what happens next.
#include <cstddef>
#include <cstdint>
#include <expected>
#include <string>
#include <vector>

#include "server/protocol/refusal.hpp"
#include "server/session/services.hpp"

namespace tavolo::server::session {

// CreateAccount, LogIn or Resume as a request to the AccountService, after checking the name, the
// password or the token (BAD_CREDENTIALS_FORMAT, BAD_RESUME_TOKEN).
std::expected<AccountRequest, protocol::Refusal> account_request_of(const v1::ClientMessage& message,
                                                                    SessionId session);

// The protocol's answer to a failed account request.
protocol::Refusal refusal_of(AccountFailure failure);

// The table a request names: BAD_FIELD when absent, UNKNOWN_TABLE for ids no table can have.
std::expected<protocol::TableAddress, protocol::Refusal> table_named(bool has_table, const v1::TableRef& ref);

// A table request as the session forwards it: the table it names and what it asks.
struct TableAsk {
    protocol::TableAddress table;
    TableRequestBody body;
};

// Action, SitOut, SitIn, Chat, Observe, StopObserving or ClientSeed, checked: table_named's refusals,
// BAD_FIELD for an Action without a command, chat_text_of's for a Chat, client_seed_of's for a seed.
std::expected<TableAsk, protocol::Refusal> table_request_of(const v1::ClientMessage& message,
                                                            std::size_t max_chat_chars);

// The table a table request names (its `table` field), or nullptr when the message is not a table
// request or names none. A refusal of a table request carries it back in v1::Error.table, so a client
// at several tables knows which of its requests failed.
const v1::TableRef* table_ref_of(const v1::ClientMessage& message);

// A ClientSeed's bytes: BAD_FIELD over fairness::kMaxClientSeedBytes (64); an empty seed is one.
std::expected<std::vector<std::uint8_t>, protocol::Refusal> client_seed_of(const v1::ClientSeed& seed);

// A chat line's text: BAD_CHAT when empty (or blank), over max_chars characters, or holding control
// characters.
std::expected<std::string, protocol::Refusal> chat_text_of(const v1::Chat& chat, std::size_t max_chars);

// The refusals SessionCore gives in several places, worded once.
protocol::Refusal not_logged_in();
protocol::Refusal unknown_table(const protocol::TableAddress& table);

}  // namespace tavolo::server::session
