// Issue 11 item 3 for Poker Polacco over the real protocol: a 14-player Polacco MTT played by `tavolo
// bots` against the real server and a real PostgreSQL at an accelerated clock, until the server
// cannot open the final table of the redraw (a fault the test injects as a constraint: no table
// numbered 3 or more); the server then cancels it for that technical reason, per RULES.md §7 from the
// last committed hand of each table: the eliminated players get nothing back (more remain than are
// paid), the remaining ones what they paid plus half the residual pool equally and half pro rata to
// their lives left (6 - cards held). Every refund once under its key, the ledger sums to zero, every
// bot told; a restart afterwards pays nothing more. (As the poker cancelled_start_test.cpp.)
#include <gtest/gtest.h>

#include <pqxx/pqxx>

#include "tests/support/e2e_money.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

namespace {

constexpr std::int64_t kGrantCents = 100'000;
constexpr int kPlayers = 14;  // two tables of 7, each down to 3: the final table of 6 is table 3

std::string config() {
    return "[clock]\nspeed = 30\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n"
           "[[tournament]]\nname = \"Polacco Doomed\"\ngame = \"polacco\"\nkind = \"mtt\"\n"
           "min_players = 14\nmax_players = 14\nbuy_in = \"10.00\"\nfee = \"1.00\"\nstart = \"+150s\"\n";
}

}  // namespace

TEST(PolaccoCancelled, AnMttThatCannotOpenItsFinalTableIsRefundedPerRules7WithLivesAsChips) {
    MigratedDatabase db;
    const auto path = write_temp_file("polacco_cancelled.toml", config());
    ServerProcess server({"--config", path}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();
    // The fault: the first draw's tables (1 and 2) open; the final table (3) cannot.
    db.query(
        "ALTER TABLE tournament_tables ADD CONSTRAINT injected_fault CHECK (table_number < 3) NOT VALID");

    const auto bots = run_tool("bots --url ws://127.0.0.1:" + std::to_string(server.port()) +
                               "/ws --count 14 --strategy random --tournament any");
    EXPECT_EQ(bots.code, 0) << bots.out;
    const std::string line = bots.last_line();
    EXPECT_NE(line.find(" finished=0 "), std::string::npos) << line;
    EXPECT_NE(line.find(" errors=0"), std::string::npos) << line;
    ASSERT_TRUE(server.wait_for_log("event=tournament_cancelled ")) << server.log();
    EXPECT_NE(server.log().find("event=tournament_stuck"), std::string::npos) << server.log();

    EXPECT_EQ(db.count("SELECT count(*) FROM tournaments WHERE state = 'cancelled'"), 1);
    // 8 eliminated at the two tables (places 14..7, each recorded once), 6 remaining refunded.
    EXPECT_EQ(db.count("SELECT count(*) FROM registrations WHERE finishing_place IS NOT NULL"), kPlayers - 6);
    EXPECT_EQ(db.count("SELECT count(*) FROM registrations WHERE finishing_place IS NOT NULL AND "
                       "refund_cents <> 0"),
              0)
        << "eliminated while more remain than are paid: nothing back";
    EXPECT_EQ(db.count("SELECT count(*) FROM registrations WHERE state = 'refunded'"), 6);
    EXPECT_EQ(db.count("SELECT count(*) FROM ledger_transactions WHERE idempotency_key LIKE 'cancel:%'"), 6)
        << "every refund once";
    // What they paid (11.00 each) plus the residual pool: the 8 eliminated players' prize parts.
    EXPECT_EQ(db.count("SELECT sum(refund_cents) FROM registrations WHERE state = 'refunded'"),
              6 * 1'100 + 8 * 1'000);
    EXPECT_EQ(db.count("SELECT count(*) FROM registrations WHERE state = 'refunded' AND refund_cents < 1100"),
              0);
    // Half the pool pro rata to lives: more lives (the last committed snapshot's stack) never less money.
    EXPECT_EQ(db.count("WITH lives AS (SELECT (s->>'registration_id')::bigint AS reg, (s->>'stack')::bigint "
                       "AS lives FROM tournament_tables t, jsonb_array_elements(t.seats) s "
                       "WHERE t.state <> 'broken') "
                       "SELECT count(*) FROM lives a JOIN lives b ON a.lives > b.lives "
                       "JOIN registrations ra ON ra.id = a.reg JOIN registrations rb ON rb.id = b.reg "
                       "WHERE ra.refund_cents < rb.refund_cents"),
              0);
    EXPECT_EQ(
        db.count("SELECT count(*) FROM (SELECT (s->>'stack')::bigint AS lives FROM tournament_tables t, "
                 "jsonb_array_elements(t.seats) s WHERE t.state <> 'broken') l "
                 "WHERE lives < 1 OR lives > 4"),
        0);
    EXPECT_EQ(db.count("SELECT w.balance FROM wallets w JOIN tournaments t ON t.prize_pool_wallet_id = w.id"),
              0)
        << "the pool paid out entirely";
    EXPECT_EQ(wallets_off_by_anything(db, kGrantCents), 0) << "wallet = grant - buy-in + refund";
    EXPECT_EQ(ledger_sum(db), 0);

    // A restart finds nothing to settle: the cancelled tournament is not read back, nothing is paid.
    const std::int64_t entries = db.count("SELECT count(*) FROM ledger_entries");
    EXPECT_EQ(server.stop(), 0) << server.log();
    ServerProcess again({"--config", path}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(again.running()) << again.log();
    // An answer means the server runs its io_context: the recovery is done and SIGTERM is handled.
    (void)http_request(again.port(), "GET", "/healthz");
    EXPECT_EQ(again.stop(), 0) << again.log();
    EXPECT_EQ(again.log().find("event=tournament_cancelled_at_recovery"), std::string::npos) << again.log();
    EXPECT_EQ(db.count("SELECT count(*) FROM ledger_entries"), entries);
    EXPECT_EQ(ledger_sum(db), 0);
}
