// Issue 12 item 1 with the real binary and a real PostgreSQL: `tavolo-server admin add` makes the first
// admin (migrating a new database first), who logs in at POST /api/v1/login and is recognised at
// GET /api/v1/me; a player's token is refused with 403, none or a forged one with 401, a malformed
// log in body with 400 naming the field.
#include <gtest/gtest.h>

#include "persistence/account_store.hpp"
#include "tests/support/e2e_money.hpp"
#include "tests/support/operator_client.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

TEST(OperatorLogin, AdminAddCreatesTheFirstAdminOnANewDatabaseAndSaysWhatItDid) {
    TestDatabase db;  // not migrated: admin add migrates first, as the server does
    const auto config = write_temp_file("admin_add.toml", "[accounts]\npassword_cost = \"minimum\"\n");
    auto created = server_command(db.url(), config, "admin add ada", "long enough\\n");
    EXPECT_EQ(created.code, 0) << created.out;
    EXPECT_NE(created.last_line().find("created admin account 'ada'"), std::string::npos) << created.out;
    EXPECT_EQ(db.count("SELECT count(*) FROM accounts WHERE name = 'ada' AND role = 'admin'"), 1);

    auto again = server_command(db.url(), config, "admin add ADA", "long enough\\n");
    EXPECT_EQ(again.code, 0) << again.out;
    EXPECT_NE(again.last_line().find("already admin"), std::string::npos) << again.out;

    auto wrong = server_command(db.url(), config, "admin add ada", "not her password\\n");
    EXPECT_EQ(wrong.code, 1) << wrong.out;
    EXPECT_NE(wrong.out.find("not its password"), std::string::npos) << wrong.out;

    // An existing player becomes admin given its own password.
    add_player(db.url(), "pia", "pia password");
    auto promoted = server_command(db.url(), config, "admin add pia", "pia password\\n");
    EXPECT_EQ(promoted.code, 0) << promoted.out;
    EXPECT_NE(promoted.last_line().find("account 'pia' (id "), std::string::npos) << promoted.out;
    EXPECT_NE(promoted.last_line().find("is now admin"), std::string::npos) << promoted.out;

    auto no_name = server_command(db.url(), config, "admin add", "long enough\\n");
    EXPECT_EQ(no_name.code, 2) << no_name.out;
    auto no_password = server_command(db.url(), config, "admin add bea", "");
    EXPECT_EQ(no_password.code, 2) << no_password.out;
    EXPECT_NE(no_password.out.find("standard input"), std::string::npos) << no_password.out;
    auto short_password = server_command(db.url(), config, "admin add bea", "short\\n");
    EXPECT_EQ(short_password.code, 2) << short_password.out;
    EXPECT_NE(short_password.out.find("at least 8 characters"), std::string::npos) << short_password.out;
    EXPECT_EQ(db.count("SELECT count(*) FROM accounts WHERE role = 'admin'"), 2);
}

TEST(OperatorLogin, AnAdminLogsInAndIsRecognisedAPlayerIsRefusedAndNoTokenIsUnauthenticated) {
    TestDatabase db;
    const auto config = write_temp_file("operator_login.toml",
                                        "[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n");
    ASSERT_EQ(server_command(db.url(), config, "admin add ada", "long enough\\n").code, 0);
    add_player(db.url(), "pia", "pia password");
    ServerProcess server({"--config", config}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();
    const int port = server.port();

    auto admin_login = api_call(port, "POST", "/api/v1/login", "", login_body("ada", "long enough"));
    ASSERT_EQ(admin_login.status, 200) << admin_login.body;
    EXPECT_EQ(json_field(admin_login.body, "role"), "admin");
    const std::string admin_token = json_field(admin_login.body, "token");
    EXPECT_GE(admin_token.size(), 40U) << admin_login.body;
    EXPECT_EQ(json_field(admin_login.body, "expires_at").size(), 20U) << admin_login.body;
    EXPECT_EQ(db.count("SELECT count(*) FROM operator_tokens t JOIN accounts a ON a.id = t.account_id "
                       "WHERE a.name = 'ada' AND position(convert_to('" +
                       admin_token + "', 'UTF8') IN t.token_hash) = 0"),
              1)
        << "the token is stored, hashed";

    auto me = api_call(port, "GET", "/api/v1/me", "Bearer " + admin_token);
    EXPECT_EQ(me.status, 200) << me.body;
    EXPECT_EQ(json_field(me.body, "name"), "ada");
    EXPECT_EQ(json_field(me.body, "role"), "admin");

    auto player_login = api_call(port, "POST", "/api/v1/login", "", login_body("PIA", "pia password"));
    ASSERT_EQ(player_login.status, 200) << player_login.body;
    EXPECT_EQ(json_field(player_login.body, "role"), "player");
    auto player_me = api_call(port, "GET", "/api/v1/me", "Bearer " + json_field(player_login.body, "token"));
    EXPECT_EQ(player_me.status, 403) << player_me.body;
    EXPECT_NE(player_me.body.find("FORBIDDEN"), std::string::npos) << player_me.body;

    auto none = api_call(port, "GET", "/api/v1/me");
    EXPECT_EQ(none.status, 401) << none.body;
    EXPECT_EQ(none.headers["www-authenticate"], "Bearer");
    std::string forged_token = admin_token;
    forged_token[0] = forged_token[0] == 'x' ? 'y' : 'x';
    auto forged = api_call(port, "GET", "/api/v1/me", "Bearer " + forged_token);
    EXPECT_EQ(forged.status, 401) << forged.body;
    EXPECT_TRUE(forged.headers["www-authenticate"].starts_with("Bearer"))
        << forged.headers["www-authenticate"];
    auto unknown_route = api_call(port, "GET", "/api/v1/tournaments");
    EXPECT_EQ(unknown_route.status, 401) << "every /api/v1 route checks the token first";

    auto wrong = api_call(port, "POST", "/api/v1/login", "", login_body("ada", "not her password"));
    EXPECT_EQ(wrong.status, 401) << wrong.body;
    auto nobody = api_call(port, "POST", "/api/v1/login", "", login_body("nobody", "long enough"));
    EXPECT_EQ(nobody.status, 401) << nobody.body;

    auto malformed = api_call(port, "POST", "/api/v1/login", "", R"({"name":"ada","password":12345678})");
    EXPECT_EQ(malformed.status, 400) << malformed.body;
    EXPECT_NE(malformed.body.find(R"("field":"password")"), std::string::npos) << malformed.body;
    auto not_json = api_call(port, "POST", "/api/v1/login", "", "name=ada");
    EXPECT_EQ(not_json.status, 400) << not_json.body;
    EXPECT_NE(not_json.body.find(R"("field":"body")"), std::string::npos) << not_json.body;

    EXPECT_EQ(server.stop(), 0) << server.log();
    EXPECT_EQ(db.count("SELECT count(*) FROM operator_tokens"), 2) << "one token per successful log in";
}
