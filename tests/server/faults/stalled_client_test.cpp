// Issue 14, faults: a client that stops reading its socket. A six-seat Sit&Go: five `tavolo bots` and
// one scripted player whose connection goes through a TCP proxy (tests/support/tcp_proxy.hpp) that
// stops reading what the server sends it, as a client that never reads would (with a small socket
// buffer, so the server's bounded send queue fills within some hands). The table is not slowed: the
// hands go on while the socket is stalled and none of the other players' decisions is taken for them
// (measured by the game's own events, the `automatic` flag of the stored hands' Acted events, never
// by a clock); the server cuts the stalled connection (event=send_queue_overflow); the player comes
// back on a new connection with his resume token and finds his seat. The Sit&Go finishes, nothing lost.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <future>
#include <string>
#include <thread>

#include "tavolo.pb.h"
#include "tests/server/faults/fault_checks.hpp"
#include "tests/support/e2e_player.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/tcp_proxy.hpp"

using namespace tavolo::testing;
using namespace std::chrono_literals;

namespace {

constexpr std::int64_t kGrantCents = 100'000;
constexpr std::int64_t kStack = 3000;
const std::string kPassword = "correct horse battery";

std::string stall_config() {
    return "[clock]\nspeed = 20\n\n[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n"
           "[[tournament]]\nname = \"Stall SNG\"\ngame = \"holdem\"\nkind = \"sng\"\nseats = 6\n"
           "max_players = 6\nstarting_stack = " +
           std::to_string(kStack) + "\nlevel_minutes = 2\nbuy_in = \"10.00\"\nfee = \"1.00\"\n";
}

struct Automatic {
    int hands = 0;          // hands stored
    int decisions = 0;      // Acted events
    int taken_stalled = 0;  // taken for the stalled seat
    int taken_others = 0;   // taken for anyone else: the table waited on someone
};

// Reads the Acted events of every stored hand (length-delimited TableEvents, hand_archive.cpp).
Automatic automatic_actions(const TestDatabase& db, int stalled_seat, std::int64_t from_hand = 0) {
    const std::string hex =
        db.query("SELECT string_agg(encode(events, 'hex'), ',' ORDER BY id) FROM hands WHERE hand_number > " +
                 std::to_string(from_hand));
    Automatic a;
    std::size_t at = 0;
    while (at < hex.size()) {
        std::size_t end = hex.find(',', at);
        if (end == std::string::npos) end = hex.size();
        std::string bytes;
        for (std::size_t i = at; i + 1 < end; i += 2)
            bytes.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
        ++a.hands;
        std::size_t p = 0;
        while (p < bytes.size()) {
            std::uint64_t n = 0;
            for (int shift = 0; p < bytes.size(); shift += 7) {
                const auto b = static_cast<unsigned char>(bytes[p++]);
                n |= std::uint64_t{b & 0x7fU} << shift;
                if (!(b & 0x80U)) break;
            }
            tavolo::v1::TableEvent event;
            if (!event.ParseFromArray(bytes.data() + p, static_cast<int>(n))) break;
            p += n;
            if (!event.has_acted()) continue;
            ++a.decisions;
            if (event.acted().automatic())
                ++(event.acted().seat() == stalled_seat ? a.taken_stalled : a.taken_others);
        }
        at = end + 1;
    }
    return a;
}

}  // namespace

TEST(StalledClient, AClientThatNeverReadsIsCutWithoutSlowingItsTableAndResumesItsSeat) {
    TestDatabase db;
    const auto config = write_temp_file("stall.toml", stall_config());
    ServerProcess server({"--config", config, "--log-level", "info"}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();
    TcpProxy proxy(server.port(), /*server_rcvbuf=*/4096);

    Player stalled(proxy.port());
    ASSERT_TRUE(stalled.connect());
    const std::string name = "stall" + std::to_string(::getpid() % 100000);
    ASSERT_TRUE(stalled.create_account(name, kPassword));
    const auto tournament = stalled.tournament_named("Stall SNG");
    ASSERT_NE(tournament, 0);
    const auto registered = stalled.register_for(tournament);
    ASSERT_TRUE(registered && registered->has_registered()) << (registered ? registered->DebugString() : "");

    auto bots = std::async(std::launch::async, [&] {
        return run_tool("bots --url ws://127.0.0.1:" + std::to_string(server.port()) +
                        "/ws --count 5 --strategy calling --tournament any --verbose");
    });
    const auto snapshot = stalled.wire().receive_until(
        [](const tavolo::v1::ServerMessage& m) {
            return m.has_table_snapshot() && m.table_snapshot().your_seat() >= 0;
        },
        kHang);
    ASSERT_TRUE(snapshot) << "the player was not seated:\n" << server.log();
    const int seat = snapshot->table_snapshot().your_seat();

    // From now on the player's socket is never read again.
    ASSERT_TRUE(proxy.stall(0));
    const std::int64_t hands_before = db.count("SELECT count(*) FROM hands");
    ASSERT_TRUE(
        server.wait_for_log_until("event=send_queue_overflow", 1, std::chrono::steady_clock::now() + 180s))
        << "the stalled connection was never cut:\n"
        << server.log();
    const std::int64_t hands_stalled = db.count("SELECT count(*) FROM hands") - hands_before;
    // The server ended the connection: read again, the proxy finds what the kernel held, then its end.
    ASSERT_TRUE(proxy.release(0)) << "the proxy saw the connection end while stalled";
    for (int i = 0; i < 200 && !proxy.server_closed(0); ++i)
        std::this_thread::sleep_for(50ms);
    EXPECT_TRUE(proxy.server_closed(0)) << "the server did not close the stalled connection";
    std::printf("StalledClient: seat %d cut after %lld hands stalled\n", seat,
                static_cast<long long>(hands_stalled));
    // The table dealt on while the socket was stalled.
    EXPECT_GE(hands_stalled, 2) << server.log();

    // He comes back: the same seat, a full snapshot of it.
    Player back(server.port());
    ASSERT_TRUE(back.connect());
    const auto resumed = back.resume(stalled.token());
    ASSERT_TRUE(resumed && resumed->has_logged_in()) << (resumed ? resumed->DebugString() : "no answer");
    EXPECT_EQ(resumed->logged_in().seated_at_size(), 1) << resumed->DebugString();
    const auto again =
        back.wire().receive_until(client::body_is(tavolo::v1::ServerMessage::kTableSnapshot), kHang);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->table_snapshot().your_seat(), seat);
    EXPECT_TRUE(back.wire().problems().empty()) << back.wire().problems().front().text;
    back.wire().close();

    const auto run = bots.get();
    const std::string line = run.last_line();
    std::printf("StalledClient: %s\n", line.c_str());
    EXPECT_EQ(run.code, 0) << run.out;
    EXPECT_NE(line.find(" errors=0"), std::string::npos) << run.out;
    EXPECT_NE(line.find(" finished=1 "), std::string::npos) << line;
    EXPECT_EQ(server.stop(), 0) << server.log();

    // Not slowed: every decision of the five others was theirs, never taken for them by the clock.
    const Automatic a = automatic_actions(db, seat);
    std::printf("StalledClient: hands=%d decisions=%d automatic: stalled seat %d, others %d\n", a.hands,
                a.decisions, a.taken_stalled, a.taken_others);
    EXPECT_GT(a.taken_stalled, 0) << "the stalled seat's decisions were taken for him";
    EXPECT_EQ(a.taken_others, 0) << "a decision of another player timed out: the table waited on someone";
    EXPECT_EQ(tournaments_finished(db), 1);
    expect_nothing_lost(db, kGrantCents, kStack, "stalled client");
}
