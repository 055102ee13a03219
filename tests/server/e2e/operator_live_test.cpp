// Issue 12 items 2 ("tables") and 3 with the real binary, a real PostgreSQL and real HTTP and
// WebSocket clients: bots play a Sit&Go while an admin lists the live tables, inspects one (what an
// observer sees, and the hole cards of the last FINISHED hand only) and watches /api/v1/live, which
// brings lobby, tournament and table events and each hand's cards only after that hand ended. A
// player's token and no token are refused at the upgrade.
#include <gtest/gtest.h>
#include <sys/socket.h>

#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json.hpp>
#include <cctype>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "persistence/account_store.hpp"
#include "tests/support/e2e_money.hpp"
#include "tests/support/operator_client.hpp"
#include "tests/support/raw_http.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;
namespace json = boost::json;
namespace beast = boost::beast;
namespace asio = boost::asio;

namespace {

RawResponse call(int port, const std::string& method, const std::string& target,
                 const std::string& authorization = "", const std::string& body = "",
                 const std::string& extra_headers = "") {
    return api_call(port, method, target, authorization, body, extra_headers);
}

const std::string kUpgrade =
    "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: "
    "dGhlIHNhbXBsZSBub25jZQ==\r\n";

std::string token_of(int port, const std::string& name, const std::string& password) {
    auto r = call(port, "POST", "/api/v1/login", "",
                  "{\"name\":\"" + name + "\",\"password\":\"" + password + "\"}");
    EXPECT_EQ(r.status, 200) << r.body;
    return std::string(json::parse(r.body).at("token").as_string());
}

// A token in a URL, percent-encoded as a browser's encodeURIComponent does ('+' and '/' included).
std::string url_encoded(const std::string& text) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

// The live feed on a real WebSocket, read on its own thread until the test ends it.
class LiveReader {
  public:
    LiveReader(int port, const std::string& target) : ws_(io_) {
        asio::ip::tcp::resolver resolver(io_);
        asio::connect(ws_.next_layer(), resolver.resolve("127.0.0.1", std::to_string(port)));
        ws_.handshake("127.0.0.1", target);
        thread_ = std::thread([this] {
            for (;;) {
                beast::flat_buffer buffer;
                beast::error_code ec;
                ws_.read(buffer, ec);
                if (ec) return;
                std::lock_guard lock(mutex_);
                frames_.push_back(json::parse(beast::buffers_to_string(buffer.cdata())).as_object());
                arrived_.notify_all();
            }
        });
    }
    ~LiveReader() { stop(); }
    void stop() {
        if (!thread_.joinable()) return;
        ::shutdown(ws_.next_layer().native_handle(), SHUT_RDWR);  // ends the blocking read
        thread_.join();
    }
    std::vector<json::object> frames() {
        std::lock_guard lock(mutex_);
        return frames_;
    }
    // Waits until a frame satisfies `seen` (bounded by a hang guard that only ends a stuck test).
    template <class Pred>
    bool wait_for(Pred seen) {
        std::unique_lock lock(mutex_);
        return arrived_.wait_for(lock, std::chrono::seconds(30), [&] {
            for (const auto& f : frames_)
                if (seen(f)) return true;
            return false;
        });
    }

  private:
    asio::io_context io_;
    beast::websocket::stream<asio::ip::tcp::socket> ws_;
    std::thread thread_;
    std::mutex mutex_;
    std::condition_variable arrived_;
    std::vector<json::object> frames_;
};

}  // namespace

TEST(OperatorLive, TablesAndTheLiveFeedShowHoleCardsOnlyAfterTheHandEnded) {
    MigratedDatabase db;
    const auto config = write_temp_file(
        "operator_live.toml",
        "[clock]\nspeed = 20\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n"
        "[[tournament]]\nname = \"Live Sit&Go\"\ngame = \"holdem\"\nbetting = \"nl\"\nlevel_minutes = 2\n"
        "seats = 3\nmax_players = 3\nbuy_in = \"10.00\"\nfee = \"1.00\"\n");
    ASSERT_EQ(server_command(db.url(), config, "admin add ada", "long enough\\n").code, 0);
    {
        tavolo::persistence::Database store(db.url());
        ASSERT_TRUE(tavolo::persistence::AccountStore(store, tavolo::persistence::PasswordCost::minimum())
                        .create("pia", "pia password"));
    }
    ServerProcess server({"--config", config}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();
    const int port = server.port();
    const std::string admin = token_of(port, "ada", "long enough");
    const std::string player = token_of(port, "pia", "pia password");

    // Refused at the upgrade: no 101.
    EXPECT_EQ(call(port, "GET", "/api/v1/live", "", "", kUpgrade).status, 401);
    EXPECT_EQ(call(port, "GET", "/api/v1/live", "Bearer " + player, "", kUpgrade).status, 403);
    EXPECT_EQ(call(port, "GET", "/api/v1/live?token=" + url_encoded(player), "", "", kUpgrade).status, 403);
    EXPECT_EQ(call(port, "GET", "/api/v1/tables", "Bearer " + player).status, 403);
    EXPECT_EQ(call(port, "GET", "/api/v1/tables").status, 401);

    LiveReader live(port, "/api/v1/live?token=" + url_encoded(admin));  // the browser's form

    std::atomic<bool> done{false};
    ToolRun bots;
    std::thread play([&] {
        bots = run_tool("bots --url ws://127.0.0.1:" + std::to_string(port) +
                        "/ws --count 3 --strategy random --tournament any");
        done = true;
    });

    // While they play: list the tables and inspect one until it shows a finished hand.
    std::optional<json::object> inspected;
    std::int64_t listed_tables = 0;
    while (!done && !inspected) {
        auto list = call(port, "GET", "/api/v1/tables", "Bearer " + admin);
        ASSERT_EQ(list.status, 200) << list.body;
        const json::value listed = json::parse(list.body);
        for (const auto& t : listed.at("tables").as_array()) {
            ++listed_tables;
            const auto& o = t.as_object();
            EXPECT_EQ(o.at("game").as_string(), "GAME_HOLDEM");
            EXPECT_EQ(o.at("betting").as_string(), "BETTING_NO_LIMIT");
            auto one = call(port, "GET",
                            "/api/v1/tables/" + std::to_string(o.at("tournament").as_int64()) + "/" +
                                std::to_string(o.at("table").as_int64()),
                            "Bearer " + admin);
            if (one.status != 200) continue;  // closed meanwhile
            auto detail = json::parse(one.body).as_object();
            EXPECT_EQ(detail.at("observer").at("yourSeat").as_int64(), -1) << "an observer's view";
            if (!detail.at("last_hand").is_null()) {
                inspected = detail;
                break;
            }
        }
    }
    play.join();
    ASSERT_EQ(bots.code, 0) << bots.out;
    EXPECT_GT(listed_tables, 0) << "the table was listed while the bots played";
    ASSERT_TRUE(inspected) << "a table was inspected after a finished hand";
    const auto& last = inspected->at("last_hand").as_object();
    EXPECT_LT(last.at("hand").as_int64(),
              inspected->at("hand").as_int64() + (inspected->at("in_hand").as_bool() ? 0 : 1))
        << "the cards are of a finished hand, never of the hand in play";
    EXPECT_FALSE(last.at("seats").as_array().empty());
    EXPECT_EQ(last.at("seats").as_array().at(0).at("cards").as_string().size(), 4u);  // two hold'em cards
    EXPECT_EQ(call(port, "GET", "/api/v1/tables/999/0", "Bearer " + admin).status, 404);

    // Let the feed's last frames arrive: the tournament's finish is among them.
    EXPECT_TRUE(live.wait_for([](const json::object& f) {
        return f.at("type").as_string() == "tournament" &&
               f.at("event").at("tournamentEvent").as_object().contains("finished");
    })) << "the feed brings the tournament's finish";
    live.stop();
    const auto frames = live.frames();
    ASSERT_FALSE(frames.empty());
    EXPECT_EQ(frames.front().at("type").as_string(), "hello");
    int lobby = 0, tournament = 0, table = 0, cards = 0;
    for (std::size_t i = 0; i < frames.size(); ++i) {
        const auto& f = frames[i];
        const auto type = f.at("type").as_string();
        if (type == "lobby") ++lobby;
        if (type == "tournament") ++tournament;
        if (type == "table") ++table;
        if (type != "hand_cards") continue;
        ++cards;
        // Each hand's cards come after that hand's HandEnded, as observers saw it.
        const auto t = f.at("tournament").as_int64();
        const auto n = f.at("table").as_int64();
        const auto hand = std::to_string(f.at("hand").as_int64());
        bool ended_before = false;
        for (std::size_t j = 0; j < i && !ended_before; ++j) {
            const auto& g = frames[j];
            if (g.at("type").as_string() != "table" || g.at("tournament").as_int64() != t ||
                g.at("table").as_int64() != n)
                continue;
            const auto* e = g.at("event").as_object().if_contains("tableEvent");
            if (e && e->as_object().contains("handEnded") && e->at("hand").as_string() == hand)
                ended_before = true;
        }
        EXPECT_TRUE(ended_before) << "hand_cards of hand " << hand << " before it ended";
    }
    EXPECT_GT(lobby, 0);
    EXPECT_GT(tournament, 0);
    EXPECT_GT(table, 0);
    EXPECT_GT(cards, 0);
    EXPECT_EQ(server.stop(), 0) << server.log();
}
