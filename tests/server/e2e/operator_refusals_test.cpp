// Issue 12, "every operator route refuses a player (403) and no token (401); a malformed body gets 400
// with the field named; an unknown id gets 404; nothing changes on any refused call": every operation
// of proto/operator.openapi.yaml, called on the real server, and the database compared before and after.
#include <gtest/gtest.h>

#include <regex>

#include "persistence/account_store.hpp"
#include "tests/support/e2e_money.hpp"
#include "tests/support/openapi_paths.hpp"
#include "tests/support/operator_client.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

namespace {

// What an operator route could change: money, accounts, tournaments, sanctions, the audit log.
std::string state_of(const TestDatabase& db) {
    return db.query(
        "SELECT concat_ws(' ', (SELECT count(*) FROM ledger_transactions), "
        "(SELECT string_agg(id || ':' || balance, ',' ORDER BY id) FROM wallets), "
        "(SELECT string_agg(id || ':' || role || ':' || coalesce(closed_at::text, '-'), ',' ORDER BY id) "
        "FROM accounts), (SELECT count(*) || ':' || coalesce(string_agg(state, ','), '') FROM tournaments), "
        "(SELECT count(*) FROM registrations), (SELECT count(*) FROM sanctions), "
        "(SELECT count(*) FROM audit_log))");
}

// The path with every {name} segment replaced by `id`.
std::string with_ids(const std::string& path, const std::string& id) {
    static const std::regex param(R"(\{[^}]+\})");
    return std::regex_replace(path, param, id);
}

bool names_a_field(const RawResponse& r) {
    return r.status == 400 && r.body.find("\"field\":\"") != std::string::npos;
}

}  // namespace

TEST(OperatorRefusals, EveryRouteRefusesNoTokenAPlayerAndUnknownIdsAndChangesNothing) {
    const auto operations =
        openapi_operations(std::string(TAVOLO_SOURCE_DIR) + "/proto/operator.openapi.yaml");
    ASSERT_GE(operations.size(), 2U);
    TestDatabase db;
    const auto config = write_temp_file("operator_refusals.toml",
                                        "[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n");
    add_admin(db.url(), config, "ada", "long enough");
    add_player(db.url(), "pia", "pia password");
    ServerProcess server({"--config", config}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();
    const int port = server.port();
    const std::string admin = bearer_of(port, "ada", "long enough");
    const std::string player = bearer_of(port, "pia", "pia password");
    ASSERT_FALSE(admin.empty());
    ASSERT_FALSE(player.empty());
    const std::string before = state_of(db);

    for (const auto& [method, path] : operations) {
        if (path == "/api/v1/login") continue;
        const std::string target = with_ids(path, "1");
        const std::string body = method == "GET" || method == "DELETE" ? "" : "{}";
        SCOPED_TRACE(method + " " + path);

        const auto none = api_call(port, method, target, "", body);
        EXPECT_EQ(none.status, 401) << none.body;
        EXPECT_TRUE(none.headers.count("www-authenticate") &&
                    none.headers.at("www-authenticate").starts_with("Bearer"));
        const auto forged = api_call(port, method, target, "Bearer forged-token-0000000000000000", body);
        EXPECT_EQ(forged.status, 401) << forged.body;
        const auto refused = api_call(port, method, target, player, body);
        EXPECT_EQ(refused.status, 403) << refused.body;

        // An operator reaches the route: never the router's 404 or 405.
        // A DELETE says why in its query (the chat line's removal): an unknown id is then all that is wrong.
        const std::string why = method == "DELETE" ? "?reason=refusal+test" : "";
        const auto unknown = api_call(port, method, with_ids(path, "999999") + why, admin, body);
        EXPECT_EQ(unknown.body.find("no such operator endpoint"), std::string::npos) << unknown.body;
        EXPECT_NE(unknown.status, 405) << unknown.body;
        if (path.find('{') != std::string::npos) {
            // An unknown id is 404; a body route may first refuse the empty body, naming the field.
            if (body.empty())
                EXPECT_EQ(unknown.status, 404) << unknown.body;
            else
                EXPECT_TRUE(unknown.status == 404 || names_a_field(unknown))
                    << unknown.status << " " << unknown.body;
        } else if (!body.empty()) {
            EXPECT_TRUE(names_a_field(unknown)) << unknown.status << " " << unknown.body;
            const auto garbage = api_call(port, method, target, admin, "{not json");
            EXPECT_TRUE(names_a_field(garbage)) << garbage.status << " " << garbage.body;
        }
    }
    EXPECT_EQ(state_of(db), before) << "a refused call changed something";
    EXPECT_EQ(server.stop(), 0) << server.log();
}
