// Issue 12 item 2 ("players: search, inspect, credit / debit the wallet with a reason"; "the audit log")
// with the real binary, a real PostgreSQL, HTTP and WebSocket clients: players made over the WebSocket,
// an admin made by `tavolo-server admin add`, searched, inspected, credited and debited to the cent
// with idempotency keys, a role changed by the admin and refused to an operator, every action in the
// audit log with its before and after, and nothing changed by any refused call.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <memory>

#include "tests/support/e2e_money.hpp"
#include "tests/support/e2e_player.hpp"
#include "tests/support/operator_client.hpp"
#include "tests/support/raw_http.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;
namespace json = boost::json;

namespace {

constexpr std::int64_t kGrant = 10'000;  // [accounts] starting_balance = "100.00"
constexpr std::int64_t kBuyIn = 1'100;   // 10.00 + 1.00
const std::string kPassword = "players e2e";

RawResponse call(int port, const std::string& method, const std::string& target, const std::string& token,
                 const std::string& body = "") {
    return api_call(port, method, target, token.empty() ? "" : "Bearer " + token, body);
}

json::value parsed(const RawResponse& r) {
    boost::system::error_code ec;
    auto v = json::parse(r.body, ec);
    EXPECT_FALSE(ec) << r.body;
    return ec ? json::value(json::object{}) : v;
}

std::string field_of(const RawResponse& r) {
    const auto v = parsed(r);
    return v.is_object() && v.as_object().contains("field") ? std::string(v.at("field").as_string()) : "";
}

std::string log_in(int port, const std::string& name, const std::string& password) {
    auto r = call(port, "POST", "/api/v1/login", "",
                  R"({"name":")" + name + R"(","password":")" + password + R"("})");
    EXPECT_EQ(r.status, 200) << r.body;
    return r.status == 200 ? std::string(parsed(r).at("token").as_string()) : "";
}

std::string wallet_body(const std::string& direction, std::int64_t cents, const std::string& reason,
                        const std::string& key) {
    return R"({"direction":")" + direction + R"(","amount_cents":)" + std::to_string(cents) +
           R"(,"reason":")" + reason + R"(","key":")" + key + R"("})";
}

}  // namespace

TEST(OperatorPlayers, AnAdminFindsInspectsCreditsDebitsAndPromotesEveryActionAuditedRefusalsChangeNothing) {
    TestDatabase db;
    const auto config = write_temp_file(
        "operator_players.toml",
        "[clock]\nspeed = 30\n\n[accounts]\npassword_cost = \"minimum\"\nstarting_balance = \"100.00\"\n\n"
        "[lobby]\ndemo = false\n\n"
        "[[tournament]]\nname = \"Waiting\"\ngame = \"holdem\"\nbetting = \"nl\"\nlevel_minutes = 2\n"
        "seats = 3\nmax_players = 3\nbuy_in = \"10.00\"\nfee = \"1.00\"\n");
    ASSERT_EQ(server_command(db.url(), config, "admin add ada", "long enough\\n").code, 0);
    ServerProcess server({"--config", config}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();
    const int port = server.port();

    // Players, as players make themselves: over the WebSocket. Pia registers for a Sit&Go that waits.
    std::map<std::string, std::int64_t> ids;
    for (const std::string name : {"pia", "Pietro", "otto"}) {
        Player player(port);
        ASSERT_TRUE(player.connect());
        const auto in = player.create_account(name, kPassword);
        ASSERT_TRUE(in && in->has_logged_in()) << (in ? in->DebugString() : "no answer");
        ids[name] = player.account();
        if (name == "pia") {
            const auto tournament = player.tournament_named("Waiting");
            ASSERT_GT(tournament, 0);
            const auto r = player.register_for(tournament);
            ASSERT_TRUE(r && r->has_registered()) << (r ? r->DebugString() : "no answer");
        }
    }
    const std::string pia = std::to_string(ids["pia"]);
    const std::string admin = log_in(port, "ada", "long enough");
    ASSERT_FALSE(admin.empty());
    auto balance = [&] { return db.count("SELECT balance FROM wallets WHERE account_id = " + pia); };
    auto audit_rows = [&] { return db.count("SELECT count(*) FROM audit_log"); };

    // Search by prefix, any case.
    auto found = call(port, "GET", "/api/v1/players?name=PI", admin);
    ASSERT_EQ(found.status, 200) << found.body;
    const auto found_json = parsed(found);
    const auto& list = found_json.at("players").as_array();
    ASSERT_EQ(list.size(), 2u) << found.body;
    EXPECT_EQ(list[0].at("name").as_string(), "pia");
    EXPECT_EQ(list[0].at("id").as_int64(), ids["pia"]);
    EXPECT_EQ(list[0].at("role").as_string(), "player");
    EXPECT_FALSE(list[0].at("closed").as_bool());
    EXPECT_EQ(list[1].at("name").as_string(), "Pietro");
    EXPECT_TRUE(parsed(call(port, "GET", "/api/v1/players?name=zz", admin)).at("players").as_array().empty());
    auto bad_limit = call(port, "GET", "/api/v1/players?name=p&limit=many", admin);
    EXPECT_EQ(bad_limit.status, 400);
    EXPECT_EQ(field_of(bad_limit), "limit");

    // Inspect: the grant, the buy-in, the tournament.
    auto file = call(port, "GET", "/api/v1/players/" + pia, admin);
    ASSERT_EQ(file.status, 200) << file.body;
    {
        const auto f = parsed(file);
        EXPECT_EQ(f.at("account").at("name").as_string(), "pia");
        EXPECT_EQ(f.at("wallet").at("balance_cents").as_int64(), kGrant - kBuyIn);
        const auto& entries = f.at("entries").as_array();
        ASSERT_EQ(entries.size(), 2u) << file.body;
        EXPECT_EQ(entries[0].at("amount_cents").as_int64(), -kBuyIn);
        EXPECT_EQ(entries[1].at("amount_cents").as_int64(), kGrant);
        EXPECT_EQ(entries[1].at("counterpart").as_string(), "external");
        const auto& tournaments = f.at("tournaments").as_array();
        ASSERT_EQ(tournaments.size(), 1u) << file.body;
        EXPECT_EQ(tournaments[0].at("name").as_string(), "Waiting");
        EXPECT_EQ(tournaments[0].at("state").as_string(), "registered");
        EXPECT_EQ(tournaments[0].at("paid_cents").as_int64(), kBuyIn);
        EXPECT_TRUE(f.at("sanctions").as_array().empty());
    }
    EXPECT_EQ(call(port, "GET", "/api/v1/players/999999", admin).status, 404);
    EXPECT_EQ(call(port, "GET", "/api/v1/players/abc", admin).status, 404);

    // Credit then debit, to the cent, each with its reason.
    auto credit = call(port, "POST", "/api/v1/players/" + pia + "/wallet", admin,
                       wallet_body("credit", 2'550, "goodwill after a disconnect", "ticket-1"));
    ASSERT_EQ(credit.status, 200) << credit.body;
    EXPECT_EQ(parsed(credit).at("balance_before_cents").as_int64(), kGrant - kBuyIn);
    EXPECT_EQ(parsed(credit).at("balance_after_cents").as_int64(), kGrant - kBuyIn + 2'550);
    auto debit = call(port, "POST", "/api/v1/players/" + pia + "/wallet", admin,
                      wallet_body("debit", 1'001, "double credit corrected", "ticket-2"));
    ASSERT_EQ(debit.status, 200) << debit.body;
    EXPECT_EQ(parsed(debit).at("balance_before_cents").as_int64(), kGrant - kBuyIn + 2'550);
    const std::int64_t after = kGrant - kBuyIn + 2'550 - 1'001;
    EXPECT_EQ(parsed(debit).at("balance_after_cents").as_int64(), after);
    EXPECT_EQ(balance(), after);
    EXPECT_EQ(audit_rows(), 2);

    // The ledger's entries, newest first, paged.
    auto page = call(port, "GET", "/api/v1/players/" + pia + "?entries=1", admin);
    ASSERT_EQ(page.status, 200) << page.body;
    const auto first = parsed(page);
    ASSERT_EQ(first.at("entries").as_array().size(), 1u);
    EXPECT_EQ(first.at("entries").at(0).at("amount_cents").as_int64(), -1'001);
    EXPECT_EQ(first.at("entries").at(0).at("memo").as_string(), "double credit corrected");
    EXPECT_EQ(first.at("entries").at(0).at("kind").as_string(), "withdrawal");
    EXPECT_EQ(first.at("entries").at(0).at("counterpart").as_string(), "external");
    const auto next = first.at("next_before").as_int64();
    auto older = parsed(
        call(port, "GET", "/api/v1/players/" + pia + "?entries=1&before=" + std::to_string(next), admin));
    EXPECT_EQ(older.at("entries").at(0).at("amount_cents").as_int64(), 2'550);
    EXPECT_EQ(older.at("entries").at(0).at("memo").as_string(), "goodwill after a disconnect");

    // Refused calls: nothing moves, nothing is audited.
    auto replay = call(port, "POST", "/api/v1/players/" + pia + "/wallet", admin,
                       wallet_body("credit", 2'550, "goodwill after a disconnect", "ticket-1"));
    EXPECT_EQ(replay.status, 200) << replay.body;
    EXPECT_EQ(replay.body, credit.body) << "the same key answers the same";
    EXPECT_EQ(replay.headers["idempotent-replayed"], "true");
    auto other_amount = call(port, "POST", "/api/v1/players/" + pia + "/wallet", admin,
                             wallet_body("credit", 2'551, "goodwill", "ticket-1"));
    EXPECT_EQ(other_amount.status, 409) << other_amount.body;
    auto over = call(port, "POST", "/api/v1/players/" + pia + "/wallet", admin,
                     wallet_body("debit", after + 1, "too much", "ticket-3"));
    EXPECT_EQ(over.status, 409) << over.body;
    EXPECT_NE(over.body.find("insufficient funds"), std::string::npos) << over.body;
    for (const auto& [body, field] : std::vector<std::pair<std::string, std::string>>{
             {"{", "body"},
             {R"({"direction":"credit","amount_cents":-5,"reason":"r","key":"k"})", "amount_cents"},
             {R"({"direction":"up","amount_cents":5,"reason":"r","key":"k"})", "direction"},
             {R"({"direction":"credit","amount_cents":5,"key":"k"})", "reason"},
             {R"({"direction":"credit","amount_cents":5,"reason":"r"})", "key"}}) {
        auto bad = call(port, "POST", "/api/v1/players/" + pia + "/wallet", admin, body);
        EXPECT_EQ(bad.status, 400) << body;
        EXPECT_EQ(field_of(bad), field) << bad.body;
    }
    EXPECT_EQ(call(port, "POST", "/api/v1/players/999999/wallet", admin, wallet_body("credit", 5, "r", "k9"))
                  .status,
              404);
    EXPECT_EQ(balance(), after);
    EXPECT_EQ(audit_rows(), 2);
    EXPECT_EQ(ledger_sum(db), 0);

    // A player's token is refused (403), no token is 401: nothing moves either way.
    const std::string player_token = log_in(port, "pia", kPassword);
    EXPECT_EQ(call(port, "GET", "/api/v1/players?name=p", player_token).status, 403);
    EXPECT_EQ(call(port, "POST", "/api/v1/players/" + pia + "/wallet", player_token,
                   wallet_body("credit", 100, "self service", "ticket-4"))
                  .status,
              403);
    EXPECT_EQ(call(port, "POST", "/api/v1/players/" + pia + "/wallet", "",
                   wallet_body("credit", 100, "r", "ticket-5"))
                  .status,
              401);
    EXPECT_EQ(call(port, "GET", "/api/v1/audit", "").status, 401);
    EXPECT_EQ(balance(), after);
    EXPECT_EQ(audit_rows(), 2);

    // Roles: the admin makes otto an operator; otto may operate but not change roles.
    const std::string otto_id = std::to_string(ids["otto"]);
    auto promote = call(port, "PUT", "/api/v1/players/" + otto_id + "/role", admin,
                        R"({"role":"operator","reason":"night shift"})");
    ASSERT_EQ(promote.status, 200) << promote.body;
    EXPECT_EQ(parsed(promote).at("before").as_string(), "player");
    EXPECT_EQ(parsed(promote).at("after").as_string(), "operator");
    auto bad_role = call(port, "PUT", "/api/v1/players/" + otto_id + "/role", admin, R"({"role":"root"})");
    EXPECT_EQ(bad_role.status, 400);
    EXPECT_EQ(field_of(bad_role), "role");
    EXPECT_EQ(call(port, "PUT", "/api/v1/players/999999/role", admin, R"({"role":"admin"})").status, 404);
    const std::string otto = log_in(port, "otto", kPassword);
    auto refused = call(port, "PUT", "/api/v1/players/" + pia + "/role", otto, R"({"role":"admin"})");
    EXPECT_EQ(refused.status, 403) << refused.body;
    EXPECT_NE(refused.body.find("only an admin"), std::string::npos) << refused.body;
    EXPECT_EQ(db.query("SELECT role FROM accounts WHERE id = " + pia), "player");
    EXPECT_EQ(audit_rows(), 3);

    // The audit log, newest first, read by the operator: who, what, target, before, after, reason.
    auto audit = call(port, "GET", "/api/v1/audit", otto);
    ASSERT_EQ(audit.status, 200) << audit.body;
    const auto log = parsed(audit);
    const auto& entries = log.at("entries").as_array();
    ASSERT_EQ(entries.size(), 3u) << audit.body;
    EXPECT_EQ(entries[0].at("action").as_string(), "set_role");
    EXPECT_EQ(entries[0].at("target").as_string(), "account:" + otto_id);
    EXPECT_EQ(entries[0].at("details").at("before").at("role").as_string(), "player");
    EXPECT_EQ(entries[0].at("details").at("after").at("role").as_string(), "operator");
    EXPECT_EQ(entries[0].at("details").at("reason").as_string(), "night shift");
    EXPECT_EQ(entries[1].at("action").as_string(), "debit_wallet");
    EXPECT_EQ(entries[1].at("details").at("before").at("balance_cents").as_int64(), kGrant - kBuyIn + 2'550);
    EXPECT_EQ(entries[1].at("details").at("after").at("balance_cents").as_int64(), after);
    EXPECT_EQ(entries[1].at("details").at("reason").as_string(), "double credit corrected");
    EXPECT_EQ(entries[2].at("action").as_string(), "credit_wallet");
    EXPECT_EQ(entries[2].at("operator").at("name").as_string(), "ada");
    EXPECT_EQ(entries[2].at("details").at("before").at("balance_cents").as_int64(), kGrant - kBuyIn);
    EXPECT_EQ(entries[2].at("target").as_string(), "account:" + pia);
    EXPECT_EQ(parsed(call(port, "GET", "/api/v1/audit?action=credit_wallet", admin))
                  .at("entries")
                  .as_array()
                  .size(),
              1u);
    EXPECT_EQ(parsed(call(port, "GET", "/api/v1/audit?target=account:" + pia, admin))
                  .at("entries")
                  .as_array()
                  .size(),
              2u);
    EXPECT_TRUE(parsed(call(port, "GET", "/api/v1/audit?operator=" + otto_id, admin))
                    .at("entries")
                    .as_array()
                    .empty());
    auto bad_filter = call(port, "GET", "/api/v1/audit?operator=ada", admin);
    EXPECT_EQ(bad_filter.status, 400);
    EXPECT_EQ(field_of(bad_filter), "operator");

    // Each action logged one line.
    EXPECT_TRUE(server.wait_for_log("action=credit_wallet")) << server.log();
    EXPECT_TRUE(server.wait_for_log("action=debit_wallet")) << server.log();
    EXPECT_TRUE(server.wait_for_log("action=set_role")) << server.log();
    EXPECT_EQ(server.stop(), 0) << server.log();
    EXPECT_EQ(wallets_off_by_anything(db, kGrant), 2)
        << "ada's (an admin made by `admin add` has no grant) and pia's";
    EXPECT_EQ(ledger_sum(db), 0);
    EXPECT_EQ(balance(), after);
}
