// Issue 11 item 3 over the real protocol: a Sit&Go the server cannot start (the database refuses to
// open its table: a fault the test injects as a constraint) is cancelled by the server itself and
// every entry refunded in full (RULES.md §6, §7), the bots told; the ledger stays exact.
#include <gtest/gtest.h>

#include "tests/support/e2e_money.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

TEST(CancelledStart, ASitAndGoTheServerCannotStartIsRefundedInFullToEveryBot) {
    constexpr std::int64_t kGrantCents = 100'000;
    MigratedDatabase db;
    const auto config = write_temp_file(
        "cancelled_start.toml",
        "[clock]\nspeed = 30\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n"
        "[[tournament]]\nname = \"Doomed\"\ngame = \"holdem\"\nbetting = \"nl\"\nlevel_minutes = 2\n"
        "seats = 3\nmax_players = 3\nbuy_in = \"10.00\"\nfee = \"1.00\"\n");
    ServerProcess server({"--config", config}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();
    // The fault: no table of any tournament can be opened from now on.
    db.query(
        "ALTER TABLE tournament_tables ADD CONSTRAINT injected_fault CHECK (table_number < 0) NOT VALID");

    const auto bots = run_tool("bots --url ws://127.0.0.1:" + std::to_string(server.port()) +
                               "/ws --count 3 --strategy calling --tournament any");
    EXPECT_EQ(bots.code, 0) << bots.out;
    EXPECT_NE(bots.last_line().find(" finished=0 "), std::string::npos) << bots.out;
    ASSERT_TRUE(server.wait_for_log("event=tournament_cancelled")) << server.log();
    EXPECT_NE(server.log().find("event=tournament_not_started"), std::string::npos) << server.log();
    EXPECT_EQ(server.stop(), 0) << server.log();

    EXPECT_EQ(db.count("SELECT count(*) FROM tournaments WHERE state = 'cancelled'"), 1);
    EXPECT_EQ(db.count("SELECT count(*) FROM registrations WHERE state = 'refunded' AND refund_cents = 1100"),
              3);
    EXPECT_EQ(db.count("SELECT count(*) FROM ledger_transactions WHERE idempotency_key LIKE 'cancel:%'"), 3);
    EXPECT_EQ(wallets_off_by_anything(db, kGrantCents), 0) << "every wallet back to its grant";
    EXPECT_EQ(db.count("SELECT count(*) FROM wallets WHERE account_id IS NOT NULL AND balance <> " +
                       std::to_string(kGrantCents)),
              0);
    EXPECT_EQ(ledger_sum(db), 0);
}
