#include "persistence/ledger.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

#include "persistence/account_store.hpp"
#include "tests/persistence/test_database.hpp"
#include "tests/support/refusal_of.hpp"

using namespace tavolo::persistence;
using tavolo::testing::MigratedDatabase;

namespace {

std::vector<WalletId> funded_players(MigratedDatabase& t, int n, Cents each) {
    AccountStore accounts(t.db(), PasswordCost::minimum());
    Ledger ledger(t.db());
    std::vector<WalletId> wallets;
    for (int i = 0; i < n; ++i) {
        auto a = accounts.create("player" + std::to_string(i), "password" + std::to_string(i));
        if (!a) throw std::runtime_error(a.error().message);  // ASSERT needs a void function
        wallets.push_back(a->wallet);
        if (each > 0) {
            EXPECT_TRUE(ledger.deposit(a->wallet, each, "deposit:" + std::to_string(i)));
        }
    }
    return wallets;
}

}  // namespace

TEST(Ledger, SameKeyTwiceMovesMoneyOnce) {
    MigratedDatabase t;
    auto w = funded_players(t, 2, 1000);
    Ledger ledger(t.db());
    auto first = ledger.post(transfer("pay:1", "transfer", w[0], w[1], 300));
    auto again = ledger.post(transfer("pay:1", "transfer", w[0], w[1], 300));
    ASSERT_TRUE(first && again);
    EXPECT_TRUE(first->applied);
    EXPECT_FALSE(again->applied);
    EXPECT_EQ(first->transaction, again->transaction);
    EXPECT_EQ(*ledger.balance(w[0]), 700);
    EXPECT_EQ(*ledger.balance(w[1]), 1300);
}

TEST(Ledger, SameKeyInOneBatchMovesMoneyOnce) {
    MigratedDatabase t;
    auto w = funded_players(t, 2, 1000);
    Ledger ledger(t.db());
    std::vector<Movement> batch{transfer("k", "transfer", w[0], w[1], 100),
                                transfer("k", "transfer", w[0], w[1], 100)};
    auto results = ledger.post_batch(batch);
    ASSERT_TRUE(results[0] && results[1]);
    EXPECT_TRUE(results[0]->applied);
    EXPECT_FALSE(results[1]->applied);
    EXPECT_EQ(*ledger.balance(w[1]), 1100);
}

TEST(Ledger, KeyReusedForAnotherMovementIsAConflict) {
    MigratedDatabase t;
    auto w = funded_players(t, 2, 1000);
    Ledger ledger(t.db());
    ASSERT_TRUE(ledger.post(transfer("k", "transfer", w[0], w[1], 100)));
    auto other = ledger.post(transfer("k", "transfer", w[0], w[1], 200));
    ASSERT_FALSE(other);
    EXPECT_EQ(other.error().code, StoreErrc::idempotency_conflict);
    EXPECT_EQ(*ledger.balance(w[1]), 1100);
}

TEST(Ledger, SameKeyForAnotherKindOfMovementIsAConflict) {
    MigratedDatabase t;
    auto w = funded_players(t, 2, 1000);
    Ledger ledger(t.db());
    ASSERT_TRUE(ledger.post(transfer("k", "transfer", w[0], w[1], 100)));
    auto other = ledger.post(transfer("k", "prize", w[0], w[1], 100));
    ASSERT_FALSE(other);
    EXPECT_EQ(other.error().code, StoreErrc::idempotency_conflict);
}

// Legs whose per-wallet totals overflow 64 bits must be refused, never wrapped into a small movement.
TEST(Ledger, LegsThatOverflowAreRefusedNotWrapped) {
    MigratedDatabase t;
    auto w = funded_players(t, 2, 100);
    Ledger ledger(t.db());
    constexpr Cents kMax = std::numeric_limits<Cents>::max();
    Movement m{"overflow", "transfer", {{w[0], kMax}, {w[1], -kMax}, {w[0], kMax}, {w[1], -kMax}}, ""};
    auto r = ledger.post(m);
    ASSERT_FALSE(r) << "moved " << *ledger.balance(w[1]) - 100;
    EXPECT_EQ(r.error().code, StoreErrc::invalid_argument);
    EXPECT_EQ(*ledger.balance(w[0]), 100);
    EXPECT_EQ(*ledger.balance(w[1]), 100);
}

// A balance that would pass the largest BIGINT is an invalid amount, not "insufficient funds".
TEST(Ledger, ABalanceThatWouldOverflowIsRefusedAsSuch) {
    MigratedDatabase t;
    auto w = funded_players(t, 1, 0);
    Ledger ledger(t.db());
    constexpr Cents kMax = std::numeric_limits<Cents>::max();
    ASSERT_TRUE(ledger.deposit(w[0], kMax, "huge"));
    auto more = ledger.deposit(w[0], 1, "one more");
    ASSERT_FALSE(more);
    EXPECT_EQ(more.error().code, StoreErrc::invalid_argument) << more.error().message;
    EXPECT_EQ(*ledger.balance(w[0]), kMax);
}

TEST(Ledger, InsufficientFundsMovesNothing) {
    MigratedDatabase t;
    auto w = funded_players(t, 2, 100);
    Ledger ledger(t.db());
    auto r = ledger.post(transfer("too-much", "transfer", w[0], w[1], 101));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, StoreErrc::insufficient_funds);
    EXPECT_EQ(*ledger.balance(w[0]), 100);
    EXPECT_EQ(t.count("SELECT count(*) FROM ledger_transactions WHERE idempotency_key = 'too-much'"), 0);
    // The key is still free: the same movement succeeds once funds arrive.
    ASSERT_TRUE(ledger.deposit(w[0], 1, "top-up"));
    EXPECT_TRUE(ledger.post(transfer("too-much", "transfer", w[0], w[1], 101)));
}

TEST(Ledger, DatabaseItselfRefusesANegativeBalance) {
    MigratedDatabase t;
    auto w = funded_players(t, 2, 50);
    // Bypassing the store: the entries' trigger and the CHECK constraint still refuse the overdraft.
    EXPECT_THROW(
        t.query("WITH tx AS (INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('raw', 'x') "
                "RETURNING id) INSERT INTO ledger_entries (transaction_id, wallet_id, amount) "
                "SELECT id, w, a FROM tx, (VALUES (" +
                std::to_string(raw(w[0])) + ", -60), (" + std::to_string(raw(w[1])) + ", 60)) v(w, a)"),
        pqxx::check_violation);
    EXPECT_THROW(t.query("UPDATE wallets SET balance = -1 WHERE id = " + std::to_string(raw(w[0]))),
                 pqxx::check_violation);
}

// Money cannot be made outside the ledger: a balance set by hand, a wallet created holding money, or
// legs added later to a movement already posted are refused by the database itself.
TEST(Ledger, DatabaseRefusesMoneyMadeOutsideTheLedger) {
    MigratedDatabase t;
    auto w = funded_players(t, 2, 50);
    auto w0 = std::to_string(raw(w[0])), w1 = std::to_string(raw(w[1]));
    EXPECT_THROW(t.query("UPDATE wallets SET balance = balance + 1000 WHERE id = " + w0),
                 pqxx::check_violation);
    EXPECT_THROW(t.query("INSERT INTO wallets (kind, label, balance) VALUES ('prize_pool', 'x', 1000)"),
                 pqxx::check_violation);
    EXPECT_THROW(
        t.query("INSERT INTO ledger_entries (transaction_id, wallet_id, amount) SELECT id, w, a FROM "
                "ledger_transactions, (VALUES (" +
                w0 + ", -50), (" + w1 + ", 50)) v(w, a) WHERE idempotency_key = 'deposit:0'"),
        pqxx::check_violation);
    Ledger ledger(t.db());
    EXPECT_EQ(*ledger.balance(w[0]), 50);
    EXPECT_EQ(*ledger.balance(w[1]), 50);
    EXPECT_EQ(ledger.audit()->mismatched_balances, 0);
}

TEST(Ledger, DatabaseRefusesUnbalancedAndEditedEntries) {
    MigratedDatabase t;
    auto w = funded_players(t, 1, 50);
    EXPECT_THROW(
        t.query("WITH tx AS (INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('one-legged', "
                "'x') RETURNING id) INSERT INTO ledger_entries (transaction_id, wallet_id, amount) "
                "SELECT id, " +
                std::to_string(raw(w[0])) + ", 10 FROM tx"),
        pqxx::check_violation);
    EXPECT_THROW(t.query("UPDATE ledger_entries SET amount = amount * 2"), pqxx::sql_error);
    EXPECT_THROW(t.query("DELETE FROM ledger_entries"), pqxx::sql_error);
}

TEST(Ledger, MalformedMovementsAreRefused) {
    MigratedDatabase t;
    auto w = funded_players(t, 2, 100);
    Ledger ledger(t.db());
    EXPECT_EQ(refusal_of(ledger.post({"a", "x", {{w[0], -10}, {w[1], 9}}, ""})).code,
              StoreErrc::invalid_argument);
    EXPECT_EQ(refusal_of(ledger.post({"", "x", {{w[0], -10}, {w[1], 10}}, ""})).code,
              StoreErrc::invalid_argument);
    EXPECT_EQ(refusal_of(ledger.post({"b", "x", {{w[0], -10}, {w[0], 10}}, ""})).code,
              StoreErrc::invalid_argument);
    EXPECT_EQ(refusal_of(ledger.post(transfer("c", "x", w[0], WalletId{999999}, 5))).code,
              StoreErrc::not_found);
}

// 8 writers x 10,000 transfers among 20 wallets, in batches: every accepted transfer is in the
// ledger exactly once, nothing went negative, and the entries sum to zero.
TEST(Ledger, EightConcurrentWritersTenThousandTransfersEach) {
    MigratedDatabase t;
    constexpr int kWallets = 20, kWriters = 8, kTransfers = 10'000, kBatch = 500;
    constexpr Cents kStart = 2'000;
    auto w = funded_players(t, kWallets, kStart);
    std::vector<std::vector<Cents>> deltas(kWriters, std::vector<Cents>(kWallets, 0));
    std::vector<int> accepted(kWriters, 0), refused(kWriters, 0), failed(kWriters, 0);
    std::vector<std::thread> writers;
    for (int id = 0; id < kWriters; ++id) {
        writers.emplace_back([&, id] {
            Database db(t.url(), {.pool_size = 1});
            Ledger ledger(db);
            std::mt19937_64 rng(id);
            for (int start = 0; start < kTransfers; start += kBatch) {
                std::vector<Movement> batch;
                std::vector<std::pair<int, int>> who;
                for (int i = start; i < start + kBatch; ++i) {
                    int from = static_cast<int>(rng() % kWallets),
                        to = static_cast<int>(rng() % (kWallets - 1));
                    if (to >= from) ++to;
                    Cents amount = 1 + static_cast<Cents>(rng() % 400);
                    std::string key = std::to_string(id);
                    key.append(":").append(std::to_string(i));
                    batch.push_back(transfer(std::move(key), "transfer", w[from], w[to], amount));
                    who.emplace_back(from, to);
                }
                auto results = ledger.post_batch(batch);
                for (std::size_t i = 0; i < results.size(); ++i) {
                    if (results[i]) {
                        ++accepted[id];
                        deltas[id][who[i].first] -= batch[i].legs[1].amount;
                        deltas[id][who[i].second] += batch[i].legs[1].amount;
                    } else if (results[i].error().code == StoreErrc::insufficient_funds) {
                        ++refused[id];
                    } else {
                        ++failed[id];
                    }
                }
            }
        });
    }
    for (auto& thread : writers)
        thread.join();

    int total_accepted = 0, total_refused = 0;
    for (int id = 0; id < kWriters; ++id) {
        EXPECT_EQ(failed[id], 0) << "writer " << id;
        total_accepted += accepted[id];
        total_refused += refused[id];
    }
    EXPECT_EQ(total_accepted + total_refused, kWriters * kTransfers);
    EXPECT_GT(total_accepted, kWriters * kTransfers / 2);

    Ledger ledger(t.db());
    auto audit = ledger.audit();
    ASSERT_TRUE(audit);
    EXPECT_EQ(audit->sum_of_entries, 0);
    EXPECT_EQ(audit->negative_wallets, 0);
    EXPECT_EQ(audit->mismatched_balances, 0);
    EXPECT_EQ(t.count("SELECT count(*) FROM ledger_transactions WHERE kind = 'transfer'"), total_accepted);
    EXPECT_EQ(
        t.count("SELECT count(*) FROM ledger_entries e JOIN ledger_transactions x ON x.id = e.transaction_id "
                "WHERE x.kind = 'transfer'"),
        2 * total_accepted);
    for (int i = 0; i < kWallets; ++i) {
        Cents expected = kStart;
        for (int id = 0; id < kWriters; ++id)
            expected += deltas[id][i];
        EXPECT_EQ(*ledger.balance(w[i]), expected) << "wallet " << i;
    }
}

TEST(Ledger, AnUnreachableDatabaseIsAnUnavailableErrorAndThePoolHealsAfterwards) {
    MigratedDatabase t;
    auto w = funded_players(t, 2, 1000);
    Ledger ledger(t.db());
    ASSERT_TRUE(ledger.balance(w[0]));  // a pooled connection is now open
    t.cut();
    auto during = ledger.post(transfer("during-outage", "transfer", w[0], w[1], 10));
    ASSERT_FALSE(during);
    EXPECT_EQ(during.error().code, StoreErrc::unavailable);
    EXPECT_NE(during.error().message.find("database"), std::string::npos) << during.error().message;
    t.restore();
    auto after = ledger.post(transfer("during-outage", "transfer", w[0], w[1], 10));
    ASSERT_TRUE(after) << after.error().message;
    EXPECT_TRUE(after->applied);
    EXPECT_EQ(*ledger.balance(w[1]), 1010);
}

// Eight writers race to post the same movements (a retried request arriving on several nodes): each
// key moves money exactly once, and exactly one writer sees it applied.
TEST(Ledger, ConcurrentPostsOfTheSameKeyApplyOnce) {
    MigratedDatabase t;
    constexpr int kWriters = 8, kKeys = 150;
    auto w = funded_players(t, 3, 100'000);
    std::vector<std::vector<int>> applied(kWriters, std::vector<int>(kKeys, 0));
    std::vector<int> errors(kWriters, 0);
    std::vector<std::thread> writers;
    for (int id = 0; id < kWriters; ++id) {
        writers.emplace_back([&, id] {
            Database db(t.url(), {.pool_size = 1});
            Ledger ledger(db);
            std::vector<int> order(kKeys);
            for (int k = 0; k < kKeys; ++k)
                order[k] = k;
            std::shuffle(order.begin(), order.end(), std::mt19937(id));
            for (int k : order) {
                std::string key = "same:";
                key += std::to_string(k);
                auto r = ledger.post(transfer(std::move(key), "transfer", w[k % 3], w[(k + 1) % 3], 10 + k));
                if (!r)
                    ++errors[id];
                else if (r->applied)
                    ++applied[id][k];
            }
        });
    }
    for (auto& thread : writers)
        thread.join();
    for (int id = 0; id < kWriters; ++id)
        EXPECT_EQ(errors[id], 0) << "writer " << id;
    for (int k = 0; k < kKeys; ++k) {
        int times = 0;
        for (int id = 0; id < kWriters; ++id)
            times += applied[id][k];
        EXPECT_EQ(times, 1) << "key " << k;
    }
    EXPECT_EQ(t.count("SELECT count(*) FROM ledger_transactions WHERE kind = 'transfer'"), kKeys);
    auto audit = Ledger(t.db()).audit();
    ASSERT_TRUE(audit);
    EXPECT_EQ(audit->sum_of_entries, 0);
    EXPECT_EQ(audit->mismatched_balances, 0);
}
