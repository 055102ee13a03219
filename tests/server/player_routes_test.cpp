// The players' and audit log's routes (server/api/player_routes.hpp, audit_routes.hpp) without sockets
// or a database: a fake backend keeps each call until the test answers it, so the tests see what a route
// asks for, what it answers, and that a refused call never reaches the backend.
#include "server/api/player_routes.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <fstream>
#include <iterator>
#include <optional>
#include <vector>

#include "server/api/audit_routes.hpp"

using namespace tavolo::server;
using namespace tavolo::server::api;
namespace p = tavolo::persistence;
namespace json = boost::json;

namespace {

struct FakePlayers : PlayerBackend {
    struct Search {
        std::string prefix;
        int limit = 0;
        Done<std::vector<p::PlayerSummary>> done;
    };
    struct Inspect {
        p::AccountId account{};
        int entries = 0;
        std::optional<std::int64_t> before;
        Done<p::PlayerFile> done;
    };
    struct Wallet {
        p::Account caller;
        WalletRequest request;
        Done<p::WalletAdjusted> done;
    };
    struct Role {
        p::Account caller;
        RoleRequest request;
        Done<p::RoleChanged> done;
    };
    std::vector<Search> searches;
    std::vector<Inspect> inspections;
    std::vector<Wallet> wallets;
    std::vector<Role> roles;
    std::size_t calls() const { return searches.size() + inspections.size() + wallets.size() + roles.size(); }

    void search(std::string prefix, int limit, Done<std::vector<p::PlayerSummary>> done) override {
        searches.push_back({std::move(prefix), limit, std::move(done)});
    }
    void inspect(p::AccountId account, int entries, std::optional<std::int64_t> before,
                 Done<p::PlayerFile> done) override {
        inspections.push_back({account, entries, before, std::move(done)});
    }
    void adjust_wallet(p::Account caller, WalletRequest request, Done<p::WalletAdjusted> done) override {
        wallets.push_back({std::move(caller), std::move(request), std::move(done)});
    }
    void set_role(p::Account caller, RoleRequest request, Done<p::RoleChanged> done) override {
        roles.push_back({std::move(caller), std::move(request), std::move(done)});
    }
};

struct FakeAudit : AuditBackend {
    std::vector<std::pair<p::AuditQuery, Done>> queries;
    void audit(p::AuditQuery query, Done done) override {
        queries.emplace_back(std::move(query), std::move(done));
    }
};

struct Api {
    FakePlayers players;
    FakeAudit audit;
    Router router;
    std::optional<HttpResponse> response;
    int answers = 0;

    Api() {
        add_player_routes(router, players);
        add_audit_routes(router, audit);
    }

    p::Account caller(p::Role role) { return p::Account{p::AccountId{1}, "ada", role, p::WalletId{2}}; }

    void send(std::string method, std::string target, std::string body = "",
              p::Role role = p::Role::operator_) {
        response.reset();
        ApiCall call;
        call.caller = caller(role);
        call.request = HttpRequest{std::move(method), std::move(target), std::move(body), "Bearer x"};
        call.respond = [this](HttpResponse r) {
            ++answers;
            response = std::move(r);
        };
        router.dispatch(std::move(call));
    }

    int status() const { return response ? response->status : 0; }
    json::object body() const { return json::parse(response ? response->body : "{}").as_object(); }
    std::string field() const {
        const auto b = body();
        return b.contains("field") ? std::string(b.at("field").as_string()) : "";
    }
    std::string header(const std::string& name) const {
        for (const auto& [n, v] : response->headers)
            if (n == name) return v;
        return "";
    }
};

p::PlayerSummary pia() {
    return {p::AccountId{3}, "pia", p::Role::player,
            std::chrono::system_clock::time_point(std::chrono::seconds(0)), std::nullopt};
}

const char* kCredit = R"({"direction":"credit","amount_cents":2500,"reason":"goodwill","key":"k-1"})";

}  // namespace

TEST(PlayerRoutes, SearchAsksForThePrefixAndLimitAndListsTheAccounts) {
    Api api;
    api.send("GET", "/api/v1/players?name=Pi&limit=5");
    ASSERT_EQ(api.players.searches.size(), 1u);
    EXPECT_EQ(api.players.searches[0].prefix, "Pi");
    EXPECT_EQ(api.players.searches[0].limit, 5);
    EXPECT_FALSE(api.response) << "the answer waits for the backend";
    api.players.searches[0].done(std::vector<p::PlayerSummary>{pia()});
    ASSERT_EQ(api.status(), 200);
    const auto player = api.body().at("players").as_array().at(0).as_object();
    EXPECT_EQ(player.at("id").as_int64(), 3);
    EXPECT_EQ(player.at("name").as_string(), "pia");
    EXPECT_EQ(player.at("role").as_string(), "player");
    EXPECT_EQ(player.at("created_at").as_string(), "1970-01-01T00:00:00.000Z");
    EXPECT_FALSE(player.at("closed").as_bool());
    EXPECT_TRUE(player.at("closed_at").is_null());

    api.send("GET", "/api/v1/players");
    ASSERT_EQ(api.players.searches.size(), 2u);
    EXPECT_EQ(api.players.searches[1].limit, 50) << "the default";
    for (const char* bad : {"0", "501", "ten", ""}) {
        api.send("GET", std::string("/api/v1/players?name=p&limit=") + bad);
        EXPECT_EQ(api.status(), 400) << bad;
        EXPECT_EQ(api.field(), "limit") << bad;
    }
    EXPECT_EQ(api.players.calls(), 2u);
}

TEST(PlayerRoutes, InspectIs404ForAnUnknownIdAndShowsTheFile) {
    Api api;
    api.send("GET", "/api/v1/players/abc");
    EXPECT_EQ(api.status(), 404);
    EXPECT_EQ(api.players.calls(), 0u);
    api.send("GET", "/api/v1/players/5?entries=0");
    EXPECT_EQ(api.field(), "entries");
    api.send("GET", "/api/v1/players/5?before=-1");
    EXPECT_EQ(api.field(), "before");
    EXPECT_EQ(api.players.calls(), 0u);

    api.send("GET", "/api/v1/players/5?entries=2&before=10");
    ASSERT_EQ(api.players.inspections.size(), 1u);
    EXPECT_EQ(api.players.inspections[0].account, p::AccountId{5});
    EXPECT_EQ(api.players.inspections[0].entries, 2);
    EXPECT_EQ(api.players.inspections[0].before, 10);
    api.players.inspections[0].done(p::store_error(p::StoreErrc::not_found, "no account 5"));
    EXPECT_EQ(api.status(), 404);
    EXPECT_NE(api.response->body.find("no account 5"), std::string::npos);

    api.send("GET", "/api/v1/players/3");
    ASSERT_EQ(api.players.inspections.size(), 2u);
    EXPECT_EQ(api.players.inspections[1].entries, 20) << "the default page";
    p::PlayerFile file;
    file.account = pia();
    file.wallet = p::WalletId{8};
    file.balance = 12'345;
    file.entries.push_back({42, p::LedgerTransactionId{7}, "deposit", "goodwill", 2'500, {}, "external"});
    file.more_entries = true;
    file.tournaments.push_back(
        {p::TournamentId{4}, "Sunday", "running", "playing", 1, std::nullopt, 2'500, 0, 0, 1, 0});
    file.sanctions.push_back(
        {9, "warning", 4, std::nullopt, std::nullopt, "slow", p::AccountId{1}, "ada", {}, std::nullopt});
    api.players.inspections[1].done(file);
    ASSERT_EQ(api.status(), 200);
    const auto b = api.body();
    EXPECT_EQ(b.at("account").at("name").as_string(), "pia");
    EXPECT_EQ(b.at("wallet").at("balance_cents").as_int64(), 12'345);
    EXPECT_EQ(b.at("entries").at(0).at("memo").as_string(), "goodwill");
    EXPECT_EQ(b.at("entries").at(0).at("amount_cents").as_int64(), 2'500);
    EXPECT_EQ(b.at("entries").at(0).at("counterpart").as_string(), "external");
    EXPECT_EQ(b.at("next_before").as_int64(), 42);
    EXPECT_EQ(b.at("tournaments").at(0).at("name").as_string(), "Sunday");
    EXPECT_EQ(b.at("tournaments").at(0).at("rebuys").as_int64(), 1);
    EXPECT_TRUE(b.at("tournaments").at(0).at("place").is_null());
    EXPECT_EQ(b.at("sanctions").at(0).at("operator").at("name").as_string(), "ada");
}

TEST(PlayerRoutes, AMalformedWalletBodyIs400NamingTheFieldAndNeverReachesTheBackend) {
    Api api;
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"not json", "body"},
        {"[1]", "body"},
        {R"({"amount_cents":1,"reason":"r","key":"k"})", "direction"},
        {R"({"direction":"sideways","amount_cents":1,"reason":"r","key":"k"})", "direction"},
        {R"({"direction":"credit","amount_cents":0,"reason":"r","key":"k"})", "amount_cents"},
        {R"({"direction":"credit","amount_cents":12.5,"reason":"r","key":"k"})", "amount_cents"},
        {R"({"direction":"credit","amount_cents":-3,"reason":"r","key":"k"})", "amount_cents"},
        {R"({"direction":"credit","amount_cents":1,"key":"k"})", "reason"},
        {R"({"direction":"credit","amount_cents":1,"reason":"","key":"k"})", "reason"},
        {R"({"direction":"credit","amount_cents":1,"reason":"r"})", "key"},
        {R"({"direction":"credit","amount_cents":1,"reason":"r","key":""})", "key"},
        {R"({"direction":"credit","amount_cents":1,"reason":"r","key":"k","amount":2})", "amount"},
    };
    for (const auto& [body, field] : cases) {
        api.send("POST", "/api/v1/players/3/wallet", body);
        EXPECT_EQ(api.status(), 400) << body;
        EXPECT_EQ(api.field(), field) << body << " -> " << api.response->body;
    }
    api.send("POST", "/api/v1/players/x/wallet", kCredit);
    EXPECT_EQ(api.status(), 404);
    EXPECT_EQ(api.players.calls(), 0u);
}

TEST(PlayerRoutes, AWalletMovementAnswersTheSameForAReplayAndRefusalsAre409Or404) {
    Api api;
    api.send("POST", "/api/v1/players/3/wallet",
             R"({"direction":"debit","amount_cents":"700","reason":"fix","key":"d"})");
    ASSERT_EQ(api.players.wallets.size(), 1u);
    const auto& asked = api.players.wallets[0];
    EXPECT_EQ(asked.caller.name, "ada");
    EXPECT_EQ(asked.request.account, p::AccountId{3});
    EXPECT_FALSE(asked.request.credit);
    EXPECT_EQ(asked.request.amount, 700);
    EXPECT_EQ(asked.request.reason, "fix");
    EXPECT_EQ(asked.request.key, "d");
    api.players.wallets[0].done(p::WalletAdjusted{p::LedgerTransactionId{11}, true, 1'000, 300, 5});
    ASSERT_EQ(api.status(), 200);
    const std::string first = api.response->body;
    EXPECT_EQ(api.header("Idempotent-Replayed"), "");
    auto b = api.body();
    EXPECT_EQ(b.at("direction").as_string(), "debit");
    EXPECT_EQ(b.at("balance_before_cents").as_int64(), 1'000);
    EXPECT_EQ(b.at("balance_after_cents").as_int64(), 300);
    EXPECT_EQ(b.at("transaction_id").as_int64(), 11);

    api.send("POST", "/api/v1/players/3/wallet",
             R"({"direction":"debit","amount_cents":700,"reason":"fix","key":"d"})");
    api.players.wallets[1].done(p::WalletAdjusted{p::LedgerTransactionId{11}, false, 1'000, 300, 0});
    EXPECT_EQ(api.status(), 200);
    EXPECT_EQ(api.response->body, first);
    EXPECT_EQ(api.header("Idempotent-Replayed"), "true");

    api.send("POST", "/api/v1/players/3/wallet", kCredit);
    api.players.wallets[2].done(
        p::store_error(p::StoreErrc::insufficient_funds, "insufficient funds: nothing moved"));
    EXPECT_EQ(api.status(), 409);
    EXPECT_NE(api.response->body.find("insufficient funds"), std::string::npos);
    api.send("POST", "/api/v1/players/3/wallet", kCredit);
    api.players.wallets[3].done(p::store_error(p::StoreErrc::idempotency_conflict, "key used"));
    EXPECT_EQ(api.status(), 409);
    api.send("POST", "/api/v1/players/99/wallet", kCredit);
    api.players.wallets[4].done(p::store_error(p::StoreErrc::not_found, "no account 99"));
    EXPECT_EQ(api.status(), 404);
    EXPECT_NE(api.response->body.find("no account 99"), std::string::npos);
    api.send("POST", "/api/v1/players/3/wallet", kCredit);
    api.players.wallets[5].done(p::store_error(p::StoreErrc::queue_full, "the write queue is full"));
    EXPECT_EQ(api.status(), 503);
}

TEST(PlayerRoutes, OnlyAnAdminChangesARoleAndNotTheirOwn) {
    Api api;
    api.send("PUT", "/api/v1/players/3/role", R"({"role":"operator"})", p::Role::operator_);
    EXPECT_EQ(api.status(), 403);
    EXPECT_NE(api.response->body.find("only an admin"), std::string::npos) << api.response->body;
    api.send("PUT", "/api/v1/players/3/role", R"({"role":"root"})", p::Role::admin);
    EXPECT_EQ(api.status(), 400);
    EXPECT_EQ(api.field(), "role");
    api.send("PUT", "/api/v1/players/3/role", R"({"role":"admin","why":"x"})", p::Role::admin);
    EXPECT_EQ(api.field(), "why");
    api.send("PUT", "/api/v1/players/1/role", R"({"role":"player"})", p::Role::admin);
    EXPECT_EQ(api.status(), 409) << "an admin's own role";
    EXPECT_EQ(api.players.calls(), 0u);

    api.send("PUT", "/api/v1/players/3/role", R"({"role":"operator","reason":"new hire"})", p::Role::admin);
    ASSERT_EQ(api.players.roles.size(), 1u);
    EXPECT_EQ(api.players.roles[0].request.role, p::Role::operator_);
    EXPECT_EQ(api.players.roles[0].request.reason, "new hire");
    api.players.roles[0].done(p::RoleChanged{p::Role::player, p::Role::operator_, 12});
    ASSERT_EQ(api.status(), 200);
    EXPECT_EQ(api.body().at("before").as_string(), "player");
    EXPECT_EQ(api.body().at("after").as_string(), "operator");
    EXPECT_TRUE(api.body().at("changed").as_bool());
}

TEST(AuditRoutes, FiltersArePassedOnAndEntriesShowDetailsAsObjects) {
    Api api;
    api.send("GET", "/api/v1/audit?operator=4&action=credit_wallet&target=account%3A3&limit=2&before=90");
    ASSERT_EQ(api.audit.queries.size(), 1u);
    const auto& q = api.audit.queries[0].first;
    EXPECT_EQ(q.operator_id, p::AccountId{4});
    EXPECT_EQ(q.action, "credit_wallet");
    EXPECT_EQ(q.target, "account:3");
    EXPECT_EQ(q.limit, 2);
    EXPECT_EQ(q.before, 90);
    std::vector<p::AuditEntry> entries(2);
    entries[0] = {
        80,
        {},
        p::AccountId{4},
        "credit_wallet",
        "account:3",
        R"({"operator":"otto","before":{"balance_cents":0},"after":{"balance_cents":5},"reason":"r"})",
        "otto"};
    entries[1] = {70, {}, p::AccountId{4}, "credit_wallet", "account:3", "{}", "otto"};
    api.audit.queries[0].second(entries);
    ASSERT_EQ(api.status(), 200);
    const auto b = api.body();
    const auto& first = b.at("entries").at(0);
    EXPECT_EQ(first.at("id").as_int64(), 80);
    EXPECT_EQ(first.at("operator").at("name").as_string(), "otto");
    EXPECT_EQ(first.at("details").at("after").at("balance_cents").as_int64(), 5);
    EXPECT_EQ(first.at("details").at("reason").as_string(), "r");
    EXPECT_EQ(b.at("next_before").as_int64(), 70) << "a full page may have older entries";

    api.send("GET", "/api/v1/audit");
    ASSERT_EQ(api.audit.queries.size(), 2u);
    EXPECT_FALSE(api.audit.queries[1].first.operator_id.has_value());
    EXPECT_EQ(api.audit.queries[1].first.limit, 50);
    for (const auto& [target, field] :
         std::vector<std::pair<std::string, std::string>>{{"/api/v1/audit?operator=x", "operator"},
                                                          {"/api/v1/audit?action=", "action"},
                                                          {"/api/v1/audit?limit=1000", "limit"},
                                                          {"/api/v1/audit?before=0", "before"}}) {
        api.send("GET", target);
        EXPECT_EQ(api.status(), 400) << target;
        EXPECT_EQ(api.field(), field) << target;
    }
    EXPECT_EQ(api.audit.queries.size(), 2u);
}

TEST(PlayerRoutes, EveryRouteIsInTheOpenApiFile) {
    std::ifstream file(std::string(TAVOLO_SOURCE_DIR) + "/proto/operator.openapi.yaml");
    ASSERT_TRUE(file) << "proto/operator.openapi.yaml";
    const std::string yaml((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    Api api;
    const auto routes = api.router.routes();
    ASSERT_EQ(routes.size(), 5u);
    for (const auto& [method, pattern] : routes) {
        const auto at = yaml.find("\n  " + pattern + ":\n");
        ASSERT_NE(at, std::string::npos) << pattern;
        const auto end = yaml.find("\n  /", at + 1);
        std::string lower = method;
        for (auto& c : lower)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        EXPECT_NE(yaml.substr(at, end - at).find("\n    " + lower + ":\n"), std::string::npos)
            << method << " " << pattern;
    }
}
