// What the live server's account service needs of the store (server/actors/account_service.hpp): an
// account created from a hash made elsewhere, with its starting grant in the same commit and safe to
// replay; the stored hash for a verification off the database's threads; a resume token spent for a fresh
// one, good until the fresh one is used.
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

TEST(AccountGrant, AResumeTokenIsSpentForAFreshOneAndDiesWhenTheFreshOneIsUsed) {
    MigratedDatabase t;
    AccountStore accounts(t.db());
    auto a = accounts.create_hashed("Gina", hash_of("correct horse"), 0).value();
    const auto hour = std::chrono::hours(1);
    auto token = accounts.issue_resume_token(a.id, hour).value();
    auto exchanged = accounts.exchange_resume_token(token, hour);
    ASSERT_TRUE(exchanged);
    EXPECT_EQ(exchanged->first.id, a.id);
    EXPECT_NE(exchanged->second, token);
    // The fresh token used: the one it replaced is spent for good.
    auto next = accounts.exchange_resume_token(exchanged->second, hour);
    ASSERT_TRUE(next);
    EXPECT_EQ(next->first.id, a.id);
    EXPECT_EQ(refusal_of(accounts.exchange_resume_token(token, hour)).code, StoreErrc::expired);
    EXPECT_TRUE(accounts.exchange_resume_token(next->second, hour));
    EXPECT_EQ(refusal_of(accounts.exchange_resume_token(exchanged->second, hour)).code, StoreErrc::expired);
    EXPECT_EQ(refusal_of(accounts.exchange_resume_token("unknown", std::chrono::hours(1))).code,
              StoreErrc::not_found);
    auto expired = accounts.issue_resume_token(a.id, std::chrono::seconds(0)).value();
    EXPECT_EQ(refusal_of(accounts.exchange_resume_token(expired, std::chrono::hours(1))).code,
              StoreErrc::expired);
}

// Issue 14's faults: the connection drops after the exchange committed and before the answer with the
// fresh token arrived. The client still holds only the token it spent: it resumes with it again (any
// number of times), and each such resume revokes the fresh token it never received.
TEST(AccountGrant, AResumeTokenWhoseFreshTokenNeverArrivedResumesAgain) {
    MigratedDatabase t;
    AccountStore accounts(t.db());
    auto a = accounts.create_hashed("Hugo", hash_of("correct horse"), 0).value();
    const auto hour = std::chrono::hours(1);
    auto token = accounts.issue_resume_token(a.id, hour).value();
    auto lost = accounts.exchange_resume_token(token, hour).value().second;        // never delivered
    auto lost_again = accounts.exchange_resume_token(token, hour).value().second;  // nor this one
    EXPECT_EQ(refusal_of(accounts.exchange_resume_token(lost, hour)).code, StoreErrc::expired);
    auto arrived = accounts.exchange_resume_token(token, hour);
    ASSERT_TRUE(arrived);
    EXPECT_EQ(arrived->first.id, a.id);
    EXPECT_EQ(refusal_of(accounts.exchange_resume_token(lost_again, hour)).code, StoreErrc::expired);
    EXPECT_TRUE(accounts.exchange_resume_token(arrived->second, hour));  // it arrived, and is used:
    EXPECT_EQ(refusal_of(accounts.exchange_resume_token(token, hour)).code, StoreErrc::expired);
    // revoke_resume_tokens still ends every token of the account.
    auto last = accounts.issue_resume_token(a.id, hour).value();
    ASSERT_TRUE(accounts.revoke_resume_tokens(a.id));
    EXPECT_EQ(refusal_of(accounts.exchange_resume_token(last, hour)).code, StoreErrc::expired);
}
