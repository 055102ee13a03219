// Issue 11 item 4: a running Poker Polacco MTT resumes after a crash. 24 bots (`tavolo bots`) play a
// Polacco MTT against the real server and a real PostgreSQL at an accelerated clock; the server is
// killed with -9 twice (once mid-play right after a hand committed, once right after a redraw was
// decided, before or after its tables were written) and restarted on the same port each time: the
// tournament resumes from its tables' last committed hands (polacco_recovery.hpp), the bots reconnect
// with their resume tokens and find their seats, and it plays to its end: every entrant ranked once,
// the pool paid out to the cent, the ledger summing to zero, nothing cancelled.
#include <gtest/gtest.h>

#include <future>
#include <memory>

#include "tests/support/e2e_money.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

namespace {

constexpr std::int64_t kGrantCents = 100'000;  // [accounts] starting_balance, the default 1,000.00

// 24 players: 4 tables of 6, redrawn at 12 (2 tables of 6), then the final table of 6.
std::string polacco_restart_config() {
    return "[clock]\nspeed = 30\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n"
           "[[tournament]]\nname = \"Polacco MTT\"\ngame = \"polacco\"\nkind = \"mtt\"\n"
           "min_players = 24\nmax_players = 24\nbuy_in = \"10.00\"\nfee = \"1.00\"\nstart = \"+150s\"\n";
}

}  // namespace

TEST(PolaccoRestart, KilledTwiceMidPlayTheTournamentResumesAndFinishesToTheCent) {
    MigratedDatabase db;
    const auto config = write_temp_file("polacco_restart.toml", polacco_restart_config());
    const std::vector<std::string> env{"TAVOLO_DATABASE_URL=" + db.url()};
    auto server = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--config", config, "--log-level", "debug"}, env);
    ASSERT_TRUE(server->running()) << server->log();
    const std::string port = std::to_string(server->port());
    auto bots = std::async(std::launch::async, [&] {
        return run_tool("bots --url ws://127.0.0.1:" + port +
                        "/ws --count 24 --strategy random --tournament any --verbose");
    });
    // First mid-play, a few hands in; then right after the redraw of 12 players was decided.
    const std::vector<std::pair<std::string, int>> kill_after{{"event=hand_committed ", 6},
                                                              {"event=polacco_redraw ", 1}};
    for (const auto& [line, occurrences] : kill_after) {
        ASSERT_TRUE(server->wait_for_log(line, occurrences)) << server->log();
        server->crash();
        server = std::make_unique<ServerProcess>(
            std::vector<std::string>{"--config", config, "--port", port, "--log-level", "debug"}, env);
        ASSERT_TRUE(server->running()) << server->log();
        ASSERT_TRUE(server->wait_for_log("event=recovery ")) << server->log();
        ASSERT_NE(server->log().find("tournaments_resumed=1"), std::string::npos) << server->log();
        ASSERT_TRUE(server->wait_for_log("event=polacco_resumed ")) << server->log();
    }
    // Whether the second crash caught the redraw before its tables were written (it may or may not).
    RecordProperty("redrawn_at_restart",
                   server->log().find("event=polacco_redrawn_at_recovery") != std::string::npos ? 1 : 0);
    const auto run = bots.get();
    EXPECT_EQ(run.code, 0) << run.out;
    EXPECT_NE(run.last_line().find(" finished=1 "), std::string::npos) << run.out;
    EXPECT_EQ(server->stop(), 0) << server->log();

    EXPECT_EQ(db.count("SELECT count(*) FROM tournaments WHERE name = 'Polacco MTT' AND state = 'finished'"),
              1);
    EXPECT_EQ(db.count("SELECT count(*) FROM tournaments t WHERE state = 'cancelled' AND EXISTS "
                       "(SELECT 1 FROM registrations r WHERE r.tournament_id = t.id)"),
              0)
        << "no tournament with entrants was cancelled";
    EXPECT_EQ(db.count("SELECT count(*) FROM registrations r JOIN tournaments t ON t.id = r.tournament_id "
                       "WHERE t.state = 'finished'"),
              24);
    EXPECT_EQ(tournaments_badly_ranked(db), 0) << "every entrant ranked once, 1..24, one winner";
    EXPECT_EQ(prize_pools_not_paid_out(db), 0) << "the prize pool paid out to the cent";
    EXPECT_EQ(wallets_off_by_anything(db, kGrantCents), 0) << "wallet = grant - buy-in + prize";
    EXPECT_EQ(ledger_sum(db), 0);
    EXPECT_EQ(db.count("SELECT count(*) FROM entry_payments WHERE kind = 'refund'"), 0)
        << "nothing paid back";
    // Each draw's tables are rows of their own; only the final table is still open.
    EXPECT_EQ(
        db.count("SELECT count(*) FROM tournament_tables tt JOIN tournaments t ON t.id = tt.tournament_id "
                 "WHERE t.state = 'finished' AND tt.state = 'open'"),
        1);
}
