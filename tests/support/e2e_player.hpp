#pragma once
// One scripted player over the real protocol for end-to-end tests: tools/client's BlockingClient (which
// checks every message: sequence, cards the player may not see) plus the few steps every test takes.
// Every wait is on a message; the timeouts only turn a hang into a failure.
#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>

#include "tools/bots/strategy.hpp"
#include "tools/client/blocking_client.hpp"

namespace tavolo::testing {

namespace v1 = ::tavolo::v1;
namespace client = ::tavolo::client;
using namespace std::chrono_literals;

inline constexpr auto kHang = 60s;  // no message in a minute: the server is stuck

class Player {
  public:
    explicit Player(int port) : url_("ws://127.0.0.1:" + std::to_string(port) + "/ws") {}

    // The last decision this player answered (the table's pending decision until the server moves on).
    std::int64_t answered = 0;

    client::BlockingClient& wire() { return client_; }
    std::int64_t account() const { return account_; }
    const std::string& token() const { return token_; }

    // Connects and says Hello; true when welcomed.
    bool connect() {
        if (!client_.connect(url_, kHang)) return false;
        v1::ClientMessage hello;
        hello.mutable_hello()->set_version(v1::PROTOCOL_VERSION_1);
        hello.mutable_hello()->set_client("e2e-test");
        hello.mutable_hello()->set_accepts_batches(true);  // what the real clients do
        client_.send(std::move(hello));
        return client_.receive_until(client::body_is(v1::ServerMessage::kWelcome), kHang).has_value();
    }

    // The answer to an account request: LoggedIn (the token kept) or the Error.
    std::optional<v1::ServerMessage> create_account(const std::string& name, const std::string& password) {
        v1::ClientMessage m;
        m.mutable_create_account()->set_name(name);
        m.mutable_create_account()->set_password(password);
        return account_answer(std::move(m));
    }
    std::optional<v1::ServerMessage> log_in(const std::string& name, const std::string& password) {
        v1::ClientMessage m;
        m.mutable_log_in()->set_name(name);
        m.mutable_log_in()->set_password(password);
        return account_answer(std::move(m));
    }
    std::optional<v1::ServerMessage> resume(const std::string& token) {
        v1::ClientMessage m;
        m.mutable_resume()->set_resume_token(token);
        return account_answer(std::move(m));
    }

    // The lobby's id of the tournament named `name` (0 when not listed).
    std::int64_t tournament_named(const std::string& name) {
        v1::ClientMessage m;
        m.mutable_subscribe_lobby();
        const auto answer = client_.receive_answer(client_.send(std::move(m)), kHang);
        if (!answer || !answer->has_lobby_snapshot()) return 0;
        for (const auto& t : answer->lobby_snapshot().tournaments())
            if (t.name() == name) return t.id();
        // Not opened yet (the lobby creates its tournaments in the database first): its update comes.
        const auto update = client_.receive_until(
            [&](const v1::ServerMessage& u) {
                return u.has_lobby_update() && u.lobby_update().tournament().name() == name;
            },
            kHang);
        return update ? update->lobby_update().tournament().id() : 0;
    }

    std::optional<v1::ServerMessage> register_for(std::int64_t tournament) {
        v1::ClientMessage m;
        m.mutable_register_tournament()->set_tournament_id(tournament);
        return client_.receive_answer(client_.send(std::move(m)), kHang);
    }

    // Sends an action; returns its request id.
    std::uint64_t act(const v1::TableRef& table, std::int64_t hand, std::int64_t decision,
                      const v1::PokerCommand& command) {
        v1::ClientMessage m;
        *m.mutable_action()->mutable_table() = table;
        m.mutable_action()->set_hand(hand);
        m.mutable_action()->set_decision(decision);
        *m.mutable_action()->mutable_poker() = command;
        return client_.send(std::move(m));
    }

    // Waits until this player's table shows him to act; returns the table's folded state then.
    std::optional<v1::TableSnapshot> until_my_turn() {
        std::optional<v1::TableSnapshot> found;
        client_.receive_until(
            [&](const v1::ServerMessage&) {
                for (const auto& [key, tracker] : client_.tables().tables())
                    if (tracker.has_snapshot() && tracker.poker_legal() != nullptr) {
                        found = tracker.state();
                        return true;
                    }
                return false;
            },
            kHang);
        return found;
    }

  private:
    std::optional<v1::ServerMessage> account_answer(v1::ClientMessage m) {
        auto answer = client_.receive_answer(client_.send(std::move(m)), kHang);
        if (answer && answer->has_logged_in()) {
            account_ = answer->logged_in().account_id();
            token_ = answer->logged_in().resume_token();
        }
        return answer;
    }

    std::string url_;
    client::BlockingClient client_;
    std::int64_t account_ = 0;
    std::string token_;
};

// Check, or call (the bots' "calling" strategy).
inline v1::PokerCommand check_or_call(const v1::PokerLegalActions& legal) {
    bots::Rng unused;
    return bots::choose_poker(bots::Strategy::Calling, legal, {}, {}, unused);
}

}  // namespace tavolo::testing
