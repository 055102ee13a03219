// Roles and the operator API's bearer tokens (issue 12 item 1): persistence/operator_tokens.hpp.
#include "persistence/operator_tokens.hpp"

#include <gtest/gtest.h>

#include "persistence/detail/sql_enums.hpp"
#include "tests/persistence/test_database.hpp"
#include "tests/support/refusal_of.hpp"

using namespace tavolo::persistence;
using tavolo::testing::MigratedDatabase;

TEST(Roles, EveryRoleIsStoredAsItsWordAndReadsBack) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    auto player = accounts.create("pia", "long enough").value();
    auto op = accounts.create("otto", "long enough", Role::operator_).value();
    auto admin = accounts.create("ada", "long enough", Role::admin).value();
    EXPECT_EQ(t.query("SELECT role FROM accounts WHERE id = " + std::to_string(raw(player.id))), "player");
    EXPECT_EQ(t.query("SELECT role FROM accounts WHERE id = " + std::to_string(raw(op.id))), "operator");
    EXPECT_EQ(t.query("SELECT role FROM accounts WHERE id = " + std::to_string(raw(admin.id))), "admin");
    EXPECT_EQ(accounts.find(admin.id)->role, Role::admin);
    EXPECT_EQ(accounts.authenticate("ADA", "long enough")->role, Role::admin);
    ASSERT_TRUE(accounts.set_role(player.id, Role::admin));
    EXPECT_EQ(accounts.find_by_name("pia")->role, Role::admin);
    for (auto role : {Role::player, Role::operator_, Role::admin})
        EXPECT_EQ(detail::from_sql<Role>(to_string(role)), role) << to_string(role);
    EXPECT_FALSE(detail::from_sql<Role>("root"));
    EXPECT_FALSE(may_operate(Role::player));
    EXPECT_TRUE(may_operate(Role::operator_));
    EXPECT_TRUE(may_operate(Role::admin));
}

TEST(Roles, TheSchemaRefusesAnUnknownRoleAndTheStoreReportsOneItDoesNotKnow) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    auto a = accounts.create("quinn", "long enough").value();
    EXPECT_THROW(t.query("UPDATE accounts SET role = 'root' WHERE id = " + std::to_string(raw(a.id))),
                 std::exception);
    // A word a newer schema might allow is bad_stored_value, never silently a player.
    t.query("ALTER TABLE accounts DROP CONSTRAINT accounts_role");
    t.query("UPDATE accounts SET role = 'auditor' WHERE id = " + std::to_string(raw(a.id)));
    EXPECT_EQ(refusal_of(accounts.find(a.id)).code, StoreErrc::bad_stored_value);
}

TEST(OperatorTokens, AreStoredHashedAndOpenTheirAccountWithItsRoleNow) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    OperatorTokens tokens(t.db());
    auto op = accounts.create("olga", "long enough", Role::operator_).value();
    auto issued = tokens.issue(op.id, std::chrono::hours(12));
    ASSERT_TRUE(issued);
    EXPECT_GE(issued->token.size(), 40U);
    EXPECT_TRUE(issued->expires_at.ends_with("Z")) << issued->expires_at;
    EXPECT_EQ(issued->expires_at.size(), 20U) << issued->expires_at;  // 2026-11-27T08:00:00Z
    EXPECT_EQ(t.count("SELECT count(*) FROM operator_tokens WHERE octet_length(token_hash) = 32"), 1);
    EXPECT_EQ(t.count("SELECT count(*) FROM operator_tokens WHERE position(convert_to('" + issued->token +
                      "', 'UTF8') IN token_hash) > 0"),
              0)
        << "only a hash of the token is stored";
    EXPECT_EQ(
        t.count("SELECT count(*) FROM operator_tokens WHERE expires_at BETWEEN now() + interval '11 hours' "
                "AND now() + interval '13 hours'"),
        1);
    auto holder = tokens.holder(issued->token);
    ASSERT_TRUE(holder);
    EXPECT_EQ(holder->id, op.id);
    EXPECT_EQ(holder->role, Role::operator_);
    // Demoted: the same token now opens a player's account.
    ASSERT_TRUE(accounts.set_role(op.id, Role::player));
    EXPECT_EQ(tokens.holder(issued->token)->role, Role::player);
    // Two tokens of one account are distinct.
    EXPECT_NE(tokens.issue(op.id, std::chrono::hours(1))->token, issued->token);
}

TEST(OperatorTokens, AForgedTokenIsUnknownAndAResumeTokenIsNoOperatorToken) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    OperatorTokens tokens(t.db());
    auto op = accounts.create("omar", "long enough", Role::admin).value();
    auto issued = tokens.issue(op.id, std::chrono::hours(1)).value();
    std::string forged = issued.token;
    forged.back() = forged.back() == 'A' ? 'B' : 'A';
    EXPECT_EQ(refusal_of(tokens.holder(forged)).code, StoreErrc::not_found);
    EXPECT_EQ(refusal_of(tokens.holder("")).code, StoreErrc::not_found);
    auto resume = accounts.issue_resume_token(op.id, std::chrono::hours(1)).value();
    EXPECT_EQ(refusal_of(tokens.holder(resume)).code, StoreErrc::not_found);
    EXPECT_EQ(refusal_of(tokens.issue(op.id, std::chrono::seconds(0))).code, StoreErrc::invalid_argument);
}

TEST(OperatorTokens, ExpireAtTheirExpiryWhenRevokedAndWhenTheAccountCloses) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    OperatorTokens tokens(t.db());
    auto op = accounts.create("owen", "long enough", Role::operator_).value();
    auto other = accounts.create("opal", "long enough", Role::operator_).value();
    auto late = tokens.issue(op.id, std::chrono::hours(1)).value();
    auto revoked = tokens.issue(op.id, std::chrono::hours(1)).value();
    auto closing = tokens.issue(other.id, std::chrono::hours(1)).value();

    // Past its expiry (moved back rather than waited for).
    t.query("UPDATE operator_tokens SET expires_at = now() - interval '1 second' WHERE account_id = " +
            std::to_string(raw(op.id)));
    EXPECT_EQ(refusal_of(tokens.holder(late.token)).code, StoreErrc::expired);
    t.query("UPDATE operator_tokens SET expires_at = now() + interval '1 hour'");
    EXPECT_TRUE(tokens.holder(late.token));

    ASSERT_TRUE(tokens.revoke_all(op.id));
    EXPECT_EQ(refusal_of(tokens.holder(revoked.token)).code, StoreErrc::expired);
    EXPECT_EQ(refusal_of(tokens.holder(late.token)).code, StoreErrc::expired);
    EXPECT_TRUE(tokens.holder(closing.token)) << "another account's token is untouched";

    t.query("UPDATE accounts SET closed_at = now() WHERE id = " + std::to_string(raw(other.id)));
    EXPECT_EQ(refusal_of(tokens.holder(closing.token)).code, StoreErrc::expired);
}
