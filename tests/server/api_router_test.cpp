// The operator API's router (server/api/router.hpp) and body reader (json_body.hpp), without sockets.
#include <gtest/gtest.h>

#include <optional>

#include "server/api/json_body.hpp"
#include "server/api/router.hpp"

using namespace tavolo::server;
using namespace tavolo::server::api;

namespace {

struct Seen {
    std::optional<HttpResponse> response;
    std::optional<ApiCall> call;
};

ApiCall call_of(Seen& seen, std::string method, std::string target) {
    ApiCall call;
    call.request = HttpRequest{std::move(method), std::move(target), "", ""};
    call.respond = [&seen](HttpResponse r) { seen.response = std::move(r); };
    return call;
}

Router sample(Seen& seen) {
    Router r;
    r.add("GET", "/api/v1/tournaments/{id}", [&seen](ApiCall c) {
        c.respond(HttpResponse{200, "application/json", "{}", {}});
        seen.call = std::move(c);
    });
    r.add("POST", "/api/v1/tournaments/{id}/cancel", [](ApiCall c) { c.respond(HttpResponse{202, "", "", {}}); });
    return r;
}

}  // namespace

TEST(ApiRouter, MatchesPatternsAndGivesTheirSegmentsAndTheQuery) {
    Seen seen;
    const Router r = sample(seen);
    r.dispatch(call_of(seen, "GET", "/api/v1/tournaments/42?format=phh&name=a%20b+c"));
    ASSERT_TRUE(seen.response.has_value());
    EXPECT_EQ(seen.response->status, 200);
    ASSERT_TRUE(seen.call.has_value());
    EXPECT_EQ(seen.call->id("id"), 42);
    EXPECT_EQ(seen.call->query_or("format"), "phh");
    EXPECT_EQ(seen.call->query_or("name"), "a b c");
    EXPECT_EQ(seen.call->query_or("absent", "x"), "x");
}

TEST(ApiRouter, HeadIsAnsweredAsGet) {
    Seen seen;
    sample(seen).dispatch(call_of(seen, "HEAD", "/api/v1/tournaments/1"));
    ASSERT_TRUE(seen.response.has_value());
    EXPECT_EQ(seen.response->status, 200);
}

TEST(ApiRouter, AnIdThatIsNotAPositiveIntegerIsNone) {
    Seen seen;
    const Router r = sample(seen);
    for (const char* bad : {"abc", "0", "-3", "4x", "99999999999999999999"}) {
        seen = {};
        r.dispatch(call_of(seen, "GET", std::string("/api/v1/tournaments/") + bad));
        ASSERT_TRUE(seen.call.has_value()) << bad;
        EXPECT_FALSE(seen.call->id("id").has_value()) << bad;
    }
}

TEST(ApiRouter, UnknownPathIs404AndWrongMethodIs405WithAllow) {
    Seen seen;
    const Router r = sample(seen);
    r.dispatch(call_of(seen, "GET", "/api/v1/nothing"));
    ASSERT_TRUE(seen.response.has_value());
    EXPECT_EQ(seen.response->status, 404);
    EXPECT_NE(seen.response->body.find("/api/v1/nothing"), std::string::npos);
    seen = {};
    r.dispatch(call_of(seen, "GET", "/api/v1/tournaments/"));
    ASSERT_TRUE(seen.response.has_value());
    EXPECT_EQ(seen.response->status, 404) << "an empty segment matches no {id}";
    seen = {};
    r.dispatch(call_of(seen, "DELETE", "/api/v1/tournaments/3/cancel"));
    ASSERT_TRUE(seen.response.has_value());
    EXPECT_EQ(seen.response->status, 405);
    ASSERT_EQ(seen.response->headers.size(), 1u);
    EXPECT_EQ(seen.response->headers[0].second, "POST");
}

TEST(ApiRouter, ListsItsRoutes) {
    Seen seen;
    const auto routes = sample(seen).routes();
    ASSERT_EQ(routes.size(), 2u);
    EXPECT_EQ(routes[1].first, "POST");
    EXPECT_EQ(routes[1].second, "/api/v1/tournaments/{id}/cancel");
}

TEST(ApiJsonBody, NamesTheFieldOfEveryError) {
    EXPECT_EQ(parse_object("{", "{}").error().field, "body");
    EXPECT_EQ(parse_object("[1]", "{}").error().field, "body");
    auto object = parse_object(R"({"amount": 12.5, "reason": 3, "big": "12", "flag": 1, "extra": 0})", "{}");
    ASSERT_TRUE(object.has_value());
    EXPECT_EQ(required_int(*object, "amount", 1, 100).error().field, "amount");
    EXPECT_EQ(required_string(*object, "reason").error().field, "reason");
    EXPECT_EQ(required_string(*object, "missing").error().field, "missing");
    EXPECT_EQ(required_int(*object, "big", 1, 100), 12) << "int64 as a string, as protobuf's JSON writes it";
    EXPECT_EQ(required_int(*object, "big", 1, 5).error().field, "big");
    EXPECT_EQ(optional_bool(*object, "flag").error().field, "flag");
    EXPECT_FALSE(optional_int(*object, "absent", 0, 1)->has_value());
    const auto unknown = unknown_field(*object, {"amount", "reason", "big", "flag"});
    ASSERT_TRUE(unknown.has_value());
    EXPECT_EQ(unknown->field, "extra");
    EXPECT_FALSE(unknown_field(*object, {"amount", "reason", "big", "flag", "extra"}).has_value());
}
