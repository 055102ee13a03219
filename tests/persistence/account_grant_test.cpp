// What the live server's account service needs of the store (server/actors/account_service.hpp): an
// account created from a hash made elsewhere, with its starting grant in the same commit and safe to
// replay; the stored hash for a verification off the database's threads; a resume token spent once.
#include <gtest/gtest.h>

#include "persistence/account_store.hpp"
#include "persistence/ledger.hpp"
#include "tests/persistence/test_database.hpp"
#include "tests/support/refusal_of.hpp"

using namespace tavolo::persistence;
using tavolo::testing::MigratedDatabase;

namespace {

std::string hash_of(const std::string& password) {
    return hash_password(password, PasswordCost::minimum());
}

}  // namespace

TEST(AccountGrant, TheAccountAndItsGrantCommitTogether) {
    MigratedDatabase t;
    AccountStore accounts(t.db());
    auto a = accounts.create_hashed("Alice", hash_of("correct horse"), 100'000);
    ASSERT_TRUE(a) << a.error().message;
    Ledger ledger(t.db());
    EXPECT_EQ(ledger.balance(a->wallet).value(), 100'000);
    EXPECT_EQ(t.count("SELECT count(*) FROM ledger_transactions WHERE idempotency_key = 'grant:" +
                      std::to_string(raw(a->id)) + "'"),
              1);
    EXPECT_EQ(ledger.audit().value().sum_of_entries, 0);
    EXPECT_TRUE(accounts.authenticate("alice", "correct horse"));
}

TEST(AccountGrant, AReplayWithTheSameHashReturnsTheAccountAndGrantsOnce) {
    MigratedDatabase t;
    AccountStore accounts(t.db());
    const auto hash = hash_of("correct horse");
    auto first = accounts.create_hashed("Bruno", hash, 100'000).value();
    auto replay = accounts.create_hashed("Bruno", hash, 100'000);
    ASSERT_TRUE(replay);
    EXPECT_EQ(replay->id, first.id);
    EXPECT_EQ(refusal_of(accounts.create_hashed("bruno", hash_of("correct horse"), 100'000)).code,
              StoreErrc::duplicate_name);
    EXPECT_EQ(t.count("SELECT count(*) FROM accounts"), 1);
    EXPECT_EQ(t.count("SELECT count(*) FROM ledger_transactions"), 1);
    EXPECT_EQ(Ledger(t.db()).balance(first.wallet).value(), 100'000);
}

TEST(AccountGrant, NoGrantMovesNothingAndAPlainPasswordIsRefused) {
    MigratedDatabase t;
    AccountStore accounts(t.db());
    auto a = accounts.create_hashed("Carla", hash_of("correct horse"), 0).value();
    EXPECT_EQ(Ledger(t.db()).balance(a.wallet).value(), 0);
    EXPECT_EQ(t.count("SELECT count(*) FROM ledger_transactions"), 0);
    EXPECT_EQ(refusal_of(accounts.create_hashed("Dario", "correct horse", 100)).code,
              StoreErrc::invalid_argument);
    EXPECT_EQ(refusal_of(accounts.create_hashed("", hash_of("correct horse"), 100)).code,
              StoreErrc::invalid_argument);
    EXPECT_EQ(t.count("SELECT count(*) FROM accounts"), 1);
}

TEST(AccountGrant, StoredPasswordGivesTheHashOfAnOpenAccountOnly) {
    MigratedDatabase t;
    AccountStore accounts(t.db());
    const auto hash = hash_of("correct horse");
    auto a = accounts.create_hashed("Elena", hash, 0).value();
    auto stored = accounts.stored_password("ELENA");
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->account.id, a.id);
    EXPECT_EQ(stored->hash, hash);
    EXPECT_EQ(refusal_of(accounts.stored_password("nobody")).code, StoreErrc::bad_credentials);
    t.query("UPDATE accounts SET closed_at = now() WHERE id = " + std::to_string(raw(a.id)) +
            " RETURNING id");
    EXPECT_EQ(refusal_of(accounts.stored_password("Elena")).code, StoreErrc::bad_credentials);
}

TEST(AccountGrant, SetPasswordHashReplacesIt) {
    MigratedDatabase t;
    AccountStore accounts(t.db());
    auto a = accounts.create_hashed("Fabio", hash_of("first password"), 0).value();
    ASSERT_TRUE(accounts.set_password_hash(a.id, hash_of("second password")));
    EXPECT_FALSE(accounts.authenticate("Fabio", "first password"));
    EXPECT_TRUE(accounts.authenticate("Fabio", "second password"));
    EXPECT_EQ(refusal_of(accounts.set_password_hash(AccountId{999'999}, hash_of("x"))).code,
              StoreErrc::not_found);
}

TEST(AccountGrant, AResumeTokenIsSpentOnceForAFreshOne) {
    MigratedDatabase t;
    AccountStore accounts(t.db());
    auto a = accounts.create_hashed("Gina", hash_of("correct horse"), 0).value();
    auto token = accounts.issue_resume_token(a.id, std::chrono::hours(1)).value();
    auto exchanged = accounts.exchange_resume_token(token, std::chrono::hours(1));
    ASSERT_TRUE(exchanged);
    EXPECT_EQ(exchanged->first.id, a.id);
    EXPECT_NE(exchanged->second, token);
    EXPECT_EQ(refusal_of(accounts.exchange_resume_token(token, std::chrono::hours(1))).code,
              StoreErrc::expired);
    EXPECT_EQ(accounts.exchange_resume_token(exchanged->second, std::chrono::hours(1)).value().first.id,
              a.id);
    EXPECT_EQ(refusal_of(accounts.exchange_resume_token("unknown", std::chrono::hours(1))).code,
              StoreErrc::not_found);
    auto expired = accounts.issue_resume_token(a.id, std::chrono::seconds(0)).value();
    EXPECT_EQ(refusal_of(accounts.exchange_resume_token(expired, std::chrono::hours(1))).code,
              StoreErrc::expired);
}
