// SessionCore's accounts: create account, log in and resume through a fake AccountService whose answers
// come back as inputs; name and password rules; the newer connection of an account wins.
#include <gtest/gtest.h>

#include "server/session/credentials.hpp"
#include "tests/server/session_support.hpp"

namespace tavolo::server::session::testing {
namespace {

using Phase = SessionCore::Phase;

TEST(SessionLogIn, LogInAsksTheServiceAndAnswersWithTheTokenOnlyWhenItAnswers) {
    Harness h;
    h.welcome();
    EXPECT_TRUE(h.feed(log_in("alice", "correct horse", 21)).empty());
    ASSERT_EQ(h.accounts.requests.size(), 1U);
    const auto& request = h.accounts.requests[0];
    EXPECT_EQ(request.operation, AccountOperation::log_in);
    EXPECT_EQ(request.session, 7U);
    EXPECT_EQ(request.request_id, 21U);
    EXPECT_EQ(request.name, "alice");
    EXPECT_EQ(request.password, "correct horse");
    EXPECT_EQ(h.core.phase(), Phase::anonymous);  // not before the service says so
    EXPECT_TRUE(h.core.account_request_pending());

    const auto effects = h.core.on_account_result({21, granted("alice", {kTable})});
    ASSERT_EQ(effects.size(), 3U);  // the claim, LoggedIn, the re-attach at kTable
    EXPECT_TRUE(std::holds_alternative<SubmitToTable>(effects[2]));
    const auto& claim = std::get<CloseOlderSession>(effects[0]);
    EXPECT_EQ(claim.account, kAccount);
    EXPECT_EQ(claim.newer, 7U);
    const auto messages = sent(effects);
    ASSERT_EQ(messages.size(), 1U);
    ASSERT_TRUE(messages[0].has_logged_in());
    EXPECT_EQ(messages[0].request_id(), 21U);
    const auto& logged_in = messages[0].logged_in();
    EXPECT_EQ(logged_in.account_id(), kAccount);
    EXPECT_EQ(logged_in.name(), "alice");
    EXPECT_EQ(logged_in.resume_token(), kToken);
    EXPECT_EQ(logged_in.resume_token_expires_at_ms(), 1'800'000'000'000);
    EXPECT_EQ(logged_in.balance_cents(), 100'000);
    ASSERT_EQ(logged_in.seated_at_size(), 1);
    EXPECT_EQ(logged_in.seated_at(0).tournament_id(), kTable.tournament_id);
    EXPECT_EQ(h.core.phase(), Phase::logged_in);
    EXPECT_EQ(h.core.account(), kAccount);
}

TEST(SessionLogIn, ResumeReattachesEverySeatTheAccountHolds) {
    Harness h;
    h.welcome();
    EXPECT_TRUE(h.feed(resume(kToken, 30)).empty());
    ASSERT_EQ(h.accounts.requests.size(), 1U);
    EXPECT_EQ(h.accounts.requests[0].operation, AccountOperation::resume);
    EXPECT_EQ(h.accounts.requests[0].resume_token, kToken);

    const auto effects = h.core.on_account_result({30, granted("alice", {kTable, kOtherTable})});
    const auto messages = sent(effects);
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_TRUE(messages[0].has_logged_in());
    // Each table is asked for a full snapshot for this account, after the registry has made this
    // session the account's (what a table sends the account at once must reach this connection).
    EXPECT_TRUE(h.tables.requests.empty()) << "submitted before the account was claimed";
    ASSERT_EQ(effects.size(), 4U);
    EXPECT_TRUE(std::holds_alternative<CloseOlderSession>(effects[0]));
    std::vector<TableRequest> reattach;
    for (std::size_t i = 2; i < effects.size(); ++i) {
        ASSERT_TRUE(std::holds_alternative<SubmitToTable>(effects[i]));
        reattach.push_back(std::get<SubmitToTable>(effects[i]).request);
    }
    for (const TableRequest& r : reattach) {
        EXPECT_TRUE(std::holds_alternative<ReattachRequest>(r.body));
        EXPECT_EQ(r.from.account, kAccount);
        EXPECT_EQ(r.from.session, 7U);
    }
    EXPECT_EQ(reattach[0].table, kTable);
    EXPECT_EQ(reattach[1].table, kOtherTable);
}

TEST(SessionLogIn, CreateAccountIsForwardedAndNameTakenAnswered) {
    Harness h;
    h.welcome();
    EXPECT_TRUE(h.feed(create_account("bob", "a long password", 5)).empty());
    ASSERT_EQ(h.accounts.requests.size(), 1U);
    EXPECT_EQ(h.accounts.requests[0].operation, AccountOperation::create_account);
    const auto effects = h.core.on_account_result({5, AccountFailure::name_taken});
    EXPECT_EQ(error_code(effects), v1::ERROR_CODE_NAME_TAKEN);
    EXPECT_EQ(closes(effects), 0);
    EXPECT_EQ(h.core.phase(), Phase::anonymous);
    EXPECT_FALSE(h.core.account_request_pending());  // may try another name
}

TEST(SessionLogIn, FailuresMapToTheirCodesAndLeaveTheSessionAnonymous) {
    const std::pair<AccountFailure, v1::ErrorCode> cases[] = {
        {AccountFailure::wrong_credentials, v1::ERROR_CODE_WRONG_CREDENTIALS},
        {AccountFailure::bad_resume_token, v1::ERROR_CODE_BAD_RESUME_TOKEN},
        {AccountFailure::unavailable, v1::ERROR_CODE_UNAVAILABLE},
    };
    for (const auto& [failure, code] : cases) {
        Harness h;
        h.welcome();
        ASSERT_TRUE(h.feed(log_in("alice", "wrong password")).empty());
        const auto effects = h.core.on_account_result({2, failure});
        EXPECT_EQ(error_code(effects), code);
        EXPECT_EQ(closes(effects), 0);
        EXPECT_EQ(h.core.phase(), Phase::anonymous);
        EXPECT_EQ(h.core.account(), std::nullopt);
        EXPECT_TRUE(h.tables.requests.empty());
    }
}

TEST(SessionLogIn, RepeatedWrongPasswordsCloseTheConnection) {
    const SessionLimits limits;
    Harness h;
    h.welcome();
    for (int attempt = 1; attempt <= limits.max_failed_logins; ++attempt) {
        ASSERT_TRUE(
            h.feed(log_in("alice", "guess number " + std::to_string(attempt), 100 + attempt)).empty());
        const auto effects = h.core.on_account_result(
            {100U + static_cast<std::uint64_t>(attempt), AccountFailure::wrong_credentials});
        EXPECT_EQ(error_code(effects), v1::ERROR_CODE_WRONG_CREDENTIALS);
        EXPECT_EQ(closes(effects), attempt == limits.max_failed_logins ? 1 : 0) << attempt;
    }
    EXPECT_EQ(h.core.phase(), Phase::closed);
    EXPECT_EQ(h.accounts.requests.size(), static_cast<std::size_t>(limits.max_failed_logins));
    EXPECT_TRUE(h.feed(log_in("alice", "one more guess")).empty());  // not asked any more
    EXPECT_EQ(h.accounts.requests.size(), static_cast<std::size_t>(limits.max_failed_logins));
}

TEST(SessionLogIn, NameTakenOrAnOutageIsNotAFailedGuess) {
    SessionLimits limits;
    limits.max_failed_logins = 1;
    Harness h(7, limits);
    h.welcome();
    for (auto failure : {AccountFailure::name_taken, AccountFailure::unavailable}) {
        ASSERT_TRUE(h.feed(create_account("bob", "a long password", 8)).empty());
        EXPECT_EQ(closes(h.core.on_account_result({8, failure})), 0);
    }
    EXPECT_EQ(h.core.phase(), Phase::anonymous);
}

TEST(SessionLogIn, OneAccountRequestAtATime) {
    Harness h;
    h.welcome();
    ASSERT_TRUE(h.feed(log_in("alice", "correct horse", 2)).empty());
    EXPECT_EQ(error_code(h.feed(log_in("alice", "another guess", 3))), v1::ERROR_CODE_ILLEGAL_ACTION);
    EXPECT_EQ(error_code(h.feed(resume(kToken, 4))), v1::ERROR_CODE_ILLEGAL_ACTION);
    EXPECT_EQ(h.accounts.requests.size(), 1U);
}

TEST(SessionLogIn, AnswerToAnotherRequestOrAfterCloseIsDropped) {
    Harness h;
    h.welcome();
    ASSERT_TRUE(h.feed(log_in("alice", "correct horse", 2)).empty());
    EXPECT_TRUE(h.core.on_account_result({99, granted()}).empty());
    EXPECT_EQ(h.core.phase(), Phase::anonymous);

    EXPECT_TRUE(h.core.on_closed().empty());  // no account yet: nothing to release
    EXPECT_TRUE(h.core.on_account_result({2, granted()}).empty());
    EXPECT_EQ(h.core.phase(), Phase::closed);
}

TEST(SessionLogIn, LoggingInTwiceOnOneConnectionIsRefused) {
    Harness h;
    h.log_in_alice();
    EXPECT_EQ(error_code(h.feed(log_in("bob", "bob's password"))), v1::ERROR_CODE_ILLEGAL_ACTION);
    EXPECT_TRUE(h.accounts.requests.empty());
    EXPECT_EQ(h.core.account(), kAccount);
}

TEST(SessionLogIn, BadNamesAndPasswordsAreRefusedWithoutAskingTheService) {
    const std::pair<std::string, std::string> cases[] = {
        {"al", "correct horse"},                  // name too short
        {std::string(21, 'a'), "correct horse"},  // name too long
        {"al ice", "correct horse"},              // space
        {"_alice", "correct horse"},              // must start with a letter or digit
        {"al\xc3\xaf"
         "ce",
         "correct horse"},                  // non-ASCII
        {"alice", "short"},                 // password too short
        {"alice", std::string(129, 'p')},   // password too long
        {"alice", "tab\tinside password"},  // control character
    };
    for (const auto& [name, password] : cases) {
        for (const auto& message : {log_in(name, password), create_account(name, password)}) {
            Harness h;
            h.welcome();
            const auto messages = sent(h.feed(message));
            ASSERT_EQ(messages.size(), 1U) << name;
            EXPECT_EQ(messages[0].error().code(), v1::ERROR_CODE_BAD_CREDENTIALS_FORMAT) << name;
            EXPECT_FALSE(messages[0].error().message().empty());
            EXPECT_TRUE(h.services_untouched()) << name;
            EXPECT_EQ(h.core.phase(), Phase::anonymous);
        }
    }
}

TEST(SessionLogIn, MalformedResumeTokenIsRefusedWithoutAskingTheService) {
    for (const std::string& token : {std::string{}, std::string("short"), std::string(129, 'a'),
                                     std::string("has spaces in it, not a token")}) {
        Harness h;
        h.welcome();
        EXPECT_EQ(error_code(h.feed(resume(token))), v1::ERROR_CODE_BAD_RESUME_TOKEN);
        EXPECT_TRUE(h.services_untouched());
    }
}

TEST(SessionCredentials, LimitsAcceptTheirBoundaries) {
    EXPECT_TRUE(verify_account_name("abc"));
    EXPECT_TRUE(verify_account_name(std::string(kMaxNameLength, 'z')));
    EXPECT_TRUE(verify_account_name("Ann-Marie_2.0"));
    EXPECT_TRUE(verify_password(std::string(kMinPasswordLength, 'p')));
    EXPECT_TRUE(verify_password(std::string(kMaxPasswordLength, 'p')));
    EXPECT_TRUE(verify_password("p\xc3\xa4ssw\xc3\xb6rd"));  // non-ASCII is fine in a password
    EXPECT_TRUE(verify_resume_token(kToken));
}

// ---- A second connection of the same account wins ---------------------------------------------------

// The part of the server's registry the rule needs: which session speaks for each account.
struct Registry {
    std::map<AccountIdValue, SessionCore*> by_account;

    // Carries out a CloseOlderSession or a ReleaseAccount; returns the older session's effects.
    Effects apply(const Effect& effect, SessionCore& from) {
        if (const auto* claim = std::get_if<CloseOlderSession>(&effect)) {
            SessionCore* older = by_account[claim->account];
            by_account[claim->account] = &from;
            if (older != nullptr && older != &from) return older->on_superseded(claim->reason);
        }
        if (const auto* release = std::get_if<ReleaseAccount>(&effect)) {
            auto it = by_account.find(release->account);
            if (it != by_account.end() && it->second->id() == release->session) by_account.erase(it);
        }
        return {};
    }
};

TEST(SessionSupersede, SecondConnectionWinsAndTheOlderIsToldAndClosed) {
    Registry registry;
    Harness first(1);
    Harness second(2);
    first.welcome();
    ASSERT_TRUE(first.feed(log_in("alice", "correct horse")).empty());
    for (const auto& effect : first.core.on_account_result({2, granted()}))
        EXPECT_TRUE(registry.apply(effect, first.core).empty());

    second.welcome();
    ASSERT_TRUE(second.feed(resume(kToken)).empty());
    Effects told;
    for (const auto& effect : second.core.on_account_result({2, granted()})) {
        auto effects = registry.apply(effect, second.core);
        told.insert(told.end(), effects.begin(), effects.end());
    }
    const auto messages = sent(told);
    ASSERT_EQ(messages.size(), 1U);
    ASSERT_TRUE(messages[0].has_closing());
    EXPECT_EQ(messages[0].closing().code(), v1::ERROR_CODE_SUPERSEDED);
    EXPECT_EQ(closes(told), 1);
    EXPECT_EQ(first.core.phase(), Phase::closed);
    EXPECT_EQ(registry.by_account.at(kAccount), &second.core);

    // The older connection going away does not release the account from the newer one: it does not
    // even ask (the registry would also refuse, since the account maps to the newer session).
    const auto older_closed = first.core.on_closed();
    EXPECT_TRUE(older_closed.empty());
    for (const auto& effect : older_closed)
        registry.apply(effect, first.core);
    EXPECT_EQ(registry.by_account.at(kAccount), &second.core);
    // The newer one going away does.
    for (const auto& effect : second.core.on_closed())
        registry.apply(effect, second.core);
    EXPECT_FALSE(registry.by_account.contains(kAccount));
}

TEST(SessionSupersede, ShutdownSaysWhyThenCloses) {
    Harness h;
    h.log_in_alice();
    const auto effects = h.core.on_shutdown("the server is restarting");
    const auto messages = sent(effects);
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].closing().code(), v1::ERROR_CODE_SHUTTING_DOWN);
    EXPECT_EQ(messages[0].closing().reason(), "the server is restarting");
    EXPECT_EQ(closes(effects), 1);
    EXPECT_TRUE(h.feed(ping(1)).empty());
}

}  // namespace
}  // namespace tavolo::server::session::testing
