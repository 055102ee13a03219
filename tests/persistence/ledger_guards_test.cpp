// What the database itself refuses on the ledger and the audit log, whoever connects: plain SQL, no store.
#include <gtest/gtest.h>

#include <pqxx/pqxx>
#include <string>

#include "persistence/migrations.hpp"
#include "tests/persistence/test_database.hpp"

using tavolo::testing::TestDatabase;

namespace {

// A migrated database holding one deposit into a prize pool and one operator action.
class LedgerGuards : public ::testing::Test {
  protected:
    void SetUp() override {
        tavolo::persistence::apply_migrations(db_.url());
        pool_ = db_.query("INSERT INTO wallets (kind, label) VALUES ('prize_pool', 'test') RETURNING id");
        post("deposit:1", {{"(SELECT id FROM wallets WHERE kind = 'external')", -500}, {pool_, 500}});
        db_.query(
            "WITH op AS (INSERT INTO accounts (name, password_hash, role) VALUES ('op', '$argon2id$x', "
            "'operator') RETURNING id) INSERT INTO audit_log (operator_id, action) SELECT id, 'test' FROM "
            "op");
    }

    // One movement, its entries inserted in one statement as the store does.
    void post(const std::string& key, std::initializer_list<std::pair<std::string, long>> legs) {
        std::string values;
        for (const auto& [wallet, amount] : legs)
            values +=
                std::string(values.empty() ? "" : ", ") + "(" + wallet + ", " + std::to_string(amount) + ")";
        db_.query(
            "WITH tx AS (INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('" + key +
            "', 'deposit') RETURNING id) INSERT INTO ledger_entries (transaction_id, wallet_id, amount) "
            "SELECT tx.id, v.w, v.a FROM tx, (VALUES " +
            values + ") v(w, a)");
    }

    // The error a statement meets, or "" if it succeeded.
    std::string error_of(const std::string& sql) {
        try {
            db_.query(sql);
        } catch (const pqxx::sql_error& e) {
            return e.what();
        }
        return "";
    }

    TestDatabase db_;
    std::string pool_;
};

}  // namespace

// TRUNCATE never fires the row triggers that keep these tables append-only: it must be refused itself.
TEST_F(LedgerGuards, TruncateIsRefusedOnEveryAppendOnlyTable) {
    for (const char* table : {"ledger_entries", "ledger_transactions", "audit_log"}) {
        std::string error = error_of(std::string("TRUNCATE ") + table + " CASCADE");
        EXPECT_NE(error.find(std::string(table) + " is append-only: TRUNCATE refused"), std::string::npos)
            << table << ": " << error;
    }
    // Reached through a cascade from the tables they reference.
    for (const char* table : {"wallets", "accounts"})
        EXPECT_NE(error_of(std::string("TRUNCATE ") + table + " CASCADE").find("append-only"),
                  std::string::npos)
            << table;
    EXPECT_EQ(db_.count("SELECT count(*) FROM ledger_entries"), 2);
    EXPECT_EQ(db_.count("SELECT count(*) FROM ledger_transactions"), 1);
    EXPECT_EQ(db_.count("SELECT count(*) FROM audit_log"), 1);
    EXPECT_EQ(db_.query("SELECT balance FROM wallets WHERE id = " + pool_), "500");
}

// A movement with no entries would keep its key while moving nothing: refused when the transaction commits.
TEST_F(LedgerGuards, AMovementWithoutEntriesIsRefusedAtCommit) {
    std::string error =
        error_of("INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('empty', 'x')");
    EXPECT_NE(error.find("a movement needs entries that sum to zero"), std::string::npos) << error;
    EXPECT_EQ(db_.count("SELECT count(*) FROM ledger_transactions WHERE idempotency_key = 'empty'"), 0);
}

// The check waits for the commit: a movement's row first, its entries in a later statement (as the store
// writes them) is a valid movement.
TEST_F(LedgerGuards, EntriesMayFollowTheirMovementInTheSameTransaction) {
    pqxx::connection connection{db_.url()};
    pqxx::work tx{connection};
    auto id =
        tx.exec1(
              "INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('later', 'x') RETURNING id")[0]
            .as<std::string>();
    tx.exec0("INSERT INTO ledger_entries (transaction_id, wallet_id, amount) VALUES (" + id + ", " + pool_ +
             ", -200), (" + id + ", (SELECT id FROM wallets WHERE kind = 'house'), 200)");
    EXPECT_NO_THROW(tx.commit());
    EXPECT_EQ(db_.query("SELECT balance FROM wallets WHERE id = " + pool_), "300");
}

// Several movements in one transaction: the one without entries sinks the whole commit.
TEST_F(LedgerGuards, OneEmptyMovementAmongOthersSinksTheCommit) {
    pqxx::connection connection{db_.url()};
    pqxx::work tx{connection};
    tx.exec0("INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('empty-too', 'x')");
    tx.exec0(
        "WITH t AS (INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('full', 'x') RETURNING "
        "id) "
        "INSERT INTO ledger_entries (transaction_id, wallet_id, amount) SELECT t.id, v.w, v.a FROM t, "
        "(VALUES (" +
        pool_ + ", -100), ((SELECT id FROM wallets WHERE kind = 'house'), 100)) v(w, a)");
    EXPECT_THROW(tx.commit(), pqxx::sql_error);
    EXPECT_EQ(db_.count("SELECT count(*) FROM ledger_transactions"), 1);
    EXPECT_EQ(db_.query("SELECT balance FROM wallets WHERE id = " + pool_), "500");
}
