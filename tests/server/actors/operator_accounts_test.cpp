// The operator API's backend on a real write service and database (server/actors/operator_accounts.hpp):
// a log in verifies the password and issues a token whose holder is the account, a wrong password or
// an unknown name is bad_credentials alike, and log ins beyond the bound are refused at once.
#include "server/actors/operator_accounts.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <future>

#include "tests/server/actors/lobby_actor_support.hpp"

namespace tavolo::server::actors::testing {
namespace {

using persistence::Role;
using persistence::StoreErrc;
using persistence::StoreResult;

template <class T>
StoreResult<T> wait(std::future<StoreResult<T>>& answer) {
    if (answer.wait_for(std::chrono::seconds(30)) != std::future_status::ready)
        return persistence::store_error(StoreErrc::database, "no answer in 30 s");
    return answer.get();
}

class OperatorAccountsTest : public ::testing::Test {
  protected:
    StoreResult<api::LoginGranted> log_in(OperatorAccounts& accounts, std::string name,
                                          std::string password) {
        auto promise = std::make_shared<std::promise<StoreResult<api::LoginGranted>>>();
        auto answer = promise->get_future();
        accounts.log_in({std::move(name), std::move(password)},
                        [promise](StoreResult<api::LoginGranted> r) { promise->set_value(std::move(r)); });
        return wait(answer);
    }
    StoreResult<persistence::Account> holder(OperatorAccounts& accounts, std::string token) {
        auto promise = std::make_shared<std::promise<StoreResult<persistence::Account>>>();
        auto answer = promise->get_future();
        accounts.holder(std::move(token),
                        [promise](StoreResult<persistence::Account> r) { promise->set_value(std::move(r)); });
        return wait(answer);
    }
    OperatorAccountsOptions options() {
        OperatorAccountsOptions o;
        o.password_cost = persistence::PasswordCost::minimum();
        return o;
    }

    ActorWorld world;
};

TEST_F(OperatorAccountsTest, ALogInIssuesATokenWhoseHolderIsTheAccountWithItsRole) {
    auto olga = persistence::AccountStore(world.database().db(), persistence::PasswordCost::minimum())
                    .create("olga", "long enough", Role::operator_)
                    .value();
    OperatorAccounts accounts(world.writes(), options());
    auto granted = log_in(accounts, "OLGA", "long enough");
    ASSERT_TRUE(granted) << granted.error().message;
    EXPECT_EQ(granted->account.id, olga.id);
    EXPECT_EQ(granted->account.role, Role::operator_);
    EXPECT_FALSE(granted->token.token.empty());
    auto who = holder(accounts, granted->token.token);
    ASSERT_TRUE(who) << who.error().message;
    EXPECT_EQ(who->id, olga.id);
    EXPECT_EQ(who->role, Role::operator_);
    auto forged = holder(accounts, "not-a-token");
    ASSERT_FALSE(forged);
    EXPECT_EQ(forged.error().code, StoreErrc::not_found);
    EXPECT_EQ(world.database().count("SELECT count(*) FROM operator_tokens"), 1);
}

TEST_F(OperatorAccountsTest, AWrongPasswordAndAnUnknownNameAreRefusedAlikeAndIssueNothing) {
    ASSERT_TRUE(persistence::AccountStore(world.database().db(), persistence::PasswordCost::minimum())
                    .create("otto", "long enough", Role::admin));
    OperatorAccounts accounts(world.writes(), options());
    auto wrong = log_in(accounts, "otto", "not his password");
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().code, StoreErrc::bad_credentials);
    auto unknown = log_in(accounts, "nobody", "long enough");
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().code, StoreErrc::bad_credentials);
    EXPECT_EQ(world.database().count("SELECT count(*) FROM operator_tokens"), 0);
}

TEST_F(OperatorAccountsTest, LogInsBeyondTheBoundAreRefusedAtOnce) {
    auto bounded = options();
    bounded.max_logins_in_flight = 0;
    OperatorAccounts accounts(world.writes(), bounded);
    bool answered = false;
    accounts.log_in({"olga", "long enough"}, [&](StoreResult<api::LoginGranted> r) {
        answered = true;
        ASSERT_FALSE(r);
        EXPECT_EQ(r.error().code, StoreErrc::queue_full);
    });
    EXPECT_TRUE(answered) << "refused before any work is queued";
}

}  // namespace
}  // namespace tavolo::server::actors::testing
