#pragma once
// What an end-to-end test checks in the database after bots played (issue 10's tests): every cent
// accounted for, every entrant ranked once.
#include <cstdint>
#include <fstream>
#include <string>

#include "tests/persistence/test_database.hpp"

namespace tavolo::testing {

// Writes `text` to a file in the test's temporary directory and returns its path.
inline std::string write_temp_file(const std::string& name, const std::string& text) {
    const std::string path = std::string(::testing::TempDir()) + "/" + name;
    std::ofstream(path) << text;
    return path;
}

// Sum of every ledger entry: always 0 (double entry).
inline std::int64_t ledger_sum(const TestDatabase& db) {
    return db.count("SELECT coalesce(sum(amount), 0) FROM ledger_entries");
}

// Player wallets whose balance is not grant - what the account paid + prizes + refunds, to the cent.
inline std::int64_t wallets_off_by_anything(const TestDatabase& db, std::int64_t grant_cents) {
    return db.count(
        "SELECT count(*) FROM accounts a JOIN wallets w ON w.account_id = a.id "
        "LEFT JOIN (SELECT account_id, sum(paid_cents) AS paid, sum(prize_cents) AS prizes, "
        "                  sum(refund_cents) AS refunds FROM registrations GROUP BY account_id) r "
        "       ON r.account_id = a.id "
        "WHERE w.balance <> " +
        std::to_string(grant_cents) +
        " - coalesce(r.paid, 0) + coalesce(r.prizes, 0) + coalesce(r.refunds, 0)");
}

// Finished tournaments whose entrants are not ranked exactly once, 1..n with one winner.
inline std::int64_t tournaments_badly_ranked(const TestDatabase& db) {
    return db.count(
        "SELECT count(*) FROM (SELECT t.id FROM tournaments t JOIN registrations r ON r.tournament_id = t.id "
        "WHERE t.state = 'finished' GROUP BY t.id "
        "HAVING count(*) <> count(DISTINCT r.finishing_place) OR min(r.finishing_place) <> 1 "
        "    OR max(r.finishing_place) <> count(*) OR count(*) FILTER (WHERE r.state = 'winner') <> 1) bad");
}

// Finished tournaments (with no guarantee) whose prizes do not add up to the entries' prize parts.
inline std::int64_t prize_pools_not_paid_out(const TestDatabase& db) {
    return db.count(
        "SELECT count(*) FROM (SELECT t.id FROM tournaments t JOIN registrations r ON r.tournament_id = t.id "
        "WHERE t.state = 'finished' GROUP BY t.id HAVING sum(r.prize_cents) <> sum(r.prize_part_cents)) bad");
}

inline std::int64_t tournaments_finished(const TestDatabase& db) {
    return db.count("SELECT count(*) FROM tournaments WHERE state = 'finished'");
}

}  // namespace tavolo::testing
