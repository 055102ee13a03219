#pragma once
// What every fault test of issue 14 checks in the database once the tournament is over: the ledger
// exact to the cent, chips conserved, every hand committed exactly once. bench/faults_kill9.sh runs
// the same queries through psql.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <thread>

#include "tests/support/e2e_money.hpp"
#include "tests/support/server_process.hpp"

namespace tavolo::testing {

// Hand numbers stored twice in a tournament (the director numbers hands across its tables: a number
// is one hand).
inline std::int64_t hands_committed_twice(const TestDatabase& db) {
    return db.count(
        "SELECT count(*) FROM (SELECT t.tournament_id, h.hand_number FROM hands h JOIN tournament_tables t "
        "ON "
        "t.id = h.table_id GROUP BY 1, 2 HAVING count(*) > 1) twice");
}

// Hand numbers missing from 1..the last in each tournament. With no crash there is none; a kill -9
// voids the hand each table had in play (it never committed: the table resumes from its last
// committed hand and deals the next number), so a kill may leave at most one per table.
inline std::int64_t hand_numbers_missing(const TestDatabase& db) {
    return db.count(
        "SELECT coalesce(sum(m - n), 0) FROM (SELECT max(h.hand_number) AS m, count(DISTINCT h.hand_number) "
        "AS n FROM hands h JOIN tournament_tables t ON t.id = h.table_id GROUP BY t.tournament_id) g");
}

// Tables whose snapshot is not at their last committed hand (a hand lost, or one stored twice).
inline std::int64_t tables_off_their_last_hand(const TestDatabase& db) {
    return db.count(
        "SELECT count(*) FROM tournament_tables t WHERE t.hand_number <> (SELECT "
        "coalesce(max(hand_number), 0) FROM hands WHERE table_id = t.id) AND t.state = 'open'");
}

// Finished tournaments (no rebuys) whose open tables do not hold entrants x starting stack in chips.
inline std::int64_t tournaments_chips_not_conserved(const TestDatabase& db, std::int64_t starting_stack) {
    return db.count(
        "SELECT count(*) FROM tournaments t WHERE t.state = 'finished' AND (SELECT coalesce(sum((s->>'stack')"
        "::bigint), 0) FROM tournament_tables tt, jsonb_array_elements(tt.seats) s WHERE tt.tournament_id = "
        "t.id AND tt.state = 'open') <> " +
        std::to_string(starting_stack) +
        " * (SELECT count(*) FROM registrations r WHERE r.tournament_id = t.id)");
}

// Each finished tournament's chips on its open tables against entrants x starting stack, for a message.
inline std::string chips_by_tournament(const TestDatabase& db, std::int64_t starting_stack) {
    return db.query("SELECT string_agg(format('tournament %s: %s chips on %s open tables, %s entrants x " +
                    std::to_string(starting_stack) +
                    "', t.id, (SELECT coalesce(sum((s->>'stack')::bigint), 0) FROM tournament_tables tt, "
                    "jsonb_array_elements(tt.seats) s WHERE tt.tournament_id = t.id AND tt.state = 'open'), "
                    "(SELECT count(*) "
                    "FROM tournament_tables tt WHERE tt.tournament_id = t.id AND tt.state = 'open'), (SELECT "
                    "count(*) FROM "
                    "registrations r WHERE r.tournament_id = t.id)), '; ') FROM tournaments t") +
           "; tables: " +
           db.query(
               "SELECT string_agg(format('%s/%s %s hand %s seats %s', tournament_id, table_number, state, "
               "hand_number, seats::text), '; ' ORDER BY id) FROM tournament_tables");
}

// Every check of the brief; `what` names the fault in the messages. `missing_allowed`: hand numbers a
// crash may have voided (0 unless the server was killed).
inline void expect_nothing_lost(const TestDatabase& db, std::int64_t grant_cents, std::int64_t starting_stack,
                                const std::string& what, std::int64_t missing_allowed = 0) {
    EXPECT_EQ(ledger_sum(db), 0) << what << ": the ledger's entries do not sum to zero";
    EXPECT_EQ(wallets_off_by_anything(db, grant_cents), 0)
        << what << ": a wallet is not grant - buy-ins + prizes + refunds";
    EXPECT_EQ(prize_pools_not_paid_out(db), 0) << what << ": a prize pool not paid out to the cent";
    EXPECT_EQ(tournaments_badly_ranked(db), 0) << what << ": entrants not ranked once each";
    EXPECT_EQ(tournaments_chips_not_conserved(db, starting_stack), 0)
        << what << ": chips not conserved: " << chips_by_tournament(db, starting_stack);
    EXPECT_EQ(hands_committed_twice(db), 0) << what << ": a hand committed twice";
    const std::int64_t missing = hand_numbers_missing(db);
    std::printf("%s: %lld hands committed, %lld hand numbers void\n", what.c_str(),
                static_cast<long long>(db.count("SELECT count(*) FROM hands")),
                static_cast<long long>(missing));
    EXPECT_LE(missing, missing_allowed) << what << ": hand numbers missing (a hand lost)";
    EXPECT_EQ(tables_off_their_last_hand(db), 0) << what << ": a table's snapshot is not its last hand's";
}

// How often `text` occurs in `log`.
inline int occurrences(const std::string& log, const std::string& text) {
    int n = 0;
    for (auto at = log.find(text); at != std::string::npos; at = log.find(text, at + text.size()))
        ++n;
    return n;
}

// The bots' errors (`--verbose` prints each as "error: ..."). A fault must cost none: a drop or a kill
// after the server exchanged a resume token and before the answer reached the bot leaves it the token it
// spent, which stays good until its successor is used (persistence/account_store.hpp), so even that bot
// resumes. `token_lost` counts the resumes refused for their token, which failed the fault runs before.
struct BotErrors {
    int all = 0;
    int token_lost = 0;
};
inline BotErrors bot_errors(const std::string& out) {
    BotErrors e;
    e.all = occurrences(out, "\nerror: ") + (out.rfind("error: ", 0) == 0 ? 1 : 0);
    e.token_lost = occurrences(out, "resume refused: ERROR_CODE_BAD_RESUME_TOKEN");
    return e;
}

// The seed of a randomised fault test: TAVOLO_FAULT_SEED when set (to replay a run), else a fresh one.
// Printed, so a failure can be replayed.
inline std::uint64_t fault_seed(const std::string& test) {
    std::uint64_t seed = 0;
    if (const char* s = std::getenv("TAVOLO_FAULT_SEED"); s && *s) seed = std::stoull(s);
    if (seed == 0) seed = (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    std::printf("%s: seed=%llu (replay: TAVOLO_FAULT_SEED=%llu)\n", test.c_str(),
                static_cast<unsigned long long>(seed), static_cast<unsigned long long>(seed));
    std::fflush(stdout);
    return seed;
}

// Waits until `sql` counts at least `n` (asked every 50 ms; the guard only turns a hang into a failure).
inline bool wait_for_rows(const TestDatabase& db, const std::string& sql, std::int64_t n,
                          std::chrono::seconds guard = std::chrono::seconds(300)) {
    const auto until = std::chrono::steady_clock::now() + guard;
    while (std::chrono::steady_clock::now() < until) {
        if (db.count(sql) >= n) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
}

}  // namespace tavolo::testing
