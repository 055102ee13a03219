// The tables routes and the live feed's door (issue 12) without sockets: a fake TablesBackend
// answering when the test says, and the token forms of /api/v1/live.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <optional>
#include <vector>

#include "server/api/live_auth.hpp"
#include "server/api/tables_routes.hpp"

using namespace tavolo::server;
using namespace tavolo::server::api;
using tavolo::persistence::Account;
using tavolo::persistence::AccountId;
using tavolo::persistence::Role;
using tavolo::persistence::StoreResult;
using tavolo::persistence::WalletId;

namespace {

struct FakeTables : TablesBackend {
    std::vector<std::optional<std::int64_t>> listed;
    std::vector<std::pair<std::int64_t, std::int32_t>> inspected;
    std::vector<TableSummary> tables;
    std::optional<TableDetail> detail;
    void list_tables(std::optional<std::int64_t> tournament,
                     std::function<void(std::vector<TableSummary>)> done) override {
        listed.push_back(tournament);
        done(tables);
    }
    void inspect_table(std::int64_t tournament, std::int32_t table,
                       std::function<void(std::optional<TableDetail>)> done) override {
        inspected.emplace_back(tournament, table);
        done(detail);
    }
};

HttpResponse call(const Router& router, const std::string& target) {
    std::optional<HttpResponse> out;
    router.dispatch(ApiCall{Account{AccountId{1}, "ops", Role::operator_, WalletId{1}},
                            HttpRequest{"GET", target, "", ""},
                            {},
                            {},
                            [&](HttpResponse r) { out = std::move(r); }});
    EXPECT_TRUE(out.has_value());
    return out.value_or(HttpResponse{});
}

TableSummary summary() {
    TableSummary s;
    s.tournament = 3;
    s.table = 0;
    s.game = "GAME_HOLDEM";
    s.betting = "BETTING_NO_LIMIT";
    s.seats_taken = 6;
    s.table_size = 9;
    s.hand = 12;
    s.level = 2;
    s.small_blind = 20;
    s.big_blind = 40;
    return s;
}

}  // namespace

TEST(TablesRoutes, ListsTheLiveTablesAndFiltersByTournament) {
    FakeTables backend;
    backend.tables = {summary()};
    Router router;
    add_tables_routes(router, backend);
    const auto all = call(router, "/api/v1/tables");
    ASSERT_EQ(all.status, 200);
    const auto v = boost::json::parse(all.body);
    const auto& t = v.at("tables").as_array().at(0).as_object();
    EXPECT_EQ(t.at("tournament").as_int64(), 3);
    EXPECT_EQ(t.at("game").as_string(), "GAME_HOLDEM");
    EXPECT_EQ(t.at("seats_taken").as_int64(), 6);
    EXPECT_EQ(t.at("big_blind").as_int64(), 40);
    EXPECT_FALSE(t.at("paused").as_bool());
    EXPECT_EQ(call(router, "/api/v1/tables?tournament=3").status, 200);
    ASSERT_EQ(backend.listed.size(), 2u);
    EXPECT_FALSE(backend.listed[0].has_value());
    EXPECT_EQ(backend.listed[1], std::optional<std::int64_t>(3));
}

TEST(TablesRoutes, AMalformedTournamentIs400NamingIt) {
    FakeTables backend;
    Router router;
    add_tables_routes(router, backend);
    const auto r = call(router, "/api/v1/tables?tournament=abc");
    EXPECT_EQ(r.status, 400);
    EXPECT_NE(r.body.find("\"field\":\"tournament\""), std::string::npos) << r.body;
    EXPECT_TRUE(backend.listed.empty());  // nothing asked
}

TEST(TablesRoutes, InspectsOneTableWithTheObserverViewAndTheLastFinishedHand) {
    FakeTables backend;
    TableDetail d;
    d.summary = summary();
    d.observer_json = R"({"table":{"tournamentId":"3"},"yourSeat":-1})";
    d.last_hand_json = R"({"type":"hand_cards","hand":11,"seats":[{"seat":0,"cards":"AcKd"}]})";
    backend.detail = d;
    Router router;
    add_tables_routes(router, backend);
    const auto r = call(router, "/api/v1/tables/3/0");
    ASSERT_EQ(r.status, 200) << r.body;
    const auto v = boost::json::parse(r.body).as_object();
    EXPECT_EQ(v.at("observer").at("yourSeat").as_int64(), -1);
    EXPECT_EQ(v.at("last_hand").at("hand").as_int64(), 11);
    EXPECT_EQ(v.at("hand").as_int64(), 12);
    ASSERT_EQ(backend.inspected.size(), 1u);
    EXPECT_EQ(backend.inspected[0], std::make_pair(std::int64_t{3}, std::int32_t{0}));
}

TEST(TablesRoutes, NoHandFinishedYetIsANullLastHand) {
    FakeTables backend;
    TableDetail d;
    d.summary = summary();
    d.observer_json = "{}";
    backend.detail = d;
    Router router;
    add_tables_routes(router, backend);
    const auto v = boost::json::parse(call(router, "/api/v1/tables/3/0").body).as_object();
    EXPECT_TRUE(v.at("last_hand").is_null());
}

TEST(TablesRoutes, AnUnknownTableIs404) {
    FakeTables backend;  // detail: none
    Router router;
    add_tables_routes(router, backend);
    EXPECT_EQ(call(router, "/api/v1/tables/3/7").status, 404);
    EXPECT_EQ(call(router, "/api/v1/tables/x/0").status, 404);
    EXPECT_EQ(call(router, "/api/v1/tables/3/-1").status, 404);
    EXPECT_EQ(backend.inspected.size(), 1u);  // the malformed ones ask nobody
}

TEST(TablesRoutes, APlainGetOfTheLiveFeedSaysToUpgrade) {
    FakeTables backend;
    Router router;
    add_tables_routes(router, backend);
    EXPECT_EQ(call(router, "/api/v1/live").status, 426);
}

TEST(LiveAuth, TheTokenComesFromTheHeaderOrTheQuery) {
    EXPECT_EQ(live_token("Bearer abc", "/api/v1/live"), std::optional<std::string>("abc"));
    EXPECT_EQ(live_token("", "/api/v1/live?token=xyz"), std::optional<std::string>("xyz"));
    EXPECT_EQ(live_token("Bearer abc", "/api/v1/live?token=xyz"), std::optional<std::string>("abc"));
    EXPECT_FALSE(live_token("", "/api/v1/live").has_value());
    EXPECT_FALSE(live_token("", "/api/v1/live?token=").has_value());
    EXPECT_FALSE(live_token("Basic abc", "/api/v1/live?token=xyz").has_value());
}

namespace {
struct HolderBackend : OperatorBackend {
    StoreResult<Account> answer;
    explicit HolderBackend(StoreResult<Account> a) : answer(std::move(a)) {}
    void log_in(LoginRequest, LoginDone) override {}
    void holder(std::string, HolderDone done) override { done(answer); }
};
int live_status(OperatorBackend& backend, std::string authorization, std::string target) {
    int status = 0;
    authorise_live(backend, authorization, target, [&](std::optional<HttpResponse> refusal, Account) {
        status = refusal ? refusal->status : 101;
    });
    return status;
}
}  // namespace

TEST(LiveAuth, APlayerIs403NoTokenIs401AnOperatorGoesOn) {
    HolderBackend player(Account{AccountId{2}, "pat", Role::player, WalletId{2}});
    HolderBackend ops(Account{AccountId{1}, "ops", Role::operator_, WalletId{1}});
    EXPECT_EQ(live_status(player, "Bearer t", "/api/v1/live"), 403);
    EXPECT_EQ(live_status(ops, "", "/api/v1/live"), 401);
    EXPECT_EQ(live_status(ops, "", "/api/v1/live?token=t"), 101);
    EXPECT_EQ(live_status(ops, "Bearer t", "/api/v1/live"), 101);
}
