// Issue 12 item 2 (tournaments) with the real binary, a real PostgreSQL and `tavolo bots` at an
// accelerated clock: an admin creates an MTT over the API, bots play it, it is inspected while it runs
// (every chip accounted for), paused (no hand starts, the level clock stands still) and resumed; a
// second MTT is cancelled mid-play after a refund preview that the cancel then pays to the cent
// (RULES.md §7), and a second cancel pays nothing. While the first is paused a table is inspected and
// the PHH of its last finished hand, read over the API, is replayed by `tavolo replay` to the stored stacks.
// Malformed bodies are 400 naming the field, unknown ids 404, a state that refuses 409.
#include <gtest/gtest.h>

#include <set>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <future>
#include <map>

#include "tests/support/e2e_money.hpp"
#include "tests/support/operator_client.hpp"
#include "tests/support/raw_http.hpp"
#include "tests/support/replay_stacks.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;
namespace json = boost::json;

namespace {

constexpr std::int64_t kGrantCents = 100'000;

struct Answer {
    int status = 0;
    json::value body;
};

// One request through operator_client.hpp's api_call, its body parsed as JSON (null when it is not).
Answer call(int port, const std::string& method, const std::string& target, const std::string& token = "",
            const std::string& body = "") {
    const RawResponse response = api_call(port, method, target, token.empty() ? "" : "Bearer " + token, body);
    boost::system::error_code ec;
    auto parsed = json::parse(response.body, ec);
    return {response.status, ec ? json::value() : parsed};
}

std::string field_of(const Answer& a) {
    const auto* o = a.body.if_object();
    if (!o || !o->contains("field")) return "";
    return std::string(o->at("field").as_string());
}

// wallets_off_by_anything (e2e_money.hpp) for the players only: the admin's wallet holds no grant.
std::int64_t player_wallets_off(const TestDatabase& db) {
    return db.count(
        "SELECT count(*) FROM accounts a JOIN wallets w ON w.account_id = a.id "
        "LEFT JOIN (SELECT account_id, sum(paid_cents) AS paid, sum(prize_cents) AS prizes, "
        "                  sum(refund_cents) AS refunds FROM registrations GROUP BY account_id) r "
        "       ON r.account_id = a.id "
        "WHERE a.role = 'player' AND w.balance <> " +
        std::to_string(kGrantCents) +
        " - coalesce(r.paid, 0) + coalesce(r.prizes, 0) + coalesce(r.refunds, 0)");
}

std::int64_t integer(const json::value& v) {
    return v.is_int64() ? v.as_int64() : static_cast<std::int64_t>(v.as_uint64());
}

struct Room {
    MigratedDatabase db;
    std::string config;
    std::unique_ptr<ServerProcess> server;
    std::string token;

    Room() {
        config = write_temp_file("operator_tournaments.toml",
                                 "[clock]\nspeed = 40\n\n[accounts]\npassword_cost = \"minimum\"\n\n"
                                 "[lobby]\ndemo = false\n");
        auto added = server_command(db.url(), config, "admin add ada", "long enough\\n");
        EXPECT_EQ(added.code, 0) << added.out;
        server = std::make_unique<ServerProcess>(
            std::vector<std::string>{"--config", config, "--log-level", "info"},
            std::vector<std::string>{"TAVOLO_DATABASE_URL=" + db.url()});
        EXPECT_TRUE(server->running()) << server->log();
        auto login = call(port(), "POST", "/api/v1/login", "", R"({"name":"ada","password":"long enough"})");
        EXPECT_EQ(login.status, 200);
        token = std::string(login.body.at("token").as_string());
    }
    int port() const { return server->port(); }
    Answer get(const std::string& target) const { return call(port(), "GET", target, token); }
    Answer post(const std::string& target, const std::string& body) const {
        return call(port(), "POST", target, token, body);
    }
    std::string bots(int count, std::int64_t tournament) const {
        return "bots --url ws://127.0.0.1:" + std::to_string(port()) + "/ws --count " +
               std::to_string(count) + " --strategy calling --tournament " + std::to_string(tournament);
    }
    std::int64_t hands(std::int64_t tournament) const {
        return db.count(
            "SELECT count(*) FROM hands h JOIN tournament_tables t ON t.id = h.table_id "
            "WHERE t.tournament_id = " +
            std::to_string(tournament));
    }
    // The director's snapshot once its tables are open.
    json::object live(std::int64_t tournament) const {
        for (int i = 0; i < 100'000; ++i) {
            auto a = get("/api/v1/tournaments/" + std::to_string(tournament));
            EXPECT_EQ(a.status, 200);
            const auto& o = a.body.as_object();
            if (o.contains("live") && o.at("live").as_object().contains("tables") &&
                !o.at("live").at("tables").as_array().empty())
                return o.at("live").as_object();
        }
        ADD_FAILURE() << "no live snapshot";
        return {};
    }
    // Until `n` hands of the tournament are committed.
    void wait_hands(std::int64_t tournament, std::int64_t n) const {
        for (int i = 0; i < 1'000'000 && hands(tournament) < n; ++i) {
        }
        ASSERT_GE(hands(tournament), n);
    }
    // While paused, the issue's look at the room: a table as an observer sees it with the cards of its
    // last finished hand, and that hand's PHH, read over the API and replayed by the real
    // `tavolo replay`, ending at the stacks the server stored.
    void check_a_finished_hand(std::int64_t tournament) const {
        const std::string t = std::to_string(tournament);
        auto listed = get("/api/v1/tables?tournament=" + t);
        ASSERT_EQ(listed.status, 200) << json::serialize(listed.body);
        json::object seen;
        for (const auto& table : listed.body.at("tables").as_array()) {
            auto view = get("/api/v1/tables/" + t + "/" + std::to_string(integer(table.at("table"))));
            ASSERT_EQ(view.status, 200) << json::serialize(view.body);
            EXPECT_TRUE(view.body.at("observer").is_object()) << json::serialize(view.body);
            if (view.body.at("last_hand").is_object()) {
                seen = view.body.at("last_hand").as_object();
                break;
            }
        }
        ASSERT_FALSE(seen.empty()) << "no table shows a finished hand";
        EXPECT_FALSE(seen.at("seats").as_array().empty());
        const std::string path = "/api/v1/hands/" + t + "/" + std::to_string(integer(seen.at("table"))) +
                                 "/" + std::to_string(integer(seen.at("hand")));
        auto summary = get(path);
        ASSERT_EQ(summary.status, 200) << path << " " << json::serialize(summary.body);
        const auto phh = api_call(port(), "GET", path + "?format=phh", "Bearer " + token);
        ASSERT_EQ(phh.status, 200) << phh.body;
        const auto replay =
            run_tool("replay --stacks " + write_temp_file("operator_tournament_hand.phh", phh.body));
        ASSERT_EQ(replay.code, 0) << replay.out;
        const auto stacks = printed_stacks(replay.out);
        const auto& players = summary.body.at("players").as_array();
        ASSERT_EQ(stacks.size(), players.size()) << replay.out;
        for (const auto& p : players) {
            const std::string name(p.at("name").as_string());
            ASSERT_TRUE(stacks.contains(name)) << name << "\n" << replay.out;
            EXPECT_EQ(stacks.at(name), integer(p.at("finishing_stack"))) << name;
        }
    }
    // Paused: every table logs that it holds its next hand (event=table_held), then the hands in
    // flight commit; the count is returned once it has not moved over many reads.
    std::int64_t settled_hands(std::int64_t tournament, int held_before) const {
        const int tables = static_cast<int>(live(tournament).at("tables").as_array().size());
        EXPECT_TRUE(server->wait_for_log("event=table_held tournament=" + std::to_string(tournament),
                                         held_before + tables))
            << server->log();
        std::int64_t last = hands(tournament);
        for (int same = 0; same < 50;) {
            const std::int64_t now = hands(tournament);
            same = now == last ? same + 1 : 0;
            last = now;
        }
        return last;
    }
};

std::string mtt(const std::string& name) {
    return R"({"name": ")" + name +
           R"(", "game": "holdem", "kind": "mtt", "seats": 6, "buy_in": "10.00", "fee": "1.00",
        "min_players": 4, "max_players": 12, "start": "+40s", "starting_stack": 3000, "level_minutes": 2,
        "breaks": false, "payout": [65, 35]})";
}

}  // namespace

TEST(OperatorTournaments, CreatedOverTheApiPlayedInspectedPausedAndResumed) {
    Room room;
    // Refusals first: nothing is created by any of them.
    EXPECT_EQ(field_of(room.post("/api/v1/tournaments", "{")), "body");
    EXPECT_EQ(field_of(room.post("/api/v1/tournaments", R"({"name":"x","game":"holdem","seats":40})")),
              "seats");
    EXPECT_EQ(field_of(room.post("/api/v1/tournaments", R"({"name":"x","game":"holdem","buy_in":"ten"})")),
              "buy_in");
    EXPECT_EQ(room.get("/api/v1/tournaments/424242").status, 404);
    EXPECT_EQ(room.get("/api/v1/tournaments/abc").status, 404);
    EXPECT_EQ(room.post("/api/v1/tournaments/424242/pause", R"({"reason":"r"})").status, 404);
    EXPECT_EQ(room.post("/api/v1/tournaments/424242/cancel", R"({"reason":"r"})").status, 404);
    EXPECT_EQ(field_of(room.post("/api/v1/tournaments/1/pause", R"({})")), "reason");
    EXPECT_EQ(room.db.count("SELECT count(*) FROM tournaments"), 0);

    auto created = room.post("/api/v1/tournaments", mtt("API MTT"));
    ASSERT_EQ(created.status, 201) << json::serialize(created.body);
    const std::int64_t id = integer(created.body.at("id"));
    EXPECT_EQ(room.post("/api/v1/tournaments", mtt("API MTT")).status, 409) << "its name is taken";
    auto listed = room.get("/api/v1/tournaments?state=registering");
    ASSERT_EQ(listed.status, 200);
    ASSERT_EQ(listed.body.at("tournaments").as_array().size(), 1u);
    EXPECT_EQ(listed.body.at("tournaments").at(0).at("name").as_string(), "API MTT");
    EXPECT_EQ(room.post("/api/v1/tournaments/" + std::to_string(id) + "/pause", R"({"reason":"r"})").status,
              409)
        << "not running yet";

    auto played = std::async(std::launch::async, [&] { return run_tool(room.bots(8, id)); });
    ASSERT_TRUE(room.server->wait_for_log("event=tournament_started ")) << room.server->log();

    // Inspected: every chip accounted for (8 entries x 3,000, no re-buy).
    const json::object live = room.live(id);
    std::int64_t chips = 0, players = 0;
    for (const auto& t : live.at("tables").as_array())
        for (const auto& p : t.at("players").as_array()) {
            chips += integer(p.at("stack"));
            ++players;
        }
    EXPECT_EQ(players, 8);
    EXPECT_EQ(chips, 8 * 3000);
    EXPECT_EQ(integer(live.at("chips_in_play")), 8 * 3000);
    EXPECT_EQ(integer(live.at("prize_pool_cents")), 8 * 1000);
    EXPECT_EQ(live.at("payouts").as_array().size(), 2u);
    EXPECT_EQ(live.at("players").as_array().size(), 8u);
    // Tables count from 0 here as everywhere in the API and the protocol; each player's is listed.
    std::set<std::int64_t> numbers;
    for (const auto& t : live.at("tables").as_array())
        numbers.insert(integer(t.at("table")));
    ASSERT_FALSE(numbers.empty());
    EXPECT_EQ(*numbers.begin(), 0);
    for (const auto& p : live.at("players").as_array()) {
        if (p.as_object().contains("table")) {
            EXPECT_TRUE(numbers.contains(integer(p.at("table"))));
        }
    }

    // Paused: no hand starts, the clock stands still; a second pause is refused.
    room.wait_hands(id, 2);
    const std::string base = "/api/v1/tournaments/" + std::to_string(id);
    auto paused = room.post(base + "/pause", R"({"reason":"a network check"})");
    ASSERT_EQ(paused.status, 200) << json::serialize(paused.body);
    EXPECT_EQ(room.post(base + "/pause", R"({"reason":"again"})").status, 409);
    const std::int64_t at_pause = room.settled_hands(id, 0);
    const json::object frozen = room.live(id);
    EXPECT_TRUE(frozen.at("paused").as_bool());
    room.check_a_finished_hand(id);
    for (int i = 0; i < 200; ++i) {
        EXPECT_EQ(room.hands(id), at_pause) << "a hand started while paused";
        auto still = room.get(base);
        EXPECT_EQ(still.body.at("live").at("clock").at("elapsed_ms"), frozen.at("clock").at("elapsed_ms"));
    }
    // Resumed: the hands go on and the tournament is played to its end.
    EXPECT_EQ(room.post(base + "/resume", R"({"reason":"checked"})").status, 200);
    EXPECT_EQ(room.post(base + "/resume", R"({"reason":"again"})").status, 409);
    room.wait_hands(id, at_pause + 1);
    const auto run = played.get();
    EXPECT_EQ(run.code, 0) << run.out;
    EXPECT_NE(run.last_line().find(" finished=1 "), std::string::npos) << run.out;
    ASSERT_TRUE(room.server->wait_for_log("event=tournament_finished tournament=" + std::to_string(id)));
    EXPECT_EQ(room.post(base + "/pause", R"({"reason":"r"})").status, 409) << "over";
    EXPECT_EQ(room.server->stop(), 0) << room.server->log();
    EXPECT_EQ(room.db.count("SELECT count(*) FROM tournaments WHERE state = 'finished' AND id = " +
                            std::to_string(id)),
              1);

    EXPECT_EQ(room.db.count("SELECT count(*) FROM audit_log WHERE action IN ('create_tournament', "
                            "'pause_tournament', 'resume_tournament') AND target = 'tournament:" +
                            std::to_string(id) + "'"),
              3);
    EXPECT_EQ(prize_pools_not_paid_out(room.db), 0);
    EXPECT_EQ(player_wallets_off(room.db), 0);
    EXPECT_EQ(ledger_sum(room.db), 0);
}

TEST(OperatorTournaments, CancelledMidPlayRefundsWhatThePreviewSaidAndASecondCancelPaysNothing) {
    Room room;
    auto created = room.post("/api/v1/tournaments", mtt("Doomed MTT"));
    ASSERT_EQ(created.status, 201) << json::serialize(created.body);
    const std::int64_t id = integer(created.body.at("id"));
    const std::string base = "/api/v1/tournaments/" + std::to_string(id);

    auto played = std::async(std::launch::async, [&] { return run_tool(room.bots(6, id)); });
    ASSERT_TRUE(room.server->wait_for_log("event=tournament_started ")) << room.server->log();
    room.live(id);
    room.wait_hands(id, 3);
    // Paused first, so that no hand ends between the preview and the cancel.
    ASSERT_EQ(room.post(base + "/pause", R"({"reason":"before cancelling"})").status, 200);
    room.settled_hands(id, 0);

    auto preview = room.get(base + "/cancellation");
    ASSERT_EQ(preview.status, 200) << json::serialize(preview.body);
    EXPECT_TRUE(preview.body.at("preview").as_bool());
    std::map<std::int64_t, std::int64_t> before;  // account -> balance
    for (const auto& r : preview.body.at("refunds").as_array()) {
        const std::int64_t account = integer(r.at("account"));
        before[account] =
            room.db.count("SELECT balance FROM wallets WHERE account_id = " + std::to_string(account));
        EXPECT_EQ(integer(r.at("amount_cents")),
                  integer(r.at("from_pool_cents")) + integer(r.at("from_house_cents")));
    }
    EXPECT_EQ(room.db.count("SELECT count(*) FROM registrations WHERE refund_cents > 0"), 0)
        << "a preview pays nothing";

    auto cancelled = room.post(base + "/cancel", R"({"reason":"the room closes"})");
    ASSERT_EQ(cancelled.status, 200) << json::serialize(cancelled.body);
    EXPECT_FALSE(cancelled.body.at("already_cancelled").as_bool());
    EXPECT_EQ(cancelled.body.at("refunds"), preview.body.at("refunds")) << "the preview, to the cent";
    EXPECT_EQ(cancelled.body.at("totals"), preview.body.at("totals"));
    for (const auto& r : cancelled.body.at("refunds").as_array()) {
        const std::int64_t account = integer(r.at("account"));
        EXPECT_EQ(room.db.count("SELECT balance FROM wallets WHERE account_id = " + std::to_string(account)),
                  before[account] + integer(r.at("amount_cents")))
            << "account " << account;
    }
    const std::int64_t refunded = room.db.count("SELECT coalesce(sum(refund_cents), 0) FROM registrations");
    EXPECT_EQ(refunded, integer(cancelled.body.at("totals").at("amount_cents")));

    auto again = room.post(base + "/cancel", R"({"reason":"twice"})");
    ASSERT_EQ(again.status, 200);
    EXPECT_TRUE(again.body.at("already_cancelled").as_bool());
    EXPECT_EQ(again.body.at("totals"), cancelled.body.at("totals"));
    EXPECT_EQ(room.db.count("SELECT coalesce(sum(refund_cents), 0) FROM registrations"), refunded)
        << "a second cancel pays nothing";
    EXPECT_EQ(room.post(base + "/pause", R"({"reason":"r"})").status, 409);

    played.get();  // the bots hear of the cancellation and leave
    EXPECT_EQ(room.server->stop(), 0) << room.server->log();
    EXPECT_EQ(room.db.count("SELECT count(*) FROM tournaments WHERE state = 'cancelled'"), 1);
    EXPECT_EQ(room.db.count("SELECT count(*) FROM audit_log WHERE action = 'cancel_tournament'"), 1);
    EXPECT_EQ(player_wallets_off(room.db), 0) << "wallet = grant - buy-ins + refunds, to the cent";
    EXPECT_EQ(ledger_sum(room.db), 0);
}

// An operator's tournament is not in the configuration file: its declaration is stored with its row,
// so a restart adopts it with its registrations like a declared one.
TEST(OperatorTournaments, ARegisteringTournamentCreatedOverTheApiSurvivesARestart) {
    Room room;
    auto created = room.post("/api/v1/tournaments", R"({"name": "Tomorrow", "game": "holdem", "kind": "mtt",
        "buy_in": "5.00", "fee": "0.50", "min_players": 2, "start": "+20h", "rebuy": true, "addon": true})");
    ASSERT_EQ(created.status, 201) << json::serialize(created.body);
    const std::int64_t id = integer(created.body.at("id"));
    EXPECT_EQ(room.server->stop(), 0) << room.server->log();

    ServerProcess again({"--config", room.config, "--log-level", "info"},
                        {"TAVOLO_DATABASE_URL=" + room.db.url()});
    ASSERT_TRUE(again.running()) << again.log();
    auto login =
        call(again.port(), "POST", "/api/v1/login", "", R"({"name":"ada","password":"long enough"})");
    ASSERT_EQ(login.status, 200);
    const std::string token(login.body.at("token").as_string());
    auto listed = call(again.port(), "GET", "/api/v1/tournaments?state=registering", token);
    ASSERT_EQ(listed.status, 200);
    ASSERT_EQ(listed.body.at("tournaments").as_array().size(), 1u) << json::serialize(listed.body);
    EXPECT_EQ(integer(listed.body.at("tournaments").at(0).at("id")), id) << "the same row, adopted";
    EXPECT_EQ(room.db.count("SELECT count(*) FROM tournaments"), 1) << "no copy opened";
    // Cancelled while registering: nothing to refund, and a second cancel says it was.
    auto cancelled = call(again.port(), "POST", "/api/v1/tournaments/" + std::to_string(id) + "/cancel",
                          token, R"({"reason":"not tomorrow"})");
    ASSERT_EQ(cancelled.status, 200) << json::serialize(cancelled.body);
    EXPECT_FALSE(cancelled.body.at("already_cancelled").as_bool());
    auto twice = call(again.port(), "POST", "/api/v1/tournaments/" + std::to_string(id) + "/cancel", token,
                      R"({"reason":"again"})");
    ASSERT_EQ(twice.status, 200) << json::serialize(twice.body);
    EXPECT_TRUE(twice.body.at("already_cancelled").as_bool());
    EXPECT_EQ(again.stop(), 0) << again.log();
    EXPECT_EQ(room.db.count("SELECT count(*) FROM tournaments WHERE state = 'cancelled'"), 1);
}

// A pause is kept with the tournament: killed (SIGKILL) while paused, the server resumes it paused (no
// hand starts, players are told), until an operator resumes it; then it is played to its end.
TEST(OperatorTournaments, APauseOutlivesACrashUntilAnOperatorResumes) {
    Room room;
    auto created = room.post("/api/v1/tournaments", mtt("Paused MTT"));
    ASSERT_EQ(created.status, 201) << json::serialize(created.body);
    const std::int64_t id = integer(created.body.at("id"));
    const std::string t = std::to_string(id);
    const std::string base = "/api/v1/tournaments/" + t;
    auto played = std::async(std::launch::async, [&] { return run_tool(room.bots(8, id)); });
    ASSERT_TRUE(room.server->wait_for_log("event=tournament_started ")) << room.server->log();
    room.wait_hands(id, 2);
    ASSERT_EQ(room.post(base + "/pause", R"({"reason":"a long check"})").status, 200);
    const std::int64_t at_pause = room.settled_hands(id, 0);
    for (int i = 0;
         i < 1'000'000 && room.db.query("SELECT paused_reason FROM tournaments WHERE id = " + t).empty();
         ++i) {
    }
    ASSERT_EQ(room.db.query("SELECT paused_reason FROM tournaments WHERE id = " + t), "a long check");

    const std::string port = std::to_string(room.port());
    room.server->crash();
    room.server = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--config", room.config, "--port", port, "--log-level", "info"},
        std::vector<std::string>{"TAVOLO_DATABASE_URL=" + room.db.url()});
    ASSERT_TRUE(room.server->running()) << room.server->log();
    ASSERT_TRUE(room.server->wait_for_log("event=tournament_resumed tournament=" + t)) << room.server->log();
    EXPECT_TRUE(room.live(id).at("paused").as_bool()) << "resumed paused";
    EXPECT_EQ(room.settled_hands(id, 0), at_pause) << "no hand was dealt after the restart";
    for (int i = 0; i < 200; ++i)
        EXPECT_EQ(room.hands(id), at_pause) << "a hand started while paused";
    EXPECT_EQ(room.post(base + "/pause", R"({"reason":"again"})").status, 409) << "still paused";

    ASSERT_EQ(room.post(base + "/resume", R"({"reason":"checked"})").status, 200);
    room.wait_hands(id, at_pause + 1);
    const auto run = played.get();
    EXPECT_EQ(run.code, 0) << run.out;
    ASSERT_TRUE(room.server->wait_for_log("event=tournament_finished tournament=" + t)) << room.server->log();
    EXPECT_EQ(room.db.query("SELECT coalesce(paused_reason, 'none') FROM tournaments WHERE id = " + t),
              "none");
    EXPECT_EQ(room.server->stop(), 0) << room.server->log();
    EXPECT_EQ(prize_pools_not_paid_out(room.db), 0);
    EXPECT_EQ(player_wallets_off(room.db), 0);
    EXPECT_EQ(ledger_sum(room.db), 0);
}

// Poker Polacco too: paused (its table deals no new hand), resumed (it deals again), paused again, its
// RULES.md §7 refunds previewed with lives as chips, then cancelled as the preview said.
TEST(OperatorTournaments, APolaccoTournamentIsPausedPreviewedAndCancelledAsThePreviewSaid) {
    Room room;
    auto created =
        room.post("/api/v1/tournaments", R"({"name": "API Polacco", "game": "polacco", "kind": "mtt",
        "min_players": 6, "max_players": 6, "buy_in": "10.00", "fee": "1.00", "start": "+40s"})");
    ASSERT_EQ(created.status, 201) << json::serialize(created.body);
    const std::int64_t id = integer(created.body.at("id"));
    const std::string t = std::to_string(id);
    const std::string base = "/api/v1/tournaments/" + t;
    auto played = std::async(std::launch::async, [&] { return run_tool(room.bots(6, id)); });
    room.wait_hands(id, 2);

    ASSERT_EQ(room.post(base + "/pause", R"({"reason":"a dispute"})").status, 200);
    EXPECT_EQ(room.post(base + "/pause", R"({"reason":"again"})").status, 409);
    ASSERT_TRUE(room.server->wait_for_log("event=table_held tournament=" + t)) << room.server->log();
    std::int64_t at_pause = room.hands(id);
    for (int same = 0; same < 50;) {  // the hand in play when the pause came commits
        const std::int64_t now = room.hands(id);
        same = now == at_pause ? same + 1 : 0;
        at_pause = now;
    }
    for (int i = 0; i < 200; ++i)
        EXPECT_EQ(room.hands(id), at_pause) << "a hand started while paused";
    // Inspected while paused: its tables with the players' penalties, as its actor holds them.
    auto seen = room.get(base);
    ASSERT_EQ(seen.status, 200) << json::serialize(seen.body);
    const auto& polacco = seen.body.at("live").as_object();
    EXPECT_TRUE(polacco.at("paused").as_bool()) << json::serialize(seen.body);
    std::int64_t seated = 0;
    for (const auto& table : polacco.at("tables").as_array())
        seated += static_cast<std::int64_t>(table.at("players").as_array().size());
    EXPECT_EQ(seated, integer(polacco.at("remaining"))) << json::serialize(seen.body);
    EXPECT_EQ(integer(polacco.at("entrants")), 6);
    EXPECT_EQ(integer(polacco.at("prize_pool_cents")), 6 * 1000);
    // Its table as an observer sees it, with every card of its last finished hand (none of a hand in play).
    const std::int64_t number = integer(polacco.at("tables").at(0).at("table"));
    auto table = room.get("/api/v1/tables/" + t + "/" + std::to_string(number));
    ASSERT_EQ(table.status, 200) << json::serialize(table.body);
    ASSERT_TRUE(table.body.at("last_hand").is_object()) << json::serialize(table.body);
    const auto& last = table.body.at("last_hand").as_object();
    EXPECT_LE(integer(last.at("hand")), at_pause) << "a finished hand";
    EXPECT_FALSE(last.at("seats").as_array().empty());
    for (const auto& seat : last.at("seats").as_array())
        EXPECT_GE(seat.at("cards").as_string().size(), 2U) << json::serialize(last);
    // Resumed, the table deals again; paused again before the preview, so no hand ends before the cancel.
    ASSERT_EQ(room.post(base + "/resume", R"({"reason":"settled"})").status, 200);
    room.wait_hands(id, at_pause + 1);
    ASSERT_EQ(room.post(base + "/pause", R"({"reason":"closing"})").status, 200);
    ASSERT_TRUE(room.server->wait_for_log("event=table_held tournament=" + t, 2)) << room.server->log();
    for (int same = 0; same < 50;) {
        const std::int64_t now = room.hands(id);
        same = now == at_pause ? same + 1 : 0;
        at_pause = now;
    }

    auto preview = room.get(base + "/cancellation");
    ASSERT_EQ(preview.status, 200) << json::serialize(preview.body);
    EXPECT_TRUE(preview.body.at("preview").as_bool());
    EXPECT_EQ(preview.body.at("refunds").as_array().size(), 6U) << json::serialize(preview.body);
    EXPECT_EQ(room.db.count("SELECT count(*) FROM registrations WHERE refund_cents > 0"), 0)
        << "a preview pays nothing";

    auto cancelled = room.post(base + "/cancel", R"({"reason":"the room closes"})");
    ASSERT_EQ(cancelled.status, 200) << json::serialize(cancelled.body);
    EXPECT_EQ(cancelled.body.at("refunds"), preview.body.at("refunds")) << "the preview, to the cent";
    EXPECT_EQ(cancelled.body.at("totals"), preview.body.at("totals"));
    EXPECT_EQ(room.db.count("SELECT coalesce(sum(refund_cents), 0) FROM registrations"),
              integer(cancelled.body.at("totals").at("amount_cents")));
    played.get();
    EXPECT_EQ(room.server->stop(), 0) << room.server->log();
    EXPECT_EQ(player_wallets_off(room.db), 0) << "wallet = grant - buy-ins + refunds, to the cent";
    EXPECT_EQ(ledger_sum(room.db), 0);
}
