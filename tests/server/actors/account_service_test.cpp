// The account service on a real write service and database (server/actors/account_service.hpp):
// creating an account with its grant, logging in, resuming with a token good until its successor is used, and
// every failure in the protocol's terms.
#include "server/actors/account_service.hpp"

#include <gtest/gtest.h>

#include <chrono>

#include "tests/server/actors/lobby_actor_support.hpp"

namespace tavolo::server::actors::testing {
namespace {

using session::AccountFailure;
using session::AccountGranted;
using session::AccountOperation;
using session::AccountRequest;
using session::AccountResult;

constexpr engine::Cents kGrant = 100'000;  // 1,000.00
constexpr SessionId kSession = 7;

AccountRequest create(std::uint64_t id, std::string name, std::string password) {
    return {kSession, id, AccountOperation::create_account, std::move(name), std::move(password), {}};
}
AccountRequest log_in(std::uint64_t id, std::string name, std::string password) {
    return {kSession, id, AccountOperation::log_in, std::move(name), std::move(password), {}};
}
AccountRequest resume(std::uint64_t id, std::string token) {
    return {kSession, id, AccountOperation::resume, {}, {}, std::move(token)};
}

const AccountGranted& granted(const AccountResult& result) {
    if (const auto* ok = std::get_if<AccountGranted>(&result.outcome)) return *ok;
    throw std::runtime_error("the request was refused, failure " +
                             std::to_string(static_cast<int>(std::get<AccountFailure>(result.outcome))));
}
std::optional<AccountFailure> failure(const AccountResult& result) {
    if (const auto* f = std::get_if<AccountFailure>(&result.outcome)) return *f;
    return std::nullopt;
}

class AccountServiceTest : public ::testing::Test {
  protected:
    AccountResult ask(AccountRequest request) {
        const auto id = request.request_id;
        service.submit(std::move(request));
        return world.outbox().await_result(kSession, id);
    }

    ActorWorld world;
    AccountServiceImpl service{world.context(),
                               {.starting_balance = kGrant,
                                .resume_token_lifetime = std::chrono::hours(1),
                                .password_cost = persistence::PasswordCost::minimum()}};
};

TEST_F(AccountServiceTest, CreateAccountLogsInWithTheStartingGrantThroughTheLedger) {
    const auto result = ask(create(1, "Alice", "correct horse"));
    const AccountGranted& alice = granted(result);
    EXPECT_EQ(alice.name, "Alice");
    EXPECT_GT(alice.account, 0);
    EXPECT_EQ(alice.balance_cents, kGrant);
    EXPECT_FALSE(alice.resume_token.empty());
    const auto now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
    EXPECT_GT(alice.resume_token_expires_at_ms, now_ms);
    EXPECT_TRUE(alice.seated_at.empty());

    auto& db = world.database();
    const std::string id = std::to_string(alice.account);
    EXPECT_EQ(db.count("SELECT count(*) FROM ledger_transactions WHERE idempotency_key = 'grant:" + id + "'"),
              1);
    const auto audit = persistence::Ledger(db.db()).audit().value();
    EXPECT_EQ(audit.sum_of_entries, 0);
    EXPECT_EQ(audit.mismatched_balances, 0);
    // The password is stored as an Argon2id hash, never as itself.
    const std::string stored = db.query("SELECT password_hash FROM accounts WHERE id = " + id);
    EXPECT_TRUE(stored.starts_with("$argon2id$")) << stored;
    EXPECT_EQ(stored.find("correct horse"), std::string::npos);
}

TEST_F(AccountServiceTest, LogInWithTheRightPasswordGivesTheAccountAndAWorkingToken) {
    const auto created = granted(ask(create(1, "Bruno", "sesame open")));
    const auto result = ask(log_in(2, "bruno", "sesame open"));  // names ignore case
    const AccountGranted& bruno = granted(result);
    EXPECT_EQ(bruno.account, created.account);
    EXPECT_EQ(bruno.balance_cents, kGrant);  // the grant was paid once
    EXPECT_NE(bruno.resume_token, created.resume_token);
    EXPECT_EQ(granted(ask(resume(3, bruno.resume_token))).account, created.account);
}

TEST_F(AccountServiceTest, WrongPasswordAndUnknownNameAreBothWrongCredentials) {
    (void)granted(ask(create(1, "Carla", "right password")));
    EXPECT_EQ(failure(ask(log_in(2, "Carla", "wrong password"))), AccountFailure::wrong_credentials);
    EXPECT_EQ(failure(ask(log_in(3, "Nobody", "right password"))), AccountFailure::wrong_credentials);
}

TEST_F(AccountServiceTest, DuplicateNameIsNameTakenAndChangesNothing) {
    const auto first = granted(ask(create(1, "Dario", "first password")));
    EXPECT_EQ(failure(ask(create(2, "DARIO", "other password"))), AccountFailure::name_taken);
    auto& db = world.database();
    EXPECT_EQ(db.count("SELECT count(*) FROM accounts"), 1);
    EXPECT_EQ(db.count("SELECT count(*) FROM ledger_transactions"), 1);  // one grant
    // The first account's password still opens it.
    EXPECT_EQ(granted(ask(log_in(3, "Dario", "first password"))).account, first.account);
}

// The token spent stays good until the fresh one is used (a dropped connection may have lost the
// LoggedIn that carried it: persistence::AccountStore::exchange_resume_token); then it is refused.
TEST_F(AccountServiceTest, ResumeTokenReturnsAFreshOneAndDiesWhenTheFreshOneIsUsed) {
    const auto created = granted(ask(create(1, "Elena", "elena's secret")));
    const auto lost = granted(ask(resume(2, created.resume_token)));
    EXPECT_EQ(lost.account, created.account);
    EXPECT_EQ(lost.name, "Elena");
    EXPECT_EQ(lost.balance_cents, kGrant);
    EXPECT_NE(lost.resume_token, created.resume_token);
    const auto resumed = granted(ask(resume(3, created.resume_token)));  // again: the first answer was lost
    EXPECT_EQ(failure(ask(resume(4, lost.resume_token))), AccountFailure::bad_resume_token);
    EXPECT_EQ(granted(ask(resume(5, resumed.resume_token))).account, created.account);
    EXPECT_EQ(failure(ask(resume(6, created.resume_token))), AccountFailure::bad_resume_token);
    // Tokens are stored hashed: no row holds the token itself.
    EXPECT_EQ(world.database().count("SELECT count(*) FROM resume_tokens WHERE position(convert_to('" +
                                     resumed.resume_token + "', 'UTF8') IN token_hash) > 0"),
              0);
}

TEST_F(AccountServiceTest, UnknownResumeTokenIsBadResumeToken) {
    const std::string unknown(43, 'A');
    EXPECT_EQ(failure(ask(resume(1, unknown))), AccountFailure::bad_resume_token);
}

TEST_F(AccountServiceTest, LoggedInNamesTheTablesWhereTheAccountSits) {
    const auto created = granted(ask(create(1, "Fabio", "fabio's secret")));
    const protocol::TableAddress table{42, 1};
    world.seats().seat(created.account, table);
    const auto resumed = granted(ask(resume(2, created.resume_token)));
    ASSERT_EQ(resumed.seated_at.size(), 1u);
    EXPECT_EQ(resumed.seated_at.front(), table);
}

TEST_F(AccountServiceTest, AHashOfAnotherCostIsReplacedAtTheNextLogIn) {
    // An account whose hash was made at the interactive cost, logging in to a server at the minimum.
    const auto hash = persistence::hash_password("old cost pass", persistence::PasswordCost::interactive());
    const auto account =
        persistence::AccountStore(world.database().db()).create_hashed("Gina", hash, 0).value();
    EXPECT_EQ(granted(ask(log_in(1, "Gina", "old cost pass"))).account, raw(account.id));
    const std::string stored = world.database().query("SELECT password_hash FROM accounts WHERE id = " +
                                                      std::to_string(raw(account.id)));
    EXPECT_NE(stored, hash);
    EXPECT_FALSE(persistence::password_needs_rehash(stored, persistence::PasswordCost::minimum()));
}

TEST(PasswordCostOf, NamesLibsodiumsLimits) {
    EXPECT_EQ(password_cost_of(PasswordCostLevel::interactive).mem_limit,
              persistence::PasswordCost::interactive().mem_limit);
    EXPECT_EQ(password_cost_of(PasswordCostLevel::moderate).mem_limit,
              persistence::PasswordCost::moderate().mem_limit);
    EXPECT_EQ(password_cost_of(PasswordCostLevel::minimum).mem_limit,
              persistence::PasswordCost::minimum().mem_limit);
}

}  // namespace
}  // namespace tavolo::server::actors::testing
