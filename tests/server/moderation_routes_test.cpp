// The moderation routes without sockets or a database (server/api/moderation_routes.hpp): each body
// checked with the field named, nothing reaching the backend when refused, a fake backend answering.
#include "server/api/moderation_routes.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <vector>

using namespace tavolo::server;
using namespace tavolo::server::api;
using tavolo::persistence::Account;
using tavolo::persistence::AccountId;
using tavolo::persistence::Role;
using tavolo::persistence::SanctionKind;
using tavolo::persistence::WalletId;

namespace {

struct FakeBackend : ModerationBackend {
    std::vector<SanctionOrder> sanctions;
    std::vector<ChatRemoval> removals;
    void sanction(SanctionOrder order, HttpResponder respond) override {
        sanctions.push_back(order);
        respond(HttpResponse{200, "application/json", "{}", {}});
    }
    void remove_chat(ChatRemoval removal, HttpResponder respond) override {
        removals.push_back(removal);
        respond(HttpResponse{200, "application/json", "{}", {}});
    }
};

struct Fixture {
    FakeBackend backend;
    Router router;
    Fixture() { add_moderation_routes(router, backend); }
    HttpResponse call(std::string method, std::string target, std::string body = "") {
        std::optional<HttpResponse> out;
        ApiCall c;
        c.caller = Account{AccountId{3}, "olga", Role::operator_, WalletId{4}};
        c.request = HttpRequest{std::move(method), target, std::move(body), "Bearer x"};
        c.query = parse_query(target);
        c.respond = [&out](HttpResponse r) { out = std::move(r); };
        router.dispatch(std::move(c));
        EXPECT_TRUE(out.has_value());
        return out.value_or(HttpResponse{});
    }
};

}  // namespace

TEST(ModerationRoutes, AnExclusionReachesTheBackendWithEveryField) {
    Fixture f;
    const auto r = f.call("POST", "/api/v1/players/7/sanctions",
                          R"({"kind":"exclusion","reason":"abuse","tournament":42,"orbits":2})");
    EXPECT_EQ(r.status, 200) << r.body;
    ASSERT_EQ(f.backend.sanctions.size(), 1u);
    const auto& o = f.backend.sanctions[0];
    EXPECT_EQ(o.account, 7);
    EXPECT_EQ(o.kind, SanctionKind::exclusion);
    EXPECT_EQ(o.tournament, 42);
    EXPECT_EQ(o.orbits, 2);
    EXPECT_EQ(o.reason, "abuse");
    EXPECT_EQ(o.by.name, "olga");
}

TEST(ModerationRoutes, AMalformedSanctionIs400NamingTheFieldAndNeverReachesTheBackend) {
    Fixture f;
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"not json", "body"},
        {R"({"kind":"ban","reason":"x"})", "kind"},
        {R"({"reason":"x"})", "kind"},
        {R"({"kind":"warning"})", "reason"},
        {R"({"kind":"warning","reason":"  "})", "reason"},
        {R"({"kind":"warning","reason":"x"})", "tournament"},
        {R"({"kind":"exclusion","reason":"x","tournament":1})", "orbits"},
        {R"({"kind":"exclusion","reason":"x","tournament":1,"orbits":5})", "orbits"},
        {R"({"kind":"warning","reason":"x","tournament":1,"orbits":2})", "orbits"},
        {R"({"kind":"mute","reason":"x","tournament":1})", "tournament"},
        {R"({"kind":"mute","reason":"x","minutes":0})", "minutes"},
        {R"({"kind":"close_account","reason":"x","minutes":5})", "minutes"},
        {R"({"kind":"mute","reason":"x","colour":"red"})", "colour"},
    };
    for (const auto& [body, field] : cases) {
        const auto r = f.call("POST", "/api/v1/players/7/sanctions", body);
        EXPECT_EQ(r.status, 400) << body;
        EXPECT_NE(r.body.find("\"field\":\"" + field + "\""), std::string::npos) << body << " -> " << r.body;
    }
    EXPECT_TRUE(f.backend.sanctions.empty());
    EXPECT_EQ(f.call("POST", "/api/v1/players/abc/sanctions", R"({"kind":"mute","reason":"x"})").status, 404);
}

TEST(ModerationRoutes, AMuteAndACloseNeedNoTournament) {
    Fixture f;
    EXPECT_EQ(f.call("POST", "/api/v1/players/7/sanctions", R"({"kind":"mute","reason":"spam","minutes":30})")
                  .status,
              200);
    EXPECT_EQ(
        f.call("POST", "/api/v1/players/7/sanctions", R"({"kind":"close_account","reason":"fraud"})").status,
        200);
    ASSERT_EQ(f.backend.sanctions.size(), 2u);
    EXPECT_EQ(f.backend.sanctions[0].minutes, 30);
    EXPECT_FALSE(f.backend.sanctions[1].minutes);
}

TEST(ModerationRoutes, AChatLineIsRemovedWithAReasonFromTheQueryOrTheBody) {
    Fixture f;
    EXPECT_EQ(f.call("DELETE", "/api/v1/tables/5/0/chat/12?reason=spam%20link").status, 200);
    EXPECT_EQ(f.call("DELETE", "/api/v1/tables/5/1/chat/13", R"({"reason":"insult"})").status, 200);
    ASSERT_EQ(f.backend.removals.size(), 2u);
    EXPECT_EQ(f.backend.removals[0].tournament, 5);
    EXPECT_EQ(f.backend.removals[0].table, 0);
    EXPECT_EQ(f.backend.removals[0].line, 12u);
    EXPECT_EQ(f.backend.removals[0].reason, "spam link");
    EXPECT_EQ(f.backend.removals[1].table, 1);
    EXPECT_EQ(f.backend.removals[1].reason, "insult");
    const auto no_reason = f.call("DELETE", "/api/v1/tables/5/0/chat/12");
    EXPECT_EQ(no_reason.status, 400);
    EXPECT_NE(no_reason.body.find("\"field\":\"reason\""), std::string::npos) << no_reason.body;
    EXPECT_EQ(f.call("DELETE", "/api/v1/tables/5/x/chat/12?reason=a").status, 404);
    EXPECT_EQ(f.call("DELETE", "/api/v1/tables/5/0/chat/0?reason=a").status, 404);
    EXPECT_EQ(f.backend.removals.size(), 2u);
}
