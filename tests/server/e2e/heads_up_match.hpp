#pragma once
// A heads-up between two scripted players (alice, bob) on the real server with a fresh database, in
// real time ([clock] speed 1: the 30-second action clock never runs out while the test acts at once).
// The constructor returns once both are seated and the first hand is dealt.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "tests/support/e2e_money.hpp"
#include "tests/support/e2e_player.hpp"
#include "tests/support/server_process.hpp"

namespace tavolo::testing {

inline const std::string kPassword = "correct horse battery";

class HeadsUpMatch {
  public:
    // `grace`: [server] shutdown_grace. Short by default: a test that ends mid-hand need not wait for
    // the action clock of a hand nobody plays on.
    explicit HeadsUpMatch(int grace = 1)
        : server_({"--config", write_temp_file("heads_up.toml", config(grace)), "--log-level", "info"},
                  {"TAVOLO_DATABASE_URL=" + db_.url()}) {
        if (!server_.running()) throw std::runtime_error("the server did not start:\n" + server_.log());
        static int serial = 0;
        const std::string suffix = std::to_string(::getpid() % 10000) + "_" + std::to_string(serial++);
        alice_name_ = "alice" + suffix;
        players_[0] = std::make_unique<Player>(server_.port());
        players_[1] = std::make_unique<Player>(server_.port());
        const std::string names[2] = {alice_name_, "bob" + suffix};
        for (int i = 0; i < 2; ++i) {
            if (!players_[i]->connect()) throw std::runtime_error("no Welcome");
            auto in = players_[i]->create_account(names[i], kPassword);
            if (!in || !in->has_logged_in())
                throw std::runtime_error("no account: " + (in ? in->DebugString() : ""));
        }
        tournament_ = alice().tournament_named("Heads-up");
        for (auto& p : players_) {
            auto r = p->register_for(tournament_);
            if (!r || !r->has_registered())
                throw std::runtime_error("not registered: " + (r ? r->DebugString() : ""));
        }
    }

    int port() const { return server_.port(); }
    ServerProcess& server() { return server_; }
    const TestDatabase& db() const { return db_; }
    Player& alice() { return *players_[0]; }
    Player& bob() { return *players_[1]; }
    const std::string& alice_name() const { return alice_name_; }

    // Plays bob's turns (check or call) until alice is to act; her table as she sees it then.
    std::optional<v1::TableSnapshot> until_turn_of(Player& me) {
        Player& other = &me == &alice() ? bob() : alice();
        for (int round = 0; round < 2000; ++round) {
            if (auto mine = turn_within(me, 20ms)) return mine;
            play_turn(other, 20ms);
        }
        return std::nullopt;
    }

    // Both play check or call (`me` may be a new connection of alice) until hand `hand` has ended.
    bool play_until_hand_ends(Player& me, std::int64_t hand) {
        Player& other = bob();
        for (int round = 0; round < 2000; ++round) {
            if (ended(me, hand)) return true;
            play_turn(me, 20ms);
            play_turn(other, 20ms);
        }
        return ended(me, hand);
    }

    // Takes the player's turn if one comes within `wait`: check or call.
    static bool play_turn(Player& p, std::chrono::milliseconds wait) {
        auto state = turn_within(p, wait);
        if (!state) return false;
        play_turn_now(p, *state);
        return true;
    }
    // Check or call the decision pending in `state`.
    static void play_turn_now(Player& p, const v1::TableSnapshot& state) {
        const auto& poker = state.poker();
        p.act(state.table(), poker.hand(), poker.decision(), check_or_call(poker.legal()));
    }

  private:
    static std::string config(int grace) {
        return "[server]\nshutdown_grace = " + std::to_string(grace) +
               "\n[accounts]\npassword_cost = \"minimum\"\n[lobby]\ndemo = false\n"
               "[[tournament]]\nname = \"Heads-up\"\ngame = \"holdem\"\nkind = \"headsup\"\n";
    }

    // The player's table when a decision of his is pending and not yet answered by him.
    static std::optional<v1::TableSnapshot> turn_within(Player& p, std::chrono::milliseconds wait) {
        std::optional<v1::TableSnapshot> found;
        const auto check = [&](const v1::ServerMessage&) {
            for (const auto& [key, tracker] : p.wire().tables().tables()) {
                const auto* legal = tracker.poker_legal();
                if (!tracker.has_snapshot() || legal == nullptr) continue;
                if (legal->decision() == p.answered) continue;
                p.answered = legal->decision();
                found = tracker.state();
                return true;
            }
            return false;
        };
        p.wire().poll();
        if (check(v1::ServerMessage{})) return found;
        p.wire().receive_until(check, wait);
        return found;
    }

    static bool ended(Player& p, std::int64_t hand) {
        for (const auto& m : p.wire().received())
            if (m.has_table_event() && m.table_event().hand() == hand && m.table_event().has_hand_ended())
                return true;
        return false;
    }

    MigratedDatabase db_;
    ServerProcess server_;
    std::string alice_name_;
    std::unique_ptr<Player> players_[2];
    std::int64_t tournament_ = 0;
};

}  // namespace tavolo::testing
