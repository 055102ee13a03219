// Issue 11 item 4, "registrations and balances as committed", over the real protocol: players register
// for a Sit&Go, the server is killed (-9) and restarted on the same database; the lobby adopts the
// tournament (no copy, no refund): the same players see their registration in the listing, their
// wallet unchanged, a second Register refused as already registered; a third player fills it, it is
// played to the end, the ledger exact. A tournament whose declaration changed meanwhile is refunded in
// full instead. And a running tournament resumed at a restart is listed by the new lobby as running,
// with its entrants and prize pool, and marked finished when it ends.
#include <gtest/gtest.h>

#include <future>
#include <memory>
#include <string>

#include "tests/server/e2e/heads_up_match.hpp"
#include "tests/support/e2e_money.hpp"
#include "tests/support/e2e_player.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

namespace {

constexpr std::int64_t kGrantCents = 100'000;
constexpr std::int64_t kBuyInCents = 1'100;  // 10.00 + 1.00

std::string config_of(const std::string& name) {
    return "[log]\nlevel = \"debug\"\n\n[clock]\nspeed = 30\n\n[accounts]\npassword_cost = \"minimum\"\n\n"
           "[lobby]\ndemo = false\n\n[server]\nshutdown_grace = 5\n\n"
           "[[tournament]]\nname = \"" +
           name +
           "\"\ngame = \"holdem\"\nbetting = \"nl\"\nseats = 3\nmax_players = 3\nstarting_stack = 500\n"
           "level_minutes = 1\nbuy_in = \"10.00\"\nfee = \"1.00\"\n";
}

// The tournament as this connection's lobby lists it (subscribing again answers with a snapshot).
std::optional<v1::TournamentInfo> listed(Player& p, std::int64_t id) {
    v1::ClientMessage m;
    m.mutable_subscribe_lobby();
    const auto answer = p.wire().receive_answer(p.wire().send(std::move(m)), kHang);
    if (!answer || !answer->has_lobby_snapshot()) return std::nullopt;
    for (const auto& t : answer->lobby_snapshot().tournaments())
        if (t.id() == id) return t;
    return std::nullopt;
}

std::int64_t wallet_of(Player& p) {
    v1::ClientMessage m;
    m.mutable_get_wallet();
    const auto answer = p.wire().receive_answer(p.wire().send(std::move(m)), kHang);
    return answer && answer->has_wallet() ? answer->wallet().balance_cents() : -1;
}

}  // namespace

TEST(LobbyAdoption, RegistrationsSurviveAKillAndTheTournamentIsPlayedToTheEnd) {
    MigratedDatabase db;
    const auto config = write_temp_file("adoption.toml", config_of("Kept"));
    const std::vector<std::string> env{"TAVOLO_DATABASE_URL=" + db.url()};
    auto server = std::make_unique<ServerProcess>(std::vector<std::string>{"--config", config}, env);
    ASSERT_TRUE(server->running()) << server->log();
    const std::string port = std::to_string(server->port());

    const std::string suffix = std::to_string(::getpid() % 10000);
    const std::string names[2] = {"alice" + suffix, "bob" + suffix};
    std::int64_t tournament = 0;
    {
        Player alice(server->port()), bob(server->port());
        Player* players[2] = {&alice, &bob};
        for (int i = 0; i < 2; ++i) {
            ASSERT_TRUE(players[i]->connect());
            const auto in = players[i]->create_account(names[i], kPassword);
            ASSERT_TRUE(in && in->has_logged_in()) << (in ? in->DebugString() : "no answer");
        }
        tournament = alice.tournament_named("Kept");
        ASSERT_GT(tournament, 0);
        for (Player* p : players) {
            const auto r = p->register_for(tournament);
            ASSERT_TRUE(r && r->has_registered()) << (r ? r->DebugString() : "no answer");
            EXPECT_EQ(r->registered().balance_cents(), kGrantCents - kBuyInCents);
        }
        server->crash();  // kill -9 with the two buy-ins committed
    }

    server =
        std::make_unique<ServerProcess>(std::vector<std::string>{"--config", config, "--port", port}, env);
    ASSERT_TRUE(server->running()) << server->log();
    ASSERT_TRUE(server->wait_for_log("event=recovery ")) << server->log();  // its log read this far
    EXPECT_NE(server->log().find("event=tournament_adopted tournament=" + std::to_string(tournament) + " "),
              std::string::npos)
        << server->log();
    EXPECT_EQ(server->log().find("event=tournament_cancelled_at_recovery"), std::string::npos)
        << server->log();

    Player alice(server->port()), bob(server->port());
    Player* players[2] = {&alice, &bob};
    for (int i = 0; i < 2; ++i) {
        ASSERT_TRUE(players[i]->connect());
        const auto in = players[i]->log_in(names[i], kPassword);
        ASSERT_TRUE(in && in->has_logged_in()) << (in ? in->DebugString() : "no answer");
        // Listed under the same id, registering, with both entries, this player among them.
        const auto info = listed(*players[i], tournament);
        ASSERT_TRUE(info.has_value()) << "the adopted tournament is listed";
        EXPECT_EQ(info->state(), v1::TOURNAMENT_STATE_REGISTERING);
        EXPECT_EQ(info->entrants(), 2);
        EXPECT_TRUE(info->registered());
        EXPECT_EQ(info->prize_pool_cents(), 2'000);
        EXPECT_EQ(wallet_of(*players[i]), kGrantCents - kBuyInCents) << "charged once, not refunded";
        const auto again = players[i]->register_for(tournament);
        ASSERT_TRUE(again && again->has_error()) << (again ? again->DebugString() : "no answer");
        EXPECT_EQ(again->error().code(), v1::ERROR_CODE_REGISTRATION_CLOSED);
        EXPECT_NE(again->error().message().find("already registered"), std::string::npos)
            << again->error().message();
    }
    EXPECT_EQ(db.count("SELECT count(*) FROM tournaments"), 1) << "no copy opened at the restart";
    EXPECT_EQ(wallet_of(alice), kGrantCents - kBuyInCents) << "the second Register charged nothing";

    // A third player fills the table: it starts and is played to the end.
    auto third = std::async(std::launch::async, [&] {
        return run_tool("bots --url ws://127.0.0.1:" + port +
                        "/ws --count 1 --strategy calling --tournament " + std::to_string(tournament));
    });
    for (int round = 0; round < 20'000; ++round) {
        if (third.wait_for(std::chrono::seconds(0)) == std::future_status::ready) break;
        HeadsUpMatch::play_turn(alice, 20ms);
        HeadsUpMatch::play_turn(bob, 20ms);
    }
    const auto bot = third.get();
    EXPECT_EQ(bot.code, 0) << bot.out;
    EXPECT_NE(bot.last_line().find(" finished=1 "), std::string::npos) << bot.out;
    EXPECT_NE(bot.last_line().find(" errors=0"), std::string::npos) << bot.out;
    ASSERT_TRUE(server->wait_for_log("event=tournament_finished")) << server->log();
    EXPECT_EQ(server->stop(), 0) << server->log();

    EXPECT_EQ(db.count("SELECT count(*) FROM tournaments WHERE id = " + std::to_string(tournament) +
                       " AND state = 'finished'"),
              1);
    EXPECT_EQ(
        db.count("SELECT count(*) FROM registrations WHERE tournament_id = " + std::to_string(tournament)),
        3);
    EXPECT_EQ(db.count("SELECT count(*) FROM ledger_transactions WHERE idempotency_key LIKE 'cancel:%'"), 0);
    EXPECT_EQ(tournaments_badly_ranked(db), 0);
    EXPECT_EQ(prize_pools_not_paid_out(db), 0);
    EXPECT_EQ(wallets_off_by_anything(db, kGrantCents), 0);
    EXPECT_EQ(ledger_sum(db), 0);
}

TEST(LobbyAdoption, ATournamentWhoseDeclarationChangedIsRefundedInFullAtTheRestart) {
    MigratedDatabase db;
    const std::vector<std::string> env{"TAVOLO_DATABASE_URL=" + db.url()};
    std::int64_t tournament = 0;
    {
        ServerProcess server({"--config", write_temp_file("adoption_before.toml", config_of("Changed"))},
                             env);
        ASSERT_TRUE(server.running()) << server.log();
        Player alice(server.port()), bob(server.port());
        Player* players[2] = {&alice, &bob};
        const std::string suffix = std::to_string(::getpid() % 10000);
        for (int i = 0; i < 2; ++i) {
            ASSERT_TRUE(players[i]->connect());
            const auto in = players[i]->create_account((i == 0 ? "carol" : "dave") + suffix, kPassword);
            ASSERT_TRUE(in && in->has_logged_in());
        }
        tournament = alice.tournament_named("Changed");
        for (Player* p : players) {
            const auto r = p->register_for(tournament);
            ASSERT_TRUE(r && r->has_registered()) << (r ? r->DebugString() : "no answer");
        }
        server.crash();
    }
    // The operator raised the stacks meanwhile: not the tournament these players registered for.
    std::string changed = config_of("Changed");
    changed.replace(changed.find("starting_stack = 500"), 20, "starting_stack = 800");
    ServerProcess server({"--config", write_temp_file("adoption_after.toml", changed)}, env);
    ASSERT_TRUE(server.running()) << server.log();
    ASSERT_TRUE(server.wait_for_log("event=recovery ")) << server.log();
    const std::string log = server.log();
    EXPECT_NE(
        log.find("event=tournament_cancelled_at_recovery tournament=" + std::to_string(tournament) + " "),
        std::string::npos)
        << log;
    EXPECT_NE(log.find("changed since the tournament opened"), std::string::npos) << log;

    Player observer(server.port());
    ASSERT_TRUE(observer.connect());
    const std::int64_t fresh = observer.tournament_named("Changed");
    EXPECT_GT(fresh, tournament) << "a new one is opened under the new terms";
    EXPECT_EQ(server.stop(), 0) << server.log();
    EXPECT_EQ(
        db.count("SELECT count(*) FROM registrations WHERE tournament_id = " + std::to_string(tournament) +
                 " AND state = 'refunded' AND refund_cents = " + std::to_string(kBuyInCents)),
        2);
    EXPECT_EQ(wallets_off_by_anything(db, kGrantCents), 0);
    EXPECT_EQ(db.count("SELECT count(*) FROM wallets WHERE account_id IS NOT NULL AND balance <> " +
                       std::to_string(kGrantCents)),
              0)
        << "every wallet back to its grant";
    EXPECT_EQ(ledger_sum(db), 0);
}

TEST(LobbyAdoption, ARunningTournamentResumedAtARestartIsListedUntilItFinishes) {
    MigratedDatabase db;
    const auto config = write_temp_file("adoption_running.toml", config_of("Resumed"));
    const std::vector<std::string> env{"TAVOLO_DATABASE_URL=" + db.url()};
    auto server = std::make_unique<ServerProcess>(std::vector<std::string>{"--config", config}, env);
    ASSERT_TRUE(server->running()) << server->log();
    const std::string port = std::to_string(server->port());
    auto bots = std::async(std::launch::async, [&] {
        return run_tool("bots --url ws://127.0.0.1:" + port +
                        "/ws --count 3 --strategy calling --tournament any");
    });
    ASSERT_TRUE(server->wait_for_log("event=hand_committed")) << server->log();
    server->crash();
    server =
        std::make_unique<ServerProcess>(std::vector<std::string>{"--config", config, "--port", port}, env);
    ASSERT_TRUE(server->running()) << server->log();
    ASSERT_TRUE(server->wait_for_log("event=recovery ")) << server->log();
    EXPECT_NE(server->log().find("tournaments_resumed=1"), std::string::npos) << server->log();

    // An observer (not logged in) sees it in the new lobby as running, with its entrants and pool.
    Player observer(server->port());
    ASSERT_TRUE(observer.connect());
    v1::ClientMessage m;
    m.mutable_subscribe_lobby();
    const auto snapshot = observer.wire().receive_answer(observer.wire().send(std::move(m)), kHang);
    ASSERT_TRUE(snapshot && snapshot->has_lobby_snapshot());
    std::int64_t running = 0;
    for (const auto& t : snapshot->lobby_snapshot().tournaments()) {
        if (t.name() != "Resumed" || t.state() == v1::TOURNAMENT_STATE_REGISTERING) continue;
        running = t.id();
        EXPECT_EQ(t.entrants(), 3);
        EXPECT_EQ(t.prize_pool_cents(), 3'000);
    }
    ASSERT_GT(running, 0) << snapshot->DebugString();
    // A tournament that finished between the restart and the snapshot is listed finished already.
    const auto finished = [&](const v1::TournamentInfo& t) {
        return t.id() == running && t.state() == v1::TOURNAMENT_STATE_FINISHED;
    };
    bool seen_finished = false;
    for (const auto& t : snapshot->lobby_snapshot().tournaments())
        seen_finished = seen_finished || finished(t);
    if (!seen_finished)
        seen_finished = observer.wire()
                            .receive_until(
                                [&](const v1::ServerMessage& u) {
                                    return u.has_lobby_update() && finished(u.lobby_update().tournament());
                                },
                                kHang)
                            .has_value();
    EXPECT_TRUE(seen_finished) << "the lobby marks it finished when its director reports the end";

    const auto run = bots.get();
    EXPECT_EQ(run.code, 0) << run.out;
    EXPECT_NE(run.last_line().find(" finished=1 "), std::string::npos) << run.out;
    EXPECT_EQ(server->stop(), 0) << server->log();
    EXPECT_EQ(db.count("SELECT count(*) FROM tournaments WHERE id = " + std::to_string(running) +
                       " AND state = 'finished'"),
              1);
    EXPECT_EQ(tournaments_badly_ranked(db), 0);
    EXPECT_EQ(wallets_off_by_anything(db, kGrantCents), 0);
    EXPECT_EQ(ledger_sum(db), 0);
}
