#pragma once
// Test support for SessionCore: in-process fakes of the services it calls (each records what it was
// asked and nothing more), client messages as the bytes of a binary frame, and the effects read back
// as the ServerMessages a client would receive.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "server/session/session_core.hpp"

namespace tavolo::server::session::testing {

namespace v1 = ::tavolo::v1;
using protocol::TableAddress;

struct FakeAccounts final : AccountService {
    std::vector<AccountRequest> requests;
    void submit(AccountRequest request) override { requests.push_back(std::move(request)); }
};

struct FakeTables final : TableDirectory {
    std::vector<TableAddress> live;  // the tables that exist
    std::vector<TableRequest> requests;
    Routed submit(TableRequest request) override {
        const bool known = std::ranges::find(live, request.table) != live.end();
        if (!known) return Routed::unknown_table;
        requests.push_back(std::move(request));
        return Routed::delivered;
    }
};

struct FakeLobby final : LobbyGateway {
    std::vector<LobbyRequest> requests;
    void submit(LobbyRequest request) override { requests.push_back(std::move(request)); }
};

inline constexpr TableAddress kTable{.tournament_id = 12, .table = 0};
inline constexpr TableAddress kOtherTable{.tournament_id = 12, .table = 1};
inline constexpr AccountIdValue kAccount = 501;
inline const std::string kToken = "Zm9vYmFyLXJlc3VtZS10b2tlbi0wMTIzNDU2Nzg5YWJj";

inline std::string bytes_of(const v1::ClientMessage& message) {
    return message.SerializeAsString();
}

inline v1::ClientMessage hello(v1::ProtocolVersion version = v1::PROTOCOL_VERSION_1) {
    v1::ClientMessage message;
    message.set_request_id(1);
    message.mutable_hello()->set_version(version);
    message.mutable_hello()->set_client("session test");
    return message;
}

inline v1::ClientMessage log_in(std::string name, std::string password, std::uint64_t request_id = 2) {
    v1::ClientMessage message;
    message.set_request_id(request_id);
    message.mutable_log_in()->set_name(std::move(name));
    message.mutable_log_in()->set_password(std::move(password));
    return message;
}

inline v1::ClientMessage create_account(std::string name, std::string password,
                                        std::uint64_t request_id = 2) {
    v1::ClientMessage message;
    message.set_request_id(request_id);
    message.mutable_create_account()->set_name(std::move(name));
    message.mutable_create_account()->set_password(std::move(password));
    return message;
}

inline v1::ClientMessage resume(std::string token, std::uint64_t request_id = 2) {
    v1::ClientMessage message;
    message.set_request_id(request_id);
    message.mutable_resume()->set_resume_token(std::move(token));
    return message;
}

inline v1::ClientMessage ping(std::uint64_t nonce) {
    v1::ClientMessage message;
    message.set_request_id(nonce);
    message.mutable_ping()->set_nonce(nonce);
    return message;
}

inline v1::ClientMessage observe(TableAddress table, std::uint64_t request_id = 9) {
    v1::ClientMessage message;
    message.set_request_id(request_id);
    protocol::set_table(message.mutable_observe()->mutable_table(), table);
    return message;
}

inline v1::ClientMessage chat(TableAddress table, std::string text) {
    v1::ClientMessage message;
    message.set_request_id(10);
    protocol::set_table(message.mutable_chat()->mutable_table(), table);
    message.mutable_chat()->set_text(std::move(text));
    return message;
}

// A fold at `table`, answering hand 3, decision 4.
inline v1::ClientMessage fold(TableAddress table) {
    v1::ClientMessage message;
    message.set_request_id(11);
    auto& action = *message.mutable_action();
    protocol::set_table(action.mutable_table(), table);
    action.set_hand(3);
    action.set_decision(4);
    action.mutable_poker()->mutable_fold();
    return message;
}

inline AccountGranted granted(std::string name = "alice", std::vector<TableAddress> seated_at = {}) {
    return {.account = kAccount,
            .name = std::move(name),
            .resume_token = kToken,
            .resume_token_expires_at_ms = 1'800'000'000'000,
            .balance_cents = 100'000,
            .seated_at = std::move(seated_at)};
}

// The frames of `effects`, decoded as a client would.
inline std::vector<v1::ServerMessage> sent(const Effects& effects) {
    std::vector<v1::ServerMessage> messages;
    for (const auto& effect : effects)
        if (const auto* frame = std::get_if<SendFrame>(&effect)) {
            v1::ServerMessage message;
            EXPECT_TRUE(message.ParseFromString(*frame->frame));
            messages.push_back(std::move(message));
        }
    return messages;
}

inline int closes(const Effects& effects) {
    return static_cast<int>(std::ranges::count_if(
        effects, [](const Effect& effect) { return std::holds_alternative<CloseConnection>(effect); }));
}

// The single error the effects send (UNSPECIFIED when they send anything else, or not exactly one frame).
inline v1::ErrorCode error_code(const Effects& effects) {
    const auto messages = sent(effects);
    if (messages.size() != 1 || !messages.front().has_error()) return v1::ERROR_CODE_UNSPECIFIED;
    return messages.front().error().code();
}

// A SessionCore with recording fakes, fed on a clock that moves 100 ms a frame (well under the rate
// limit unless a test says otherwise).
struct Harness {
    FakeAccounts accounts;
    FakeTables tables;
    FakeLobby lobby;
    Millis now{0};
    SessionCore core;

    explicit Harness(SessionId id = 7, SessionLimits limits = {})
        : core(id, SessionServices{accounts, tables, lobby}, "tavolo-test", Millis{0}, limits) {
        tables.live = {kTable, kOtherTable};
    }

    Effects feed(const v1::ClientMessage& message) {
        now += Millis{100};
        return core.on_binary_frame(bytes_of(message), now);
    }
    Effects feed_bytes(std::string_view bytes) {
        now += Millis{100};
        return core.on_binary_frame(bytes, now);
    }

    void welcome() { ASSERT_EQ(sent(feed(hello())).at(0).body_case(), v1::ServerMessage::kWelcome); }

    // Welcomed and logged in as alice (seated nowhere); the fakes' records are cleared.
    void log_in_alice() {
        welcome();
        ASSERT_TRUE(feed(testing::log_in("alice", "correct horse")).empty());
        ASSERT_EQ(accounts.requests.size(), 1U);
        core.on_account_result({accounts.requests.back().request_id, granted()});
        ASSERT_EQ(core.phase(), SessionCore::Phase::logged_in);
        accounts.requests.clear();
    }

    // Nothing reached a service.
    [[nodiscard]] bool services_untouched() const {
        return accounts.requests.empty() && tables.requests.empty() && lobby.requests.empty();
    }
};

}  // namespace tavolo::server::session::testing
