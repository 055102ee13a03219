// Issue 10: a Sit&Go of every game and structure (hold'em no-limit, pot-limit, limit; stud; draw;
// Polacco) and a heads-up, played to the end over the real protocol by `tavolo bots` against the
// real server and a real PostgreSQL, at an accelerated clock (RULES.md §5, §6, §8, §9).
#include <gtest/gtest.h>

#include "tests/support/e2e_money.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

namespace {

constexpr std::int64_t kGrantCents = 100'000;  // [accounts] starting_balance, the default 1,000.00

// A 3-player Sit&Go; `betting` empty for Polacco (no chips, no levels).
std::string sit_and_go(const std::string& name, const std::string& game, const std::string& betting) {
    std::string t = "[[tournament]]\nname = \"" + name + "\"\ngame = \"" + game + "\"\n";
    if (!betting.empty()) t += "betting = \"" + betting + "\"\nlevel_minutes = 2\n";
    return t + "seats = 3\nmax_players = 3\nbuy_in = \"10.00\"\nfee = \"1.00\"\n\n";
}

std::string every_game_config() {
    return "[clock]\nspeed = 200\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n" +
           sit_and_go("Hold'em NL", "holdem", "nl") + sit_and_go("Hold'em PL", "holdem", "pl") +
           sit_and_go("Hold'em limit", "holdem", "limit") + sit_and_go("Stud", "stud", "limit") +
           sit_and_go("Draw", "draw", "pl") + sit_and_go("Polacco", "polacco", "") +
           "[[tournament]]\nname = \"Heads-up\"\ngame = \"holdem\"\nkind = \"headsup\"\nbuy_in = \"10.00\"\n"
           "fee = \"1.00\"\nlevel_minutes = 2\n";
}

}  // namespace

TEST(SitAndGoEveryGame, BotsPlayEachToTheEndAndEveryCentIsAccountedFor) {
    MigratedDatabase db;
    const auto config = write_temp_file("every_game.toml", every_game_config());
    ServerProcess server({"--config", config}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();

    // 6 Sit&Gos of 3 and a heads-up: 20 seats, 20 bots, one tournament each.
    const auto bots = run_tool("bots --url ws://127.0.0.1:" + std::to_string(server.port()) +
                               "/ws --count 20 --strategy random --tournament any");
    EXPECT_EQ(bots.code, 0) << bots.out;
    const std::string line = bots.last_line();
    EXPECT_EQ(line.rfind("bots: players=20 ", 0), 0U) << bots.out;
    EXPECT_NE(line.find(" finished=7 "), std::string::npos) << line;
    // Every bot checked every message it received: no card it may not see (RULES.md §8), no gap in
    // a table's sequence, nothing malformed.
    EXPECT_NE(line.find(" errors=0"), std::string::npos) << line;
    // A graceful stop drains the write path: what the database holds next is final.
    EXPECT_EQ(server.stop(), 0) << server.log();

    EXPECT_EQ(tournaments_finished(db), 7)
        << db.query("SELECT string_agg(id || ':' || state, ' ') FROM tournaments") << "\n"
        << server.log();  // seen once under load: 6 (issue 13's note)
    EXPECT_EQ(tournaments_badly_ranked(db), 0) << "every entrant ranked once, 1..n, one winner";
    EXPECT_EQ(prize_pools_not_paid_out(db), 0) << "each prize pool paid out to the cent";
    EXPECT_EQ(wallets_off_by_anything(db, kGrantCents), 0) << "wallet = grant - buy-ins + prizes";
    EXPECT_EQ(ledger_sum(db), 0);
    EXPECT_GT(db.count("SELECT count(*) FROM hands"), 7) << "hands went through the write path";
}
