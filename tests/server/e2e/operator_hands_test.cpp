// Issue 12 item 2 with the real binaries and a real PostgreSQL: bots play a Sit&Go to its end (the server
// is then stopped gracefully, draining its writes, and started again), then an
// admin (made by `tavolo-server admin add`) reads its hand histories over the operator API: the
// tournament's hands as JSON, one hand's PHH replayed by the real `tavolo replay` to the stacks the
// server stored, its PokerStars text written again from that PHH by the real `tavolo pokerstars`
// (same text), a player's hands, the multi-hand PHH and PokerStars documents holding every hand, and
// 400 / 404 for a bad query or an unknown tournament, table, hand or player.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <map>
#include <set>
#include <sstream>

#include "engine/phh/parser.hpp"
#include "tests/support/e2e_money.hpp"
#include "tests/support/operator_client.hpp"
#include "tests/support/raw_http.hpp"
#include "tests/support/replay_stacks.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;
namespace json = boost::json;

namespace {

std::string sit_and_go_config() {
    return "[clock]\nspeed = 200\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n"
           "[[tournament]]\nname = \"Hands Sit&Go\"\ngame = \"holdem\"\nbetting = \"nl\"\nlevel_minutes = 2\n"
           "seats = 3\nmax_players = 3\nbuy_in = \"10.00\"\nfee = \"1.00\"\n";
}

RawResponse call(int port, const std::string& target, const std::string& token,
                 const std::string& method = "GET", const std::string& body = "") {
    return api_call(port, method, target, token.empty() ? "" : "Bearer " + token, body);
}

json::object json_of(const RawResponse& r) {
    EXPECT_EQ(r.headers.count("content-type") ? r.headers.at("content-type") : "", "application/json");
    return json::parse(r.body).as_object();
}

std::string text(const json::value& v) {
    return std::string(v.as_string());
}

std::size_t count(const std::string& haystack, const std::string& needle) {
    std::size_t n = 0;
    for (auto at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + 1))
        ++n;
    return n;
}

std::string hand_path(std::int64_t tournament, const json::object& hand) {
    return "/api/v1/hands/" + std::to_string(tournament) + "/" + std::to_string(hand.at("table").as_int64()) +
           "/" + std::to_string(hand.at("hand").as_int64());
}

std::string sit_and_go(const std::string& name, const std::string& game, const std::string& betting) {
    std::string t = "[[tournament]]\nname = \"" + name + "\"\ngame = \"" + game + "\"\n";
    if (!betting.empty()) t += "betting = \"" + betting + "\"\nlevel_minutes = 2\n";
    return t + "seats = 3\nmax_players = 3\nbuy_in = \"10.00\"\nfee = \"1.00\"\n\n";
}

// The admin's token from a log in on `port`.
std::string admin_token(int port) {
    const auto login =
        call(port, "/api/v1/login", "", "POST", "{\"name\":\"ada\",\"password\":\"long enough\"}");
    EXPECT_EQ(login.status, 200) << login.body;
    return login.status == 200 ? text(json::parse(login.body).at("token")) : "";
}

// "2026-11-27T01:02:03.456Z" -> "2026/11/27 01:02:03 UTC", as a PokerStars header writes it.
std::string stars_time(std::string iso) {
    iso = iso.substr(0, 19);
    for (auto& c : iso)
        c = c == '-' ? '/' : c == 'T' ? ' ' : c;
    return iso + " UTC";
}

}  // namespace

TEST(OperatorHands, AnOperatorReadsReplaysAndExportsTheHandsBotsPlayed) {
    MigratedDatabase db;
    const auto config = write_temp_file("operator_hands.toml", sit_and_go_config());
    const auto admin =
        run_tool("--config " + config + " admin add ada",
                 "printf 'long enough\\n' | TAVOLO_DATABASE_URL='" + db.url() + "' " + TAVOLO_SERVER_BIN);
    ASSERT_EQ(admin.code, 0) << admin.out;
    ServerProcess players_server({"--config", config}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(players_server.running()) << players_server.log();
    const auto bots = run_tool("bots --url ws://127.0.0.1:" + std::to_string(players_server.port()) +
                               "/ws --count 3 --strategy random --tournament any");
    ASSERT_EQ(bots.code, 0) << bots.out;
    ASSERT_NE(bots.last_line().find(" finished=1 "), std::string::npos) << bots.last_line();
    // A graceful stop drains the write path (the tournament's end, its winner); the operator then
    // reads the histories from the server started again on the same database.
    ASSERT_EQ(players_server.stop(), 0) << players_server.log();
    ServerProcess server({"--config", config}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();
    const int port = server.port();
    const auto login =
        call(port, "/api/v1/login", "", "POST", "{\"name\":\"ada\",\"password\":\"long enough\"}");
    ASSERT_EQ(login.status, 200) << login.body;
    const std::string token = text(json::parse(login.body).at("token"));

    const std::int64_t tournament = db.count("SELECT min(id) FROM tournaments WHERE state = 'finished'");
    const std::string t = std::to_string(tournament);
    const std::int64_t stored = db.count(
        "SELECT count(*) FROM hands h JOIN tournament_tables tt ON tt.id = h.table_id WHERE tt.tournament_id "
        "= " +
        t);
    ASSERT_GE(stored, 1);  // random bots may end a Sit&Go in one hand (all in)

    // ---- the tournament's hands, newest first, each with its players and results ----
    const auto listing = call(port, "/api/v1/hands?tournament=" + t + "&limit=1000", token);
    ASSERT_EQ(listing.status, 200) << listing.body;
    const auto list = json_of(listing);
    const auto& hands = list.at("hands").as_array();
    ASSERT_EQ(static_cast<std::int64_t>(hands.size()), stored);
    EXPECT_TRUE(list.at("next_before").is_null());
    std::int64_t previous_id = INT64_MAX;
    std::int64_t chips_in_play = 0;
    for (const auto& v : hands) {
        const auto& h = v.as_object();
        EXPECT_LT(h.at("id").as_int64(), previous_id) << "newest first";
        previous_id = h.at("id").as_int64();
        EXPECT_EQ(h.at("tournament").as_int64(), tournament);
        EXPECT_EQ(text(h.at("game")), "holdem");
        EXPECT_EQ(text(h.at("variant")), "NT");
        EXPECT_FALSE(h.at("pot").is_null()) << "every stored hand replays";
        std::int64_t net = 0, start = 0;
        for (const auto& p : h.at("players").as_array()) {
            EXPECT_FALSE(text(p.at("name")).empty());
            net += p.at("net").as_int64();
            start += p.at("starting_stack").as_int64();
        }
        EXPECT_EQ(net, 0) << "chips only change hands";
        chips_in_play = std::max(chips_in_play, start);
    }
    // A page of one, then the rest from next_before.
    const auto page = json_of(call(port, "/api/v1/hands?tournament=" + t + "&limit=1", token));
    ASSERT_EQ(page.at("hands").as_array().size(), 1U);
    const auto next = page.at("next_before").as_int64();
    const auto rest = json_of(
        call(port, "/api/v1/hands?tournament=" + t + "&limit=1000&before=" + std::to_string(next), token));
    EXPECT_EQ(rest.at("hands").as_array().size() + 1, hands.size());

    // ---- the last hand: its PHH replayed by `tavolo replay` to the stacks the server stored ----
    const auto& last = hands.front().as_object();
    const auto one = call(port, hand_path(tournament, last), token);
    ASSERT_EQ(one.status, 200) << one.body;
    const auto detail = json_of(one);
    const auto phh = call(port, hand_path(tournament, last) + "?format=phh", token);
    ASSERT_EQ(phh.status, 200) << phh.body;
    EXPECT_EQ(phh.headers.at("content-type"), "text/plain; charset=utf-8");
    EXPECT_EQ(phh.body, text(detail.at("phh")));
    EXPECT_EQ(phh.body, db.query("SELECT h.phh FROM hands h JOIN tournament_tables tt ON tt.id = h.table_id "
                                 "WHERE tt.tournament_id = " +
                                 t + " AND h.hand_number = " + std::to_string(last.at("hand").as_int64()) +
                                 " AND tt.table_number = " + std::to_string(last.at("table").as_int64() + 1)))
        << "the PHH as stored";
    const auto file = write_temp_file("operator_hand.phh", phh.body);
    const auto replay = run_tool("replay --stacks " + file);
    ASSERT_EQ(replay.code, 0) << replay.out;
    EXPECT_EQ(replay.last_line(), "replay: 1 passed, 0 failed, 0 skipped") << replay.out;
    const auto stacks = printed_stacks(replay.out);
    ASSERT_EQ(stacks.size(), last.at("players").as_array().size()) << replay.out;
    std::int64_t most = 0;
    for (const auto& p : last.at("players").as_array()) {
        const std::string name = text(p.at("name"));
        ASSERT_TRUE(stacks.contains(name)) << name << "\n" << replay.out;
        EXPECT_EQ(stacks.at(name), p.at("finishing_stack").as_int64()) << name;
        most = std::max(most, stacks.at(name));
    }
    EXPECT_EQ(most, chips_in_play) << "the last hand leaves the winner with every chip";
    const std::string winner = db.query(
        "SELECT a.name FROM registrations r JOIN accounts a ON a.id = r.account_id WHERE r.tournament_id = " +
        t + " AND r.state = 'winner'");
    EXPECT_EQ(stacks.at(winner), chips_in_play) << winner;

    // ---- its PokerStars text: `tavolo pokerstars` writes the same from the PHH ----
    const auto stars = call(port, hand_path(tournament, last) + "?format=pokerstars", token);
    ASSERT_EQ(stars.status, 200) << stars.body;
    EXPECT_EQ(stars.headers.at("content-type"), "text/plain; charset=utf-8");
    const std::string table_name = t + " " + std::to_string(last.at("table").as_int64());
    const auto again =
        run_tool("pokerstars " + file + " --hand-id " + std::to_string(last.at("id").as_int64()) +
                 " --level " + std::to_string(last.at("level").as_int64()) + " --tournament " + t +
                 " --buy-in '$10.00+$1.00 USD' --table '" + table_name + "' --time '" +
                 stars_time(text(last.at("started_at"))) + "'");
    ASSERT_EQ(again.code, 0) << again.out;
    EXPECT_EQ(again.out, stars.body);
    EXPECT_EQ(stars.body.find("PokerStars Hand #" + std::to_string(last.at("id").as_int64()) + ": "), 0U)
        << "the stored hand's id, unique in the room: " << stars.body;
    EXPECT_NE(stars.body.find("Tournament #" + t + ", $10.00+$1.00 USD Hold'em No Limit"), std::string::npos)
        << stars.body;
    EXPECT_EQ(stars.body.find("Dealt to"), std::string::npos) << "the operator's form has no hero";
    for (const auto& p : last.at("players").as_array())
        EXPECT_NE(stars.body.find(": " + text(p.at("name")) + " ("), std::string::npos) << text(p.at("name"));

    // ---- a player's hands: every hand he was dealt in, and only those ----
    const std::int64_t player =
        db.count("SELECT min(account_id) FROM registrations WHERE tournament_id = " + t);
    const std::string name = db.query("SELECT name FROM accounts WHERE id = " + std::to_string(player));
    std::set<std::int64_t> his;
    for (const auto& v : hands)
        for (const auto& p : v.at("players").as_array())
            if (text(p.at("name")) == name) his.insert(v.at("id").as_int64());
    ASSERT_FALSE(his.empty());
    const auto by_player = json_of(call(
        port, "/api/v1/hands?player=" + std::to_string(player) + "&tournament=" + t + "&limit=1000", token));
    std::set<std::int64_t> listed;
    for (const auto& v : by_player.at("hands").as_array())
        listed.insert(v.at("id").as_int64());
    EXPECT_EQ(listed, his);
    const auto everywhere =
        json_of(call(port, "/api/v1/hands?player=" + std::to_string(player) + "&limit=1000", token));
    EXPECT_GE(everywhere.at("hands").as_array().size(), his.size());
    for (const auto& v : everywhere.at("hands").as_array()) {
        bool named = false;
        for (const auto& p : v.at("players").as_array())
            named = named || text(p.at("name")) == name;
        EXPECT_TRUE(named) << json::serialize(v);
    }

    // ---- the multi-hand documents hold every hand of the selection ----
    const auto phhs = call(port, "/api/v1/hands?tournament=" + t + "&limit=1000&format=phh", token);
    ASSERT_EQ(phhs.status, 200) << phhs.body.substr(0, 300);
    auto parsed = tavolo::engine::phh::parse_hands(phhs.body);
    ASSERT_TRUE(parsed.has_value()) << parsed.error().to_string();
    ASSERT_EQ(static_cast<std::int64_t>(parsed->size()), stored);
    std::set<std::string> sections;
    for (const auto& h : *parsed) {
        EXPECT_TRUE(h.hand.has_value()) << h.section;
        sections.insert(h.section);
    }
    for (const auto& v : hands)
        EXPECT_TRUE(sections.contains("tournament-" + t + "-table-" +
                                      std::to_string(v.at("table").as_int64()) + "-hand-" +
                                      std::to_string(v.at("hand").as_int64())));
    const auto all_file = write_temp_file("operator_hands.phhs", phhs.body);
    const auto replay_all = run_tool("replay " + all_file);
    EXPECT_EQ(replay_all.last_line(), "replay: " + std::to_string(stored) + " passed, 0 failed, 0 skipped")
        << replay_all.out;
    const auto stars_all =
        call(port, "/api/v1/hands?tournament=" + t + "&limit=1000&format=pokerstars", token);
    ASSERT_EQ(stars_all.status, 200);
    EXPECT_EQ(static_cast<std::int64_t>(count(stars_all.body, "PokerStars Hand #")), stored);
    EXPECT_EQ(static_cast<std::int64_t>(count(stars_all.body, "\n\n\nPokerStars Hand #")), stored - 1)
        << "hands separated by blank lines";
    EXPECT_NE(stars_all.body.find(stars.body), std::string::npos) << "the one hand's text is in the document";
    const auto mine = call(port,
                           "/api/v1/hands?player=" + std::to_string(player) + "&tournament=" + t +
                               "&limit=1000&format=pokerstars",
                           token);
    EXPECT_EQ(count(mine.body, "PokerStars Hand #"), his.size());

    // ---- refused: 400 naming the parameter, 404 for what is unknown, 401 without a token ----
    const auto no_selection = call(port, "/api/v1/hands", token);
    EXPECT_EQ(no_selection.status, 400);
    EXPECT_EQ(text(json::parse(no_selection.body).at("field")), "tournament");
    EXPECT_EQ(text(json::parse(call(port, "/api/v1/hands?tournament=x", token).body).at("field")),
              "tournament");
    EXPECT_EQ(
        text(
            json::parse(call(port, "/api/v1/hands?tournament=" + t + "&format=xml", token).body).at("field")),
        "format");
    EXPECT_EQ(text(json::parse(call(port, "/api/v1/hands?player=1&table=1", token).body).at("field")),
              "table");
    EXPECT_EQ(call(port, "/api/v1/hands?tournament=999999", token).status, 404);
    EXPECT_EQ(call(port, "/api/v1/hands?player=999999", token).status, 404);
    EXPECT_EQ(call(port, "/api/v1/hands/999999/1/1", token).status, 404);
    EXPECT_EQ(call(port, "/api/v1/hands/" + t + "/9/1", token).status, 404);
    const auto no_hand = call(port, "/api/v1/hands/" + t + "/0/999999", token);
    EXPECT_EQ(no_hand.status, 404);
    EXPECT_NE(no_hand.body.find("has no hand 999999"), std::string::npos) << no_hand.body;
    EXPECT_EQ(call(port, "/api/v1/hands?tournament=" + t, "").status, 401);
}

TEST(OperatorHands, StudAndDrawHandsExportAndReplayPolaccoHandsAreListedWithoutPhh) {
    MigratedDatabase db;
    const auto config = write_temp_file(
        "operator_hands_games.toml",
        "[clock]\nspeed = 200\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n" +
            sit_and_go("Stud", "stud", "limit") + sit_and_go("Draw", "draw", "pl") +
            sit_and_go("Polacco", "polacco", ""));
    const auto admin =
        run_tool("--config " + config + " admin add ada",
                 "printf 'long enough\\n' | TAVOLO_DATABASE_URL='" + db.url() + "' " + TAVOLO_SERVER_BIN);
    ASSERT_EQ(admin.code, 0) << admin.out;
    ServerProcess server({"--config", config}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();
    const auto bots = run_tool("bots --url ws://127.0.0.1:" + std::to_string(server.port()) +
                               "/ws --count 9 --strategy random --tournament any");
    ASSERT_EQ(bots.code, 0) << bots.out;
    ASSERT_NE(bots.last_line().find(" finished=3 "), std::string::npos) << bots.last_line();
    ASSERT_EQ(server.stop(), 0) << server.log();  // every write drained
    ServerProcess again({"--config", config}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(again.running()) << again.log();
    const int port = again.port();
    const std::string token = admin_token(port);

    for (const std::string game : {"stud", "draw", "polacco"}) {
        SCOPED_TRACE(game);
        const std::string t = db.query("SELECT min(id) FROM tournaments WHERE game = '" + game + "'");
        const std::int64_t stored = db.count(
            "SELECT count(*) FROM hands h JOIN tournament_tables tt ON tt.id = h.table_id WHERE "
            "tt.tournament_id = " +
            t);
        ASSERT_GT(stored, 0);
        const auto list = json_of(call(port, "/api/v1/hands?tournament=" + t + "&limit=1000", token));
        const auto& hands = list.at("hands").as_array();
        ASSERT_EQ(static_cast<std::int64_t>(hands.size()), stored);
        const auto& last = hands.front().as_object();
        EXPECT_EQ(text(last.at("game")), game);
        const auto phhs = call(port, "/api/v1/hands?tournament=" + t + "&limit=1000&format=phh", token);
        ASSERT_EQ(phhs.status, 200);
        const auto stars =
            call(port, "/api/v1/hands?tournament=" + t + "&limit=1000&format=pokerstars", token);
        ASSERT_EQ(stars.status, 200);
        if (game == "polacco") {
            // Stored as its events: a summary without players, no PHH, left out of the documents.
            EXPECT_TRUE(last.at("players").as_array().empty());
            const auto one = json_of(call(port, hand_path(std::stoll(t), last), token));
            EXPECT_TRUE(one.at("phh").is_null());
            EXPECT_EQ(call(port, hand_path(std::stoll(t), last) + "?format=phh", token).status, 409);
            EXPECT_EQ(call(port, hand_path(std::stoll(t), last) + "?format=pokerstars", token).status, 409);
            EXPECT_TRUE(phhs.body.empty()) << phhs.body.substr(0, 200);
            EXPECT_TRUE(stars.body.empty()) << stars.body.substr(0, 200);
            continue;
        }
        EXPECT_EQ(text(last.at("variant")), game == "stud" ? "F5S" : "P5D");
        const auto file = write_temp_file("operator_hands_" + game + ".phhs", phhs.body);
        const auto replay = run_tool("replay " + file);
        EXPECT_EQ(replay.last_line(), "replay: " + std::to_string(stored) + " passed, 0 failed, 0 skipped")
            << replay.out;
        EXPECT_EQ(static_cast<std::int64_t>(count(stars.body, "PokerStars Hand #")), stored);
        EXPECT_NE(stars.body.find(game == "stud" ? "5 Card Stud" : "5 Card Draw"), std::string::npos)
            << stars.body.substr(0, 300);
    }
}
