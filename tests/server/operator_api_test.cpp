// The operator API without sockets or a database (server/api): the bearer check shared by every
// /api/v1 route, the log in's body, and the routing answering asynchronously through a fake backend.
#include "server/api/operator_api.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "server/api/bearer_auth.hpp"

using namespace tavolo::server;
using namespace tavolo::server::api;
using tavolo::persistence::Account;
using tavolo::persistence::AccountId;
using tavolo::persistence::Role;
using tavolo::persistence::StoreErrc;
using tavolo::persistence::StoreResult;
using tavolo::persistence::WalletId;

namespace {

// Keeps every callback until the test answers it: nothing is answered behind the test's back.
struct FakeBackend : OperatorBackend {
    std::vector<std::pair<LoginRequest, LoginDone>> logins;
    std::vector<std::pair<std::string, HolderDone>> holders;
    void log_in(LoginRequest request, LoginDone done) override {
        logins.emplace_back(std::move(request), done);
    }
    void holder(std::string token, HolderDone done) override { holders.emplace_back(std::move(token), done); }
};

Account account(Role role) {
    return Account{AccountId{7}, "olga", role, WalletId{9}};
}

struct Answer {
    std::optional<HttpResponse> response;
    int calls = 0;
    HttpResponder responder() {
        return [this](HttpResponse r) {
            ++calls;
            response = std::move(r);
        };
    }
};

HttpRequest request(std::string method, std::string target, std::string authorization = "",
                    std::string body = "") {
    return HttpRequest{std::move(method), std::move(target), std::move(body), std::move(authorization)};
}

std::string header(const HttpResponse& r, const std::string& name) {
    for (const auto& [n, v] : r.headers)
        if (n == name) return v;
    return "";
}

const Router& routes() {
    static const Router r = [] {
        Router out;
        add_account_routes(out);
        return out;
    }();
    return r;
}

StoreResult<Account> failed(StoreErrc code) {
    return tavolo::persistence::store_error(code, "test");
}

}  // namespace

TEST(BearerToken, IsReadFromABearerAuthorizationHeaderOnly) {
    EXPECT_EQ(bearer_token("Bearer abc-DEF_123"), "abc-DEF_123");
    EXPECT_EQ(bearer_token("bearer abc"), "abc");
    EXPECT_EQ(bearer_token("BEARER  abc  "), "abc");
    EXPECT_FALSE(bearer_token(""));
    EXPECT_FALSE(bearer_token("Bearer"));
    EXPECT_FALSE(bearer_token("Bearer "));
    EXPECT_FALSE(bearer_token("Basic YWxpY2U6cGFzcw=="));
    EXPECT_FALSE(bearer_token("Bearerabc"));
    EXPECT_FALSE(bearer_token("Bearer a b"));
    EXPECT_FALSE(bearer_token("Bearer a\"b"));
    EXPECT_FALSE(bearer_token("Bearer " + std::string(kMaxTokenChars + 1, 'a')));
    EXPECT_TRUE(bearer_token("Bearer " + std::string(kMaxTokenChars, 'a')));
}

TEST(BearerCheck, UnknownOrExpiredIs401APlayerIs403AnOperatorOrAdminGoesOn) {
    for (auto code : {StoreErrc::not_found, StoreErrc::expired}) {
        auto refusal = refusal_of(failed(code));
        ASSERT_TRUE(refusal);
        EXPECT_EQ(refusal->status, 401);
        EXPECT_TRUE(header(*refusal, "WWW-Authenticate").starts_with("Bearer"))
            << header(*refusal, "WWW-Authenticate");
        EXPECT_NE(refusal->body.find("UNAUTHENTICATED"), std::string::npos);
    }
    auto player = refusal_of(account(Role::player));
    ASSERT_TRUE(player);
    EXPECT_EQ(player->status, 403);
    EXPECT_NE(player->body.find("FORBIDDEN"), std::string::npos);
    EXPECT_FALSE(refusal_of(account(Role::operator_)));
    EXPECT_FALSE(refusal_of(account(Role::admin)));
    auto down = refusal_of(failed(StoreErrc::unavailable));
    ASSERT_TRUE(down);
    EXPECT_EQ(down->status, 503);
}

TEST(OperatorApi, ClaimsTheApiPathsOnly) {
    EXPECT_TRUE(is_api_path("/api/v1"));
    EXPECT_TRUE(is_api_path("/api/v1/me"));
    EXPECT_TRUE(is_api_path("/api/v1/me?pretty=1"));
    EXPECT_FALSE(is_api_path("/api/v10"));
    EXPECT_FALSE(is_api_path("/api"));
    EXPECT_FALSE(is_api_path("/healthz"));
}

TEST(OperatorApi, ARouteWithoutATokenIs401AtOnceWithoutAskingTheBackend) {
    FakeBackend backend;
    for (const char* target : {"/api/v1/me", "/api/v1/nothing-here", "/api/v1"}) {
        Answer answer;
        serve_api(backend, routes(), request("GET", target), answer.responder());
        ASSERT_EQ(answer.calls, 1) << target;
        EXPECT_EQ(answer.response->status, 401) << target;
        EXPECT_EQ(header(*answer.response, "WWW-Authenticate"), "Bearer");
    }
    Answer basic;
    serve_api(backend, routes(), request("GET", "/api/v1/me", "Basic YWxpY2U6cGFzcw=="), basic.responder());
    EXPECT_EQ(basic.response->status, 401);
    EXPECT_TRUE(backend.holders.empty());
}

TEST(OperatorApi, MeAnswersWhenTheBackendHasFoundTheHolder) {
    FakeBackend backend;
    Answer answer;
    serve_api(backend, routes(), request("GET", "/api/v1/me", "Bearer tok3n"), answer.responder());
    EXPECT_EQ(answer.calls, 0) << "the answer waits for the backend";
    ASSERT_EQ(backend.holders.size(), 1U);
    EXPECT_EQ(backend.holders[0].first, "tok3n");
    backend.holders[0].second(account(Role::admin));
    ASSERT_EQ(answer.calls, 1);
    EXPECT_EQ(answer.response->status, 200);
    EXPECT_EQ(answer.response->body, R"({"id":7,"name":"olga","role":"admin"})");
}

TEST(OperatorApi, APlayersTokenIs403AndAForgedOneIs401OnEveryRoute) {
    for (const char* target : {"/api/v1/me", "/api/v1/tournaments"}) {
        FakeBackend backend;
        Answer player, forged, expired;
        serve_api(backend, routes(), request("GET", target, "Bearer player"), player.responder());
        serve_api(backend, routes(), request("GET", target, "Bearer forged"), forged.responder());
        serve_api(backend, routes(), request("GET", target, "Bearer old"), expired.responder());
        ASSERT_EQ(backend.holders.size(), 3U);
        backend.holders[0].second(account(Role::player));
        backend.holders[1].second(failed(StoreErrc::not_found));
        backend.holders[2].second(failed(StoreErrc::expired));
        EXPECT_EQ(player.response->status, 403) << target;
        EXPECT_EQ(forged.response->status, 401) << target;
        EXPECT_EQ(header(*forged.response, "WWW-Authenticate"), R"(Bearer error="invalid_token")");
        EXPECT_EQ(expired.response->status, 401) << target;
    }
}

TEST(OperatorApi, AnOperatorGets404ForAnUnknownRouteAnd405ForAWrongMethod) {
    FakeBackend backend;
    Answer unknown, wrong;
    serve_api(backend, routes(), request("GET", "/api/v1/nothing-here", "Bearer t"), unknown.responder());
    serve_api(backend, routes(), request("DELETE", "/api/v1/me", "Bearer t"), wrong.responder());
    backend.holders[0].second(account(Role::operator_));
    backend.holders[1].second(account(Role::operator_));
    EXPECT_EQ(unknown.response->status, 404);
    EXPECT_EQ(wrong.response->status, 405);
    EXPECT_EQ(header(*wrong.response, "Allow"), "GET, HEAD");
}

TEST(OperatorApi, LoginGivesTheTokenItsRoleAndExpiry) {
    FakeBackend backend;
    Answer answer;
    serve_api(backend, routes(), request("POST", "/api/v1/login", "", R"({"name":"olga","password":"long enough"})"),
              answer.responder());
    EXPECT_EQ(answer.calls, 0);
    ASSERT_EQ(backend.logins.size(), 1U);
    EXPECT_EQ(backend.logins[0].first.name, "olga");
    EXPECT_EQ(backend.logins[0].first.password, "long enough");
    backend.logins[0].second(LoginGranted{account(Role::operator_), {"secret", "2026-11-27T08:00:00Z"}});
    ASSERT_EQ(answer.calls, 1);
    EXPECT_EQ(answer.response->status, 200);
    EXPECT_EQ(answer.response->body,
              R"({"token":"secret","role":"operator","expires_at":"2026-11-27T08:00:00Z"})");
}

TEST(OperatorApi, WrongCredentialsAre401AndADownDatabaseOrTooManyLogIns503) {
    FakeBackend backend;
    Answer wrong, down, busy;
    const std::string body = R"({"name":"olga","password":"nope nope"})";
    serve_api(backend, routes(), request("POST", "/api/v1/login", "", body), wrong.responder());
    serve_api(backend, routes(), request("POST", "/api/v1/login", "", body), down.responder());
    serve_api(backend, routes(), request("POST", "/api/v1/login", "", body), busy.responder());
    backend.logins[0].second(tavolo::persistence::store_error(StoreErrc::bad_credentials, "x"));
    backend.logins[1].second(tavolo::persistence::store_error(StoreErrc::unavailable, "x"));
    backend.logins[2].second(tavolo::persistence::store_error(StoreErrc::queue_full, "too many log ins"));
    EXPECT_EQ(wrong.response->status, 401);
    EXPECT_NE(wrong.response->body.find("wrong password"), std::string::npos);
    EXPECT_EQ(down.response->status, 503);
    EXPECT_EQ(busy.response->status, 503);
    EXPECT_NE(busy.response->body.find("too many log ins"), std::string::npos);
}

TEST(OperatorApi, AMalformedLoginBodyIs400NamingTheField) {
    struct Case {
        const char* body;
        const char* field;
    };
    for (auto [body, field] :
         {Case{"{not json", "body"}, Case{"[1,2]", "body"}, Case{"", "body"},
          Case{R"({"password":"long enough"})", "name"},
          Case{R"({"name":42,"password":"long enough"})", "name"},
          Case{R"({"name":"","password":"long enough"})", "name"}, Case{R"({"name":"olga"})", "password"},
          Case{R"({"name":"olga","password":null})", "password"}}) {
        FakeBackend backend;
        Answer answer;
        serve_api(backend, routes(), request("POST", "/api/v1/login", "", body), answer.responder());
        ASSERT_EQ(answer.calls, 1) << body;
        EXPECT_EQ(answer.response->status, 400) << body;
        EXPECT_NE(answer.response->body.find(std::string("\"field\":\"") + field + "\""), std::string::npos)
            << body << " -> " << answer.response->body;
        EXPECT_TRUE(backend.logins.empty());
    }
    FakeBackend backend;
    Answer get;
    serve_api(backend, routes(), request("GET", "/api/v1/login"), get.responder());
    EXPECT_EQ(get.response->status, 405);
}
