// Two server nodes on one PostgreSQL and one NATS (server/cluster/README.md): node "b", started first,
// holds the lobby lease and hosts the heads-up it starts; node "a" runs neither. Alice and Carol are
// connected to "a", Bob to "b". Alice registers through "a" (the lobby's answers come back over NATS), plays
// the whole tournament at the table on "b", chats there, logs in again on "a" and gets her seat back; Carol
// watches the table from "a"; a table nobody hosts is unknown_table from "a" as from one node. Money is exact
// at the end. [clock] speed 20: nothing waits on the wall clock but the replies.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "tests/persistence/test_database.hpp"
#include "tests/support/e2e_money.hpp"
#include "tests/support/e2e_player.hpp"
#include "tests/support/nats_process.hpp"
#include "tests/support/server_process.hpp"

namespace tavolo::testing {
namespace {

constexpr std::int64_t kGrantCents = 100'000;  // [accounts] starting_balance's default
const std::string kPassword = "correct horse battery";

std::string node_config(const std::string& node, const std::string& nats) {
    return "[server]\nshutdown_grace = 1\n[node]\nid = \"" + node + "\"\n[cluster]\nnats_url = \"" + nats +
           "\"\n[clock]\nspeed = 20\n[accounts]\npassword_cost = \"minimum\"\n[lobby]\ndemo = false\n"
           "[[tournament]]\nname = \"Cluster heads-up\"\ngame = \"holdem\"\nkind = \"headsup\"\n";
}

std::unique_ptr<ServerProcess> start_node(const std::string& node, const std::string& nats,
                                          const TestDatabase& db) {
    auto server = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--config",
                                 write_temp_file("node_" + node + ".toml", node_config(node, nats)),
                                 "--log-level", "info"},
        std::vector<std::string>{"TAVOLO_DATABASE_URL=" + db.url()});
    if (!server->running()) throw std::runtime_error("node " + node + " did not start:\n" + server->log());
    return server;
}

std::unique_ptr<Player> logged_in(int port, const std::string& name, bool create) {
    auto p = std::make_unique<Player>(port);
    if (!p->connect()) throw std::runtime_error("no Welcome");
    auto in = create ? p->create_account(name, kPassword) : p->log_in(name, kPassword);
    if (!in || !in->has_logged_in()) throw std::runtime_error("no log in: " + (in ? in->DebugString() : ""));
    return p;
}

// The player's table when a decision of his is pending and not yet answered, within `wait`.
std::optional<v1::TableSnapshot> turn_within(Player& p, std::chrono::milliseconds wait) {
    std::optional<v1::TableSnapshot> found;
    const auto check = [&](const v1::ServerMessage&) {
        for (const auto& [key, tracker] : p.wire().tables().tables()) {
            const auto* legal = tracker.poker_legal();
            if (!tracker.has_snapshot() || legal == nullptr || tracker.state().your_seat() < 0) continue;
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

// Check or call; with `shove`, all in whenever he may (so the heads-up ends in a few hands).
bool play_turn(Player& p, std::chrono::milliseconds wait, bool shove) {
    auto state = turn_within(p, wait);
    if (!state) return false;
    const auto& legal = state->poker().legal();
    v1::PokerCommand command = check_or_call(legal);
    if (shove && legal.may_bet_or_raise()) command.set_bet_or_raise_to(legal.all_in_to());
    p.act(state->table(), state->poker().hand(), state->poker().decision(), command);
    return true;
}

bool has(const Player& p, const std::function<bool(const v1::ServerMessage&)>& what) {
    for (const auto& m : const_cast<Player&>(p).wire().received())
        if (what(m)) return true;
    return false;
}

bool finished(const v1::ServerMessage& m) {
    return m.has_tournament_event() && m.tournament_event().has_finished();
}

std::int64_t hands_ended(Player& p) {
    std::int64_t n = 0;
    for (const auto& m : p.wire().received())
        n += m.has_table_event() && m.table_event().has_hand_ended();
    return n;
}

TEST(TwoNodes, AClientOnOneNodePlaysChatsAndWatchesATableHostedOnTheOther) {
    MigratedDatabase db;
    NatsProcess nats;
    // b starts first and takes the lobby lease (its keeper's first round, before it listens); a finds
    // the lease held and forwards the lobby to b.
    auto b = start_node("b", nats.url(), db);
    ASSERT_TRUE(b->wait_for_log("event=lobby_gained node=b")) << b->log();
    auto a = start_node("a", nats.url(), db);

    const std::string suffix = std::to_string(::getpid() % 10000);
    auto alice = logged_in(a->port(), "alice" + suffix, true);
    auto bob = logged_in(b->port(), "bob" + suffix, true);
    auto carol = logged_in(a->port(), "carol" + suffix, true);

    // The lobby runs on b: a forwards the subscription, b's snapshot comes back.
    const std::int64_t tournament = alice->tournament_named("Cluster heads-up");
    ASSERT_GT(tournament, 0) << a->log() << b->log();
    for (Player* p : {alice.get(), bob.get()}) {
        auto r = p->register_for(tournament);
        ASSERT_TRUE(r && r->has_registered()) << (r ? r->DebugString() : "no answer") << a->log();
    }
    ASSERT_TRUE(b->wait_for_log("event=cluster_hosting tournament=" + std::to_string(tournament) + " node=b"))
        << b->log();

    // Alice (on a) gets her seat's snapshot from b over NATS.
    ASSERT_TRUE(alice->wire().receive_until(client::body_is(v1::ServerMessage::kTableSnapshot), kHang))
        << a->log() << b->log();

    // Carol watches from a.
    v1::ClientMessage observe;
    observe.mutable_observe()->mutable_table()->set_tournament_id(tournament);
    observe.mutable_observe()->mutable_table()->set_table(0);
    carol->wire().send(observe);
    ASSERT_TRUE(carol->wire().receive_until(client::body_is(v1::ServerMessage::kTableSnapshot), kHang));

    // A table nobody hosts: unknown_table, as on one node.
    v1::ClientMessage nowhere;
    nowhere.mutable_observe()->mutable_table()->set_tournament_id(tournament + 1000);
    nowhere.mutable_observe()->mutable_table()->set_table(0);
    auto refused = carol->wire().receive_answer(carol->wire().send(nowhere), kHang);
    ASSERT_TRUE(refused && refused->has_error()) << (refused ? refused->DebugString() : "no answer");
    EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_UNKNOWN_TABLE);

    // Alice chats from a: Bob on b and Carol on a see it.
    v1::ClientMessage chat;
    *chat.mutable_chat()->mutable_table() = observe.observe().table();
    chat.mutable_chat()->set_text("hello from node a");
    alice->wire().send(chat);
    const auto is_line = [](const v1::ServerMessage& m) {
        return m.has_chat_line() && m.chat_line().text() == "hello from node a";
    };
    EXPECT_TRUE(bob->wire().receive_until(is_line, kHang)) << b->log();
    EXPECT_TRUE(carol->wire().receive_until(is_line, kHang)) << a->log();

    // Alice logs in again on a (a new connection): LoggedIn lists her seat on b, b sends that
    // connection the table, and the stream goes on there.
    {
        auto second = std::make_unique<Player>(a->port());
        ASSERT_TRUE(second->connect());
        auto in = second->log_in("alice" + suffix, kPassword);
        ASSERT_TRUE(in && in->has_logged_in()) << (in ? in->DebugString() : "no answer");
        ASSERT_EQ(in->logged_in().seated_at_size(), 1) << in->DebugString() << a->log();
        EXPECT_EQ(in->logged_in().seated_at(0).tournament_id(), tournament);
        ASSERT_TRUE(second->wire().receive_until(client::body_is(v1::ServerMessage::kTableSnapshot), kHang))
            << a->log() << b->log();
        alice = std::move(second);
    }

    // Three hands of check or call, then all in until it ends.
    for (int round = 0; round < 20'000 && !has(*alice, finished); ++round) {
        const bool shove = hands_ended(*bob) >= 3;
        play_turn(*alice, 20ms, shove);
        play_turn(*bob, 20ms, shove);
    }
    // TournamentFinished reached both, over NATS for Alice (already read, or still to come).
    ASSERT_TRUE(has(*alice, finished) || alice->wire().receive_until(finished, kHang))
        << a->log() << b->log();
    ASSERT_TRUE(has(*bob, finished) || bob->wire().receive_until(finished, kHang)) << b->log();
    EXPECT_GE(hands_ended(*bob), 3);
    ASSERT_TRUE(b->wait_for_log("event=tournament_finished")) << b->log();
    // The observer on a saw every hand end, as Bob did on b.
    const auto hands = hands_ended(*bob);
    carol->wire().receive_until([&](const v1::ServerMessage&) { return hands_ended(*carol) >= hands; },
                                kHang);
    EXPECT_EQ(hands_ended(*carol), hands) << a->log();

    // The wallet through a's forwarded lobby request: the same as b's database says.
    v1::ClientMessage wallet;
    wallet.mutable_get_wallet();
    auto balance = alice->wire().receive_until(
        [&, id = alice->wire().send(wallet)](const v1::ServerMessage& m) {
            return m.request_id() == id && m.has_wallet();
        },
        kHang);
    ASSERT_TRUE(balance) << a->log();
    EXPECT_EQ(balance->wallet().balance_cents(),
              db.count("SELECT balance FROM wallets WHERE account_id = " + std::to_string(alice->account())));

    for (Player* p : {alice.get(), bob.get(), carol.get()})
        EXPECT_TRUE(p->wire().problems().empty()) << "the client's checks refused something";
    EXPECT_EQ(a->stop(), 0) << a->log();
    EXPECT_EQ(b->stop(), 0) << b->log();
    EXPECT_EQ(tournaments_finished(db), 1);
    EXPECT_EQ(tournaments_badly_ranked(db), 0);
    EXPECT_EQ(prize_pools_not_paid_out(db), 0);
    EXPECT_EQ(wallets_off_by_anything(db, kGrantCents), 0);
    EXPECT_EQ(ledger_sum(db), 0);
}

}  // namespace
}  // namespace tavolo::testing
