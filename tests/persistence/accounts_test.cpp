#include "persistence/account_store.hpp"

#include <gtest/gtest.h>

#include <thread>

#include "tests/persistence/test_database.hpp"
#include "tests/support/refusal_of.hpp"

using namespace tavolo::persistence;
using tavolo::testing::MigratedDatabase;

TEST(Accounts, NamesAreUniqueIgnoringCase) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    ASSERT_TRUE(accounts.create("Alice", "correct horse"));
    auto again = accounts.create("alice", "another password");
    ASSERT_FALSE(again);
    EXPECT_EQ(again.error().code, StoreErrc::duplicate_name);
    EXPECT_EQ(t.count("SELECT count(*) FROM accounts"), 1);
    EXPECT_EQ(t.count("SELECT count(*) FROM wallets WHERE kind = 'player'"), 1);
}

TEST(Accounts, PasswordsAreStoredAsArgon2idHashesOnly) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    auto a = accounts.create("bob", "hunter2-hunter2");
    ASSERT_TRUE(a);
    auto stored = t.query("SELECT password_hash FROM accounts WHERE name = 'bob'");
    EXPECT_TRUE(stored.starts_with("$argon2id$")) << stored;
    EXPECT_EQ(stored.find("hunter2"), std::string::npos);
    EXPECT_TRUE(accounts.authenticate("BOB", "hunter2-hunter2"));
    auto wrong = accounts.authenticate("bob", "hunter3-hunter3");
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().code, StoreErrc::bad_credentials);
    auto unknown = accounts.authenticate("nobody", "hunter2-hunter2");
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().code, StoreErrc::bad_credentials);
}

TEST(Accounts, ALoginWithStrongerSettingsRehashesThePassword) {
    MigratedDatabase t;
    ASSERT_TRUE(AccountStore(t.db(), PasswordCost::minimum()).create("carol", "long enough"));
    auto before = t.query("SELECT password_hash FROM accounts");
    AccountStore stronger(t.db(), PasswordCost{3, PasswordCost::minimum().mem_limit});
    ASSERT_TRUE(stronger.authenticate("carol", "long enough"));
    auto after = t.query("SELECT password_hash FROM accounts");
    EXPECT_NE(before, after);
    EXPECT_NE(after.find("t=3"), std::string::npos) << after;
    EXPECT_TRUE(stronger.authenticate("carol", "long enough"));
}

TEST(Accounts, BadNamesAndShortPasswordsAreRefused) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    EXPECT_EQ(refusal_of(accounts.create("", "long enough")).code, StoreErrc::invalid_argument);
    EXPECT_EQ(refusal_of(accounts.create(std::string(33, 'x'), "long enough")).code,
              StoreErrc::invalid_argument);
    EXPECT_EQ(refusal_of(accounts.create("dave", "short")).code, StoreErrc::invalid_argument);
}

TEST(Accounts, RolesArePlayerByDefaultAndOperatorOnRequest) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    auto player = accounts.create("erin", "long enough").value();
    auto op = accounts.create("oscar", "long enough", Role::operator_).value();
    EXPECT_EQ(player.role, Role::player);
    EXPECT_EQ(accounts.find(op.id)->role, Role::operator_);
    ASSERT_TRUE(accounts.set_role(player.id, Role::operator_));
    EXPECT_EQ(accounts.find_by_name("ERIN")->role, Role::operator_);
    EXPECT_EQ(refusal_of(accounts.set_role(AccountId{999999}, Role::player)).code, StoreErrc::not_found);
}

TEST(Accounts, ResumeTokensAreStoredHashedAndRedeemable) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    auto a = accounts.create("frank", "long enough").value();
    auto token = accounts.issue_resume_token(a.id, std::chrono::hours(12));
    ASSERT_TRUE(token);
    EXPECT_GE(token->size(), 40U);
    EXPECT_EQ(t.count("SELECT count(*) FROM resume_tokens WHERE position(convert_to('" + *token +
                      "', 'UTF8') IN token_hash) > 0"),
              0);
    auto back = accounts.redeem_resume_token(*token);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->id, a.id);
    EXPECT_EQ(refusal_of(accounts.redeem_resume_token("not-a-token")).code, StoreErrc::not_found);
}

TEST(Accounts, ExpiredAndRevokedResumeTokensAreRefused) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    auto a = accounts.create("grace", "long enough").value();
    auto expired = accounts.issue_resume_token(a.id, std::chrono::seconds(0)).value();
    EXPECT_EQ(refusal_of(accounts.redeem_resume_token(expired)).code, StoreErrc::expired);
    auto live = accounts.issue_resume_token(a.id, std::chrono::hours(1)).value();
    ASSERT_TRUE(accounts.redeem_resume_token(live));
    ASSERT_TRUE(accounts.revoke_resume_tokens(a.id));
    EXPECT_EQ(refusal_of(accounts.redeem_resume_token(live)).code, StoreErrc::expired);
}
