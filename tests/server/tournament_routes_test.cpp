// The operator API's tournament routes (server/api/tournament_routes.hpp) with a fake backend: what
// reaches the backend, and every refusal the routes make themselves (400 naming the field, 404 for an
// id that is not one) without asking it; the create body read by the [[tournament]] parser.
#include "server/api/tournament_routes.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/api/tournament_declaration.hpp"

using namespace tavolo::server;
using namespace tavolo::server::api;
using tavolo::persistence::Account;
using tavolo::persistence::AccountId;
using tavolo::persistence::Role;
using tavolo::persistence::WalletId;

namespace {

struct Asked {
    std::string what;
    std::int64_t id = 0;
    std::string detail;  // the reason, the state or the declaration's name
    TournamentDone done;
};

struct FakeTournaments : TournamentBackend {
    std::vector<Asked> asked;
    std::optional<TournamentDeclaration> created;
    void list(std::optional<std::string> state, TournamentDone done) override {
        asked.push_back({"list", 0, state.value_or("*"), done});
    }
    void create(Account, TournamentDeclaration d, TournamentDone done) override {
        asked.push_back({"create", 0, d.name, done});
        created = std::move(d);
    }
    void inspect(std::int64_t id, TournamentDone done) override {
        asked.push_back({"inspect", id, "", done});
    }
    void pause(Account, std::int64_t id, std::string reason, TournamentDone done) override {
        asked.push_back({"pause", id, reason, done});
    }
    void resume(Account, std::int64_t id, std::string reason, TournamentDone done) override {
        asked.push_back({"resume", id, reason, done});
    }
    void cancellation_preview(std::int64_t id, TournamentDone done) override {
        asked.push_back({"preview", id, "", done});
    }
    void cancel(Account, std::int64_t id, std::string reason, TournamentDone done) override {
        asked.push_back({"cancel", id, reason, done});
    }
};

struct Fixture {
    FakeTournaments backend;
    Router router;
    std::optional<HttpResponse> response;
    Fixture() { add_tournament_routes(router, backend); }

    void call(std::string method, std::string target, std::string body = "") {
        response.reset();
        ApiCall c;
        c.caller = Account{AccountId{1}, "olga", Role::admin, WalletId{2}};
        c.query = parse_query(target);
        c.request = HttpRequest{std::move(method), std::move(target), std::move(body), ""};
        c.respond = [this](HttpResponse r) { response = std::move(r); };
        router.dispatch(std::move(c));
    }
    std::string field() const {
        auto v = boost::json::parse(response->body);
        return std::string(v.at("field").as_string());
    }
};

const char* kMtt = R"({"name": "Sunday 20", "game": "holdem", "kind": "mtt", "buy_in": "20.00", "fee": "2.00",
  "start": "2030-01-05T20:00:00Z", "starting_stack": 10000, "seats": 9, "min_players": 2, "max_players": 90,
  "levels": [[25, 50], [50, 100], [100, 200]], "level_minutes": 10, "late_registration_levels": 2,
  "rebuy": true, "rebuy_levels": 2, "addon": true, "guarantee": "100.00", "payout": [60, 40]})";

}  // namespace

TEST(TournamentRoutes, EveryRouteIsRegistered) {
    Fixture f;
    std::vector<std::pair<std::string, std::string>> want = {{"GET", "/api/v1/tournaments"},
                                                             {"POST", "/api/v1/tournaments"},
                                                             {"GET", "/api/v1/tournaments/{id}"},
                                                             {"POST", "/api/v1/tournaments/{id}/pause"},
                                                             {"POST", "/api/v1/tournaments/{id}/resume"},
                                                             {"GET", "/api/v1/tournaments/{id}/cancellation"},
                                                             {"POST", "/api/v1/tournaments/{id}/cancel"}};
    EXPECT_EQ(f.router.routes(), want);
}

TEST(TournamentRoutes, ListTakesAStateAndRefusesAnUnknownOne) {
    Fixture f;
    f.call("GET", "/api/v1/tournaments?state=running");
    ASSERT_EQ(f.backend.asked.size(), 1u);
    EXPECT_EQ(f.backend.asked[0].detail, "running");
    f.backend.asked[0].done(std::string(R"({"tournaments":[]})"));
    ASSERT_TRUE(f.response);
    EXPECT_EQ(f.response->status, 200);
    f.call("GET", "/api/v1/tournaments?state=paused");
    EXPECT_EQ(f.response->status, 400);
    EXPECT_EQ(f.field(), "state");
    EXPECT_EQ(f.backend.asked.size(), 1u);
}

TEST(TournamentRoutes, CreateReadsEveryOptionWithTheConfigurationsParser) {
    Fixture f;
    f.call("POST", "/api/v1/tournaments", kMtt);
    ASSERT_EQ(f.backend.asked.size(), 1u);
    ASSERT_TRUE(f.backend.created);
    const TournamentDeclaration& d = *f.backend.created;
    EXPECT_EQ(d.name, "Sunday 20");
    EXPECT_EQ(d.kind, tavolo::engine::TournamentKind::ScheduledMtt);
    const auto& poker = std::get<PokerTournament>(d.rules);
    EXPECT_EQ(poker.structure.starting_stack, 10000);
    EXPECT_EQ(poker.structure.buy_in.prize_part, 2000);
    EXPECT_EQ(poker.structure.buy_in.fee, 200);
    EXPECT_EQ(poker.structure.blinds.levels.size(), 3u);
    EXPECT_TRUE(poker.structure.rebuys.enabled);
    EXPECT_TRUE(poker.structure.rebuys.addon);
    EXPECT_EQ(poker.structure.guarantee, 10000);
    EXPECT_FALSE(d.source_json.empty());
    f.backend.asked[0].done(std::string(R"({"id":7})"));
    EXPECT_EQ(f.response->status, 201);
    // The stored body reads back as the same declaration (a restart adopts it by its fingerprint).
    auto again = declaration_from_text(d.source_json);
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(again->name, d.name);
}

TEST(TournamentRoutes, CreateRefusalsNameTheOptionAndNeverReachTheBackend) {
    Fixture f;
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"not json", "body"},
        {"[1]", "body"},
        {R"({"game": "holdem"})", "name"},
        {R"({"name": "x"})", "game"},
        {R"({"name": "x", "game": "holdem", "seats": 40})", "seats"},
        {R"({"name": "x", "game": "holdem", "buy_in": 20})", "buy_in"},
        {R"({"name": "x", "game": "holdem", "colour": "red"})", "colour"},
        {R"({"name": "x", "game": "holdem", "kind": "mtt"})", "start"},
        {R"({"name": "x", "game": "polacco", "levels": [[1, 2]]})", "levels"},
        {R"({"name": "x", "game": "holdem", "every": "30m"})", "every"},
        {R"({"name": "x", "game": "holdem", "fee": null})", "fee"},
    };
    for (const auto& [body, field] : cases) {
        f.call("POST", "/api/v1/tournaments", body);
        ASSERT_TRUE(f.response) << body;
        EXPECT_EQ(f.response->status, 400) << body;
        EXPECT_EQ(f.field(), field) << body << " -> " << f.response->body;
    }
    EXPECT_TRUE(f.backend.asked.empty());
}

TEST(TournamentRoutes, ActionsTakeAReasonAndAnIdThatIsOne) {
    Fixture f;
    f.call("POST", "/api/v1/tournaments/5/pause", R"({"reason": "network trouble"})");
    f.call("POST", "/api/v1/tournaments/5/resume", R"({"reason": "fixed"})");
    f.call("POST", "/api/v1/tournaments/5/cancel", R"({"reason": "server fire"})");
    f.call("GET", "/api/v1/tournaments/5/cancellation");
    f.call("GET", "/api/v1/tournaments/5");
    ASSERT_EQ(f.backend.asked.size(), 5u);
    EXPECT_EQ(f.backend.asked[0].what, "pause");
    EXPECT_EQ(f.backend.asked[0].detail, "network trouble");
    EXPECT_EQ(f.backend.asked[1].what, "resume");
    EXPECT_EQ(f.backend.asked[2].what, "cancel");
    EXPECT_EQ(f.backend.asked[3].what, "preview");
    EXPECT_EQ(f.backend.asked[4].what, "inspect");
    for (const auto& a : f.backend.asked)
        EXPECT_EQ(a.id, 5);

    f.call("POST", "/api/v1/tournaments/5/pause", R"({})");
    EXPECT_EQ(f.response->status, 400);
    EXPECT_EQ(f.field(), "reason");
    f.call("POST", "/api/v1/tournaments/5/cancel", R"({"reason": "x", "refund": false})");
    EXPECT_EQ(f.response->status, 400);
    EXPECT_EQ(f.field(), "refund");
    f.call("POST", "/api/v1/tournaments/abc/cancel", R"({"reason": "x"})");
    EXPECT_EQ(f.response->status, 404);
    f.call("GET", "/api/v1/tournaments/0");
    EXPECT_EQ(f.response->status, 404);
    EXPECT_EQ(f.backend.asked.size(), 5u);
}

TEST(TournamentRoutes, TheBackendsRefusalsBecomeTheirStatuses) {
    Fixture f;
    const std::vector<std::pair<TournamentRefusal::Kind, int>> cases = {
        {TournamentRefusal::Kind::not_found, 404},
        {TournamentRefusal::Kind::conflict, 409},
        {TournamentRefusal::Kind::unavailable, 503},
        {TournamentRefusal::Kind::invalid, 400}};
    for (const auto& [kind, status] : cases) {
        f.call("POST", "/api/v1/tournaments/9/pause", R"({"reason": "r"})");
        f.backend.asked.back().done(std::unexpected(TournamentRefusal{kind, "why", "seats"}));
        ASSERT_TRUE(f.response);
        EXPECT_EQ(f.response->status, status);
    }
}
