// Issue 12 (sanctions of RULES.md §6, chat moderation) with the real binary, a real PostgreSQL, an admin
// made by `tavolo-server admin add` and three scripted players at a Sit&Go table: an exclusion for 2
// orbits folds the player's hands for exactly 2 x 3 hands; a disqualified player's chips leave the
// tournament and he is out with no prize; a muted player's chat is refused with the reason while another
// chats on; a flood is rate limited; an operator removes a line and the viewers get ChatRemoved.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>

#include "tests/server/e2e/heads_up_match.hpp"
#include "tests/support/e2e_money.hpp"
#include "tests/support/e2e_player.hpp"
#include "tests/support/operator_client.hpp"
#include "tests/support/raw_http.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

namespace {

RawResponse call(int port, const std::string& method, const std::string& target, const std::string& token,
                 const std::string& body = "") {
    return api_call(port, method, target, token.empty() ? "" : "Bearer " + token, body);
}

std::string json_text(const std::string& body, const std::string& name) {
    const std::string key = "\"" + name + "\":\"";
    auto at = body.find(key);
    if (at == std::string::npos) return "";
    at += key.size();
    return body.substr(at, body.find('"', at) - at);
}
std::int64_t json_int(const std::string& body, const std::string& name) {
    const std::string key = "\"" + name + "\":";
    auto at = body.find(key);
    if (at == std::string::npos) return -1;
    return std::stoll(body.substr(at + key.size()));
}

const std::string kPokerSitAndGo =
    "game = \"holdem\"\nbetting = \"nl\"\nlevel_minutes = 600\nstarting_stack = 100000\nseats = 3\n"
    "max_players = 3\nbuy_in = \"10.00\"\nfee = \"1.00\"\n";

// A Sit&Go of three scripted players who check or call, at [clock] speed 10, deep stacks and long
// levels (nobody busts while the test counts), and an admin logged in over HTTP.
class ModeratedTable {
  public:
    // `tournament`: the [[tournament]] table's keys after its name (a poker Sit&Go by default).
    explicit ModeratedTable(const std::string& tournament = kPokerSitAndGo)
        : config_(write_temp_file("moderation.toml", config(tournament))),
          admin_(add_admin(db_.url(), config_)),
          server_({"--config", config_, "--log-level", "info"}, {"TAVOLO_DATABASE_URL=" + db_.url()}) {
        if (admin_ != 0) throw std::runtime_error("admin add failed: " + std::to_string(admin_));
        if (!server_.running()) throw std::runtime_error("the server did not start:\n" + server_.log());
        static int serial = 0;
        const std::string suffix = std::to_string(::getpid() % 10000) + "_" + std::to_string(serial++);
        for (int i = 0; i < 3; ++i) {
            players_.push_back(std::make_unique<Player>(server_.port()));
            if (!players_[i]->connect()) throw std::runtime_error("no Welcome");
            names_.push_back("p" + std::to_string(i) + "_" + suffix);
            auto in = players_[i]->create_account(names_.back(), kPassword);
            if (!in || !in->has_logged_in()) throw std::runtime_error("no account");
        }
        tournament_ = players_[0]->tournament_named("Moderated");
        for (auto& p : players_) {
            auto r = p->register_for(tournament_);
            if (!r || !r->has_registered())
                throw std::runtime_error("not registered: " + (r ? r->DebugString() : ""));
        }
        for (auto& p : players_) {
            auto snap = p->wire().receive_until(client::body_is(v1::ServerMessage::kTableSnapshot), kHang);
            if (!snap) throw std::runtime_error("no table");
            table_ = snap->table_snapshot().table();
        }
        auto login =
            call(server_.port(), "POST", "/api/v1/login", "", R"({"name":"ada","password":"long enough"})");
        token_ = json_text(login.body, "token");
        if (token_.empty()) throw std::runtime_error("no admin token: " + login.body);
    }

    Player& p(int i) { return *players_[static_cast<std::size_t>(i)]; }
    int port() const { return server_.port(); }
    const TestDatabase& db() const { return db_; }
    std::int64_t tournament() const { return tournament_; }
    const v1::TableRef& table() const { return table_; }
    RawResponse api(const std::string& method, const std::string& target, const std::string& body = "") {
        return call(server_.port(), method, target, token_, body);
    }
    ServerProcess& server() { return server_; }
    const std::string& config_file() const { return config_; }
    const std::string& p1_name() const { return names_[1]; }

    // Each player takes his turn if one comes within a few milliseconds (check or call).
    void play_round() {
        for (auto& pl : players_)
            HeadsUpMatch::play_turn(*pl, 15ms);
    }

    std::uint64_t chat(Player& who, const std::string& text) {
        v1::ClientMessage m;
        *m.mutable_chat()->mutable_table() = table_;
        m.mutable_chat()->set_text(text);
        return who.wire().send(std::move(m));
    }

  private:
    static std::string config(const std::string& tournament) {
        return "[clock]\nspeed = 10\n[server]\nshutdown_grace = 1\n[accounts]\npassword_cost = \"minimum\"\n"
               "[lobby]\ndemo = false\n[[tournament]]\nname = \"Moderated\"\n" +
               tournament;
    }
    static int add_admin(const std::string& url, const std::string& config) {
        return server_command(url, config, "admin add ada", "long enough\\n").code;
    }

    MigratedDatabase db_;
    std::string config_;
    int admin_ = 0;
    ServerProcess server_;
    std::vector<std::unique_ptr<Player>> players_;
    std::vector<std::string> names_;
    std::int64_t tournament_ = 0;
    v1::TableRef table_;
    std::string token_;
};

}  // namespace

TEST(OperatorSanctions, AMutedPlayerCannotChatAFloodIsLimitedAndARemovedLineLeavesEveryView) {
    ModeratedTable t;
    const auto is_chat = [](const std::string& text) {
        return
            [text](const v1::ServerMessage& m) { return m.has_chat_line() && m.chat_line().text() == text; };
    };
    t.chat(t.p(0), "hello table");
    auto seen = t.p(1).wire().receive_until(is_chat("hello table"), kHang);
    ASSERT_TRUE(seen);
    const std::uint64_t line = seen->chat_line().id();
    EXPECT_GT(line, 0u);

    // Mute p1 for 30 minutes: he is told, and his chat is refused with the reason.
    const auto mute = t.api("POST", "/api/v1/players/" + std::to_string(t.p(1).account()) + "/sanctions",
                            R"({"kind":"mute","reason":"insults","minutes":30})");
    ASSERT_EQ(mute.status, 200) << mute.body;
    EXPECT_EQ(json_text(mute.body, "kind"), "mute");
    EXPECT_FALSE(json_text(mute.body, "expires_at").empty()) << mute.body;
    auto notice = t.p(1).wire().receive_until(client::body_is(v1::ServerMessage::kSanctionNotice), kHang);
    ASSERT_TRUE(notice);
    EXPECT_EQ(notice->sanction_notice().kind(), "mute");
    EXPECT_EQ(notice->sanction_notice().reason(), "insults");
    auto refused = t.p(1).wire().receive_answer(t.chat(t.p(1), "you all stink"), kHang);
    ASSERT_TRUE(refused && refused->has_error());
    EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_MUTED);
    EXPECT_NE(refused->error().message().find("muted by an operator until "), std::string::npos)
        << refused->error().message();
    EXPECT_NE(refused->error().message().find(": insults"), std::string::npos) << refused->error().message();
    // ... while another player chats on.
    t.chat(t.p(0), "still here");
    EXPECT_TRUE(t.p(2).wire().receive_until(is_chat("still here"), kHang));

    // A flood: at most 5 lines in 10 seconds per player.
    std::uint64_t last = 0;
    for (int i = 0; i < 6; ++i)
        last = t.chat(t.p(2), "spam " + std::to_string(i));
    auto limited = t.p(2).wire().receive_answer(last, kHang);
    ASSERT_TRUE(limited && limited->has_error());
    EXPECT_EQ(limited->error().code(), v1::ERROR_CODE_CHAT_RATE_LIMITED) << limited->error().message();

    // The operator removes the first line: every viewer gets ChatRemoved.
    const std::string at = "/api/v1/tables/" + std::to_string(t.tournament()) + "/" +
                           std::to_string(t.table().table()) + "/chat/";
    const auto removed = t.api("DELETE", at + std::to_string(line) + "?reason=spam");
    ASSERT_EQ(removed.status, 200) << removed.body;
    for (int i = 0; i < 3; ++i) {
        auto gone = t.p(i).wire().receive_until(client::body_is(v1::ServerMessage::kChatRemoved), kHang);
        ASSERT_TRUE(gone) << "player " << i;
        EXPECT_EQ(gone->chat_removed().id(), line);
        EXPECT_EQ(gone->chat_removed().reason(), "spam");
    }
    EXPECT_EQ(t.api("DELETE", at + std::to_string(line) + "?reason=again").status, 404) << "removed already";
    EXPECT_EQ(t.api("DELETE", at + "999999?reason=x").status, 404);
    EXPECT_EQ(t.api("DELETE", "/api/v1/tables/999999/0/chat/1?reason=x").status, 404);
    EXPECT_EQ(t.api("DELETE", at + std::to_string(line)).status, 400) << "no reason";
    EXPECT_EQ(t.api("POST", "/api/v1/players/999999/sanctions", R"({"kind":"mute","reason":"x"})").status,
              404);

    // Audited, and the mute stored for a restart.
    EXPECT_EQ(t.db().count("SELECT count(*) FROM audit_log WHERE action = 'remove_chat'"), 1);
    EXPECT_EQ(t.db().count("SELECT count(*) FROM audit_log WHERE action = 'sanction_mute'"), 1);
    EXPECT_EQ(t.db().count("SELECT count(*) FROM sanctions WHERE kind = 'mute' AND expires_at > now()"), 1);
}

TEST(OperatorSanctions, AnExclusionFoldsExactlyItsHandsAndADisqualifiedPlayersChipsLeaveTheTournament) {
    ModeratedTable t;
    const std::string sanctions = "/api/v1/players/" + std::to_string(t.p(1).account()) + "/sanctions";
    // Refused calls change nothing: a tournament he is not in, a malformed body.
    EXPECT_EQ(t.api("POST", sanctions, R"({"kind":"exclusion","reason":"x","tournament":999999,"orbits":2})")
                  .status,
              404);
    EXPECT_EQ(t.api("POST", sanctions, R"({"kind":"exclusion","reason":"x","orbits":2})").status, 400);
    EXPECT_EQ(t.db().count("SELECT count(*) FROM sanctions"), 0);

    const auto exclusion = t.api("POST", sanctions,
                                 R"({"kind":"exclusion","reason":"slow rolling","tournament":)" +
                                     std::to_string(t.tournament()) + R"(,"orbits":2})");
    ASSERT_EQ(exclusion.status, 200) << exclusion.body;
    EXPECT_EQ(json_int(exclusion.body, "hands"), 6) << "2 orbits x 3 players";
    auto notice = t.p(1).wire().receive_until(client::body_is(v1::ServerMessage::kSanctionNotice), kHang);
    ASSERT_TRUE(notice);
    EXPECT_EQ(notice->sanction_notice().hands(), 6);

    // Play on; from p0's stream: the hands where p1 (his seat) only acted automatically.
    std::int32_t seat = -1;
    for (const auto& pl : t.p(0).wire().tables().tables())
        for (const auto& s : pl.second.state().poker().seats())
            if (s.entrant() != 0 && s.name().rfind("p1_", 0) == 0) seat = s.seat();
    ASSERT_GE(seat, 0);
    // The exclusion starts with the hand after the one in play when it was asked (hand 1 or 2 here, as
    // the table was dealing its first): count every hand from the first.
    const std::int64_t first_hand = 0;
    std::map<std::int64_t, std::pair<int, int>> acts;  // hand -> (automatic, by himself)
    std::size_t read = 0;
    std::int64_t ended = 0;
    for (int round = 0; round < 20000 && ended < 12; ++round) {
        t.play_round();
        const auto& got = t.p(0).wire().received();
        for (; read < got.size(); ++read) {
            const auto& m = got[read];
            if (!m.has_table_event()) continue;
            const auto& e = m.table_event();
            if (e.has_acted() && e.acted().seat() == seat && e.hand() > first_hand)
                (e.acted().automatic() ? acts[e.hand()].first : acts[e.hand()].second)++;
            if (e.has_hand_ended()) ended = std::max(ended, e.hand());
        }
    }
    ASSERT_GE(ended, 12) << t.server().log();
    std::vector<std::int64_t> folded_for_him;  // hands where he never acted himself
    for (std::int64_t h = 1; h <= 12; ++h)
        if (acts[h].first > 0 && acts[h].second == 0) folded_for_him.push_back(h);
    ASSERT_EQ(folded_for_him.size(), 6u) << "2 orbits x 3 players";
    EXPECT_EQ(folded_for_him.back() - folded_for_him.front(), 5) << "six hands in a row";
    EXPECT_LE(folded_for_him.front(), 2) << "from the hand after the one in play";
    for (std::int64_t h = folded_for_him.back() + 1; h <= 12; ++h)
        EXPECT_GT(acts[h].second, 0) << "hand " << h << ": the exclusion is over, he plays himself";

    // Disqualify p2: his chips leave the tournament, he is out, no prize.
    const auto dq = t.api("POST", "/api/v1/players/" + std::to_string(t.p(2).account()) + "/sanctions",
                          R"({"kind":"disqualification","reason":"collusion","tournament":)" +
                              std::to_string(t.tournament()) + "}");
    ASSERT_EQ(dq.status, 200) << dq.body;
    const std::int64_t removed = json_int(dq.body, "chips_removed");
    EXPECT_GT(removed, 0) << dq.body;
    const std::string sum_sql =
        "SELECT coalesce(sum((s->>'stack')::bigint), 0) FROM tournament_tables tt, "
        "jsonb_array_elements(tt.seats) s "
        "WHERE tt.tournament_id = " +
        std::to_string(t.tournament());
    const std::string seated_sql =
        "SELECT count(*) FROM tournament_tables tt, jsonb_array_elements(tt.seats) s WHERE tt.tournament_id "
        "= " +
        std::to_string(t.tournament());
    const std::string dq_place =
        "SELECT count(*) FROM registrations WHERE account_id = " + std::to_string(t.p(2).account()) +
        " AND finishing_place IS NOT NULL AND prize_cents = 0";
    for (int round = 0; round < 20000 && (t.db().count(seated_sql) != 2 || t.db().count(dq_place) != 1);
         ++round)
        t.play_round();
    EXPECT_EQ(t.db().count(seated_sql), 2);
    EXPECT_EQ(t.db().count(sum_sql), 3 * 100000 - removed) << "the chips left with him";
    EXPECT_EQ(t.db().count(dq_place), 1) << "he is out, with no prize";
    EXPECT_EQ(t.db().count("SELECT count(*) FROM sanctions WHERE kind = 'exclusion' AND hands = 6"), 1);
    EXPECT_EQ(t.db().count("SELECT count(*) FROM audit_log WHERE action LIKE 'sanction_%'"), 2);
}

TEST(OperatorSanctions, AClosedAccountIsDisconnectedAndRefusedAndAMuteOutlivesARestart) {
    ModeratedTable t;
    const auto mute = t.api("POST", "/api/v1/players/" + std::to_string(t.p(0).account()) + "/sanctions",
                            R"({"kind":"mute","reason":"flooding"})");
    ASSERT_EQ(mute.status, 200) << mute.body;
    EXPECT_NE(mute.body.find("\"expires_at\":null"), std::string::npos)
        << "until further notice: " << mute.body;

    const std::string close = "/api/v1/players/" + std::to_string(t.p(1).account()) + "/sanctions";
    const auto closed = t.api("POST", close, R"({"kind":"close_account","reason":"stolen card"})");
    ASSERT_EQ(closed.status, 200) << closed.body;
    auto closing = t.p(1).wire().receive_until(client::body_is(v1::ServerMessage::kClosing), kHang);
    ASSERT_TRUE(closing);
    EXPECT_EQ(closing->closing().code(), v1::ERROR_CODE_ACCOUNT_CLOSED);
    EXPECT_NE(closing->closing().reason().find("closed by an operator: stolen card"), std::string::npos)
        << closing->closing().reason();
    EXPECT_EQ(t.api("POST", close, R"({"kind":"close_account","reason":"again"})").status, 409)
        << "closed already";
    EXPECT_EQ(t.db().count("SELECT count(*) FROM accounts WHERE closed_at IS NOT NULL"), 1);
    {
        Player again(t.port());
        ASSERT_TRUE(again.connect());
        auto refused = again.log_in(t.p1_name(), kPassword);
        EXPECT_TRUE(refused && refused->has_error());
        auto by_token = again.resume(t.p(1).token());
        EXPECT_TRUE(by_token && by_token->has_error()) << "a closed account cannot resume either";
    }

    // A restart lifts no mute: p0, back at his table, is still refused.
    const std::int64_t p0_account = t.p(0).account();
    const std::string p0_token = t.p(0).token();
    ASSERT_EQ(t.server().stop(), 0) << t.server().log();
    ServerProcess again({"--config", t.config_file(), "--log-level", "info"},
                        {"TAVOLO_DATABASE_URL=" + t.db().url()});
    ASSERT_TRUE(again.running()) << again.log();
    Player p0(again.port());
    ASSERT_TRUE(p0.connect());
    auto in = p0.resume(p0_token);
    ASSERT_TRUE(in && in->has_logged_in()) << (in ? in->DebugString() : "");
    EXPECT_EQ(p0.account(), p0_account);
    auto snap = p0.wire().receive_until(client::body_is(v1::ServerMessage::kTableSnapshot), kHang);
    ASSERT_TRUE(snap) << again.log();
    v1::ClientMessage m;
    *m.mutable_chat()->mutable_table() = snap->table_snapshot().table();
    m.mutable_chat()->set_text("am I back?");
    auto refused = p0.wire().receive_answer(p0.wire().send(std::move(m)), kHang);
    ASSERT_TRUE(refused && refused->has_error());
    EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_MUTED);
    EXPECT_NE(refused->error().message().find("until further notice: flooding"), std::string::npos)
        << refused->error().message();
    EXPECT_EQ(again.stop(), 0) << again.log();
}

// A Poker Polacco table's chat: lines are numbered and an operator removes one from every view; a
// RULES.md §6 sanction is the poker tables' (409 here).
TEST(OperatorSanctions, APolaccoTablesChatLineIsRemovedFromEveryView) {
    ModeratedTable t(
        "game = \"polacco\"\nkind = \"mtt\"\nmin_players = 3\nmax_players = 3\nbuy_in = \"10.00\"\n"
        "fee = \"1.00\"\nstart = \"+20s\"\n");
    t.chat(t.p(0), "ho un asso");
    auto seen = t.p(2).wire().receive_until(
        [](const v1::ServerMessage& m) { return m.has_chat_line() && m.chat_line().text() == "ho un asso"; },
        kHang);
    ASSERT_TRUE(seen);
    const std::uint64_t line = seen->chat_line().id();
    EXPECT_GT(line, 0u);
    const std::string at = "/api/v1/tables/" + std::to_string(t.tournament()) + "/" +
                           std::to_string(t.table().table()) + "/chat/";
    const auto removed = t.api("DELETE", at + std::to_string(line) + "?reason=telling%20cards");
    ASSERT_EQ(removed.status, 200) << removed.body;
    for (int i = 0; i < 3; ++i) {
        auto gone = t.p(i).wire().receive_until(client::body_is(v1::ServerMessage::kChatRemoved), kHang);
        ASSERT_TRUE(gone) << "player " << i;
        EXPECT_EQ(gone->chat_removed().id(), line);
        EXPECT_EQ(gone->chat_removed().reason(), "telling cards");
    }
    EXPECT_EQ(t.api("DELETE", at + std::to_string(line) + "?reason=again").status, 404) << "removed already";
    const std::string sanction = "/api/v1/players/" + std::to_string(t.p(1).account()) + "/sanctions";
    EXPECT_EQ(t.api("POST", sanction,
                    R"({"kind":"warning","reason":"x","tournament":)" + std::to_string(t.tournament()) + "}")
                  .status,
              409);
    EXPECT_EQ(t.db().count("SELECT count(*) FROM audit_log WHERE action = 'remove_chat'"), 1);
}
