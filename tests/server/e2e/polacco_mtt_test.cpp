// Issue 11: a 30-player Poker Polacco tournament on several tables (RULES.md §9, §6), declared as an
// MTT in the configuration, started at its time with its minimum, played to its end over the real
// protocol by `tavolo bots` against the real server and a real PostgreSQL at an accelerated clock:
// tables pause at three, all close and are redrawn (each player told his move and sent his new
// table), the final table plays to one winner, places and prizes are paid as they fall.
#include <gtest/gtest.h>

#include "tests/support/e2e_money.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

namespace {

constexpr std::int64_t kGrantCents = 100'000;  // [accounts] starting_balance, the default 1,000.00

// Registration runs 150 game seconds (5 s at speed 30): time for 30 bots to sign up on a loaded
// machine; the minimum is the whole field, so a slow sign-up cancels it instead of playing fewer.
std::string polacco_mtt_config() {
    return "[clock]\nspeed = 30\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n"
           "[[tournament]]\nname = \"Polacco MTT\"\ngame = \"polacco\"\nkind = \"mtt\"\n"
           "min_players = 30\nmax_players = 30\nbuy_in = \"10.00\"\nfee = \"1.00\"\nstart = \"+150s\"\n";
}

}  // namespace

TEST(PolaccoMtt, ThirtyBotsPlayEveryDrawToTheFinalTableAndEveryCentIsAccountedFor) {
    MigratedDatabase db;
    const auto config = write_temp_file("polacco_mtt.toml", polacco_mtt_config());
    ServerProcess server({"--config", config}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();

    const auto bots = run_tool("bots --url ws://127.0.0.1:" + std::to_string(server.port()) +
                               "/ws --count 30 --strategy random --tournament any");
    EXPECT_EQ(bots.code, 0) << bots.out;
    const std::string line = bots.last_line();
    EXPECT_EQ(line.rfind("bots: players=30 ", 0), 0U) << bots.out;
    EXPECT_NE(line.find(" finished=1 "), std::string::npos) << line;
    // Every bot checked every message of every table it was drawn to: no card it may not see
    // (RULES.md §8), no gap in a table's sequence, nothing malformed.
    EXPECT_NE(line.find(" errors=0"), std::string::npos) << line;
    EXPECT_EQ(server.stop(), 0) << server.log();

    EXPECT_EQ(tournaments_finished(db), 1);
    EXPECT_EQ(db.count("SELECT count(*) FROM registrations r JOIN tournaments t ON t.id = r.tournament_id "
                       "WHERE t.state = 'finished'"),
              30);
    EXPECT_EQ(tournaments_badly_ranked(db), 0) << "every entrant ranked once, 1..30, one winner";
    EXPECT_EQ(prize_pools_not_paid_out(db), 0) << "the prize pool paid out to the cent";
    EXPECT_EQ(wallets_off_by_anything(db, kGrantCents), 0) << "wallet = grant - buy-in + prize";
    EXPECT_EQ(ledger_sum(db), 0);
    // 30 players sit at 5 tables of 6; the tables pause at three and are redrawn (15 players: 3
    // tables; 9: 2 tables), then the final table of 6: each draw's tables are rows of their own,
    // every table before the final one broken after its last hand.
    const std::string tables =
        "SELECT count(*) FROM tournament_tables tt JOIN tournaments t ON "
        "t.id = tt.tournament_id WHERE t.state = 'finished'";
    EXPECT_EQ(db.count(tables), 5 + 3 + 2 + 1);
    EXPECT_EQ(db.count(tables + " AND tt.state = 'broken'"), 5 + 3 + 2);
    EXPECT_EQ(db.count("SELECT count(DISTINCT table_id) FROM hands"), 11) << "every table played";
}
