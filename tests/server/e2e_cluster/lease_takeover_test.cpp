// Issue 14, several nodes (docs/SCALING.md): PostgreSQL, NATS and two real server processes, nodes "a" and
// "b", on one PostgreSQL, leases of 2 s. Node b starts first and takes the lobby lease, so the Sit&Go
// its lobby starts is hosted on b; `tavolo bots` play it connected to b, with a as their failover URL.
//   - Takeover: b is killed (SIGKILL) mid-game; a takes the lobby and the tournament over within about a
//     lease (wall time) from its last committed hands; the bots reconnect to a, resume their seats
//     and finish.
//   - Fencing: b is stopped (SIGSTOP) past its lease; a takes over; b continued (SIGCONT) commits
//     nothing more for the tournament (the database refuses it), gives it up (event=hosting_stopped),
//     then is killed so the bots move to a and finish.
// Both: the tournament finishes once, every hand committed once, every entrant ranked, the pool paid,
// every wallet and the ledger exact to the cent. Waits on log lines, never on a clock.
#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <future>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "tests/server/e2e_cluster/cluster_nodes.hpp"
#include "tests/support/e2e_money.hpp"
#include "tests/support/nats_process.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

namespace {

constexpr std::int64_t kGrantCents = 100'000;
constexpr int kPlayers = 6;

std::string node_config(const std::string& id, const std::string& nats) {
    return "[node]\nid = \"" + id + "\"\n\n[cluster]\nnats_url = \"" + nats +
           "\"\nlease_seconds = 2\n\n[log]\nlevel = \"debug\"\n\n[clock]\nspeed = 120\n\n"
           "[accounts]\npassword_cost = \"minimum\"\n\n[lobby]\ndemo = false\n\n"
           "[[tournament]]\nname = \"Cluster SNG\"\ngame = \"holdem\"\nbetting = \"nl\"\nseats = 6\n"
           "max_players = 6\nstarting_stack = 1500\nlevel_minutes = 2\nbuy_in = \"10.00\"\nfee = \"1.00\"\n";
}

struct TwoNodes : ClusterNodes {
    void start() { ClusterNodes::start(node_config); }
    std::future<ToolRun> bots() const { return bots_on(*b, *a, kPlayers); }

    // What every test checks at the end, once the bots are done and a has stopped.
    void expect_exact_books() const {
        EXPECT_EQ(
            db.count("SELECT count(*) FROM tournaments WHERE name = 'Cluster SNG' AND state = 'finished'"),
            1);
        EXPECT_EQ(tournaments_badly_ranked(db), 0) << "every entrant ranked once, 1..n, one winner";
        EXPECT_EQ(prize_pools_not_paid_out(db), 0) << "the prize pool paid out to the cent";
        EXPECT_EQ(wallets_off_by_anything(db, kGrantCents), 0) << "wallet = grant - buy-ins + prizes";
        EXPECT_EQ(ledger_sum(db), 0);
        EXPECT_EQ(
            db.count("SELECT count(*) FROM (SELECT t.tournament_id, h.hand_number FROM hands h JOIN "
                     "tournament_tables t ON t.id = h.table_id GROUP BY 1, 2 HAVING count(*) > 1) twice"),
            0)
            << "every hand committed once";
        EXPECT_EQ(db.count("SELECT count(*) FROM leases WHERE resource = 'tournament:1' AND node = 'a'"), 1)
            << "the tournament's lease ended with a";
    }
};

void expect_bots_finished(const ToolRun& run, int players = kPlayers) {
    expect_bots_finished_cleanly(run, players);
    const std::string line = run.last_line();
    EXPECT_EQ(line.find(" reconnects=0 "), std::string::npos) << "the bots moved to node a: " << line;
}

}  // namespace

TEST(LeaseTakeover, ANodeKilledMidGameItsTournamentResumesOnTheOtherAndFinishesExactly) {
    TwoNodes nodes;
    ASSERT_NO_FATAL_FAILURE(nodes.start());
    auto bots = nodes.bots();
    ASSERT_TRUE(nodes.b->wait_for_log("event=lease_acquired node=b tournament=1 ")) << nodes.b->log();
    ASSERT_TRUE(nodes.b->wait_for_log("event=hand_committed", 8)) << nodes.b->log();
    nodes.b->crash();
    const auto killed = std::chrono::steady_clock::now();

    ASSERT_TRUE(nodes.a->wait_for_log("event=tournament_taken_over node=a tournament=1 ")) << nodes.a->log();
    // A figure, not an assertion (docs/SCALING.md): the lease (2 s) plus up to a renewal period.
    std::cout << "takeover: lease_s=2 killed_to_resumed_ms="
              << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                       killed)
                     .count()
              << std::endl;
    ASSERT_TRUE(nodes.a->wait_for_log("event=lobby_gained node=a")) << nodes.a->log();
    const std::string after = nodes.a->log();
    EXPECT_NE(after.find("event=tournament_recovered tournament=1 resumed=1 "), std::string::npos) << after;

    const ToolRun run = bots.get();
    std::cout << run.last_line() << std::endl;
    expect_bots_finished(run);
    EXPECT_EQ(nodes.a->stop(), 0) << nodes.a->log();
    nodes.expect_exact_books();
}

// Clients may connect to any node: half the players are connected to a and play at b's table over
// NATS. b is killed mid-game; a takes the tournament over; the players on a never lose their
// connection (their seats' node changed: they are re-attached to the new host's tables), the players
// on b reconnect to a; the Sit&Go finishes exactly.
TEST(LeaseTakeover, PlayersConnectedToTheSurvivorPlayOnThroughTheTakeover) {
    TwoNodes nodes;
    ASSERT_NO_FATAL_FAILURE(nodes.start());
    constexpr int kOnEach = kPlayers / 2;
    auto on_a = TwoNodes::bots_on(*nodes.a, *nodes.b, kOnEach);
    auto on_b = TwoNodes::bots_on(*nodes.b, *nodes.a, kOnEach);
    ASSERT_TRUE(nodes.b->wait_for_log("event=lease_acquired node=b tournament=1 ")) << nodes.b->log();
    ASSERT_TRUE(nodes.b->wait_for_log("event=hand_committed", 8)) << nodes.b->log();
    nodes.b->crash();
    ASSERT_TRUE(nodes.a->wait_for_log("event=tournament_taken_over node=a tournament=1 ")) << nodes.a->log();

    const ToolRun ran_on_a = on_a.get();
    const ToolRun ran_on_b = on_b.get();
    std::cout << ran_on_a.last_line() << "\n" << ran_on_b.last_line() << std::endl;
    const std::string line_a = ran_on_a.last_line();
    EXPECT_EQ(ran_on_a.code, 0) << ran_on_a.out << nodes.a->log();
    EXPECT_NE(line_a.find(" errors=0"), std::string::npos) << ran_on_a.out;
    EXPECT_NE(line_a.find(" finished=1 "), std::string::npos) << line_a;
    EXPECT_NE(line_a.find(" reconnects=0 "), std::string::npos)
        << "a's players kept their connection: " << line_a;
    expect_bots_finished(ran_on_b, kOnEach);
    EXPECT_EQ(nodes.a->stop(), 0) << nodes.a->log();
    nodes.expect_exact_books();
}

TEST(LeaseFencing, ANodeStalledPastItsLeaseCommitsNothingMoreAndGivesTheTournamentUp) {
    TwoNodes nodes;
    ASSERT_NO_FATAL_FAILURE(nodes.start());
    auto bots = nodes.bots();
    ASSERT_TRUE(nodes.b->wait_for_log("event=lease_acquired node=b tournament=1 ")) << nodes.b->log();
    ASSERT_TRUE(nodes.b->wait_for_log("event=hand_committed", 5)) << nodes.b->log();
    nodes.b->send_signal(SIGSTOP);
    ASSERT_TRUE(nodes.a->wait_for_log("event=tournament_taken_over node=a tournament=1 ")) << nodes.a->log();
    const std::size_t stalled_at = nodes.b->log().size();
    nodes.b->send_signal(SIGCONT);

    // b finds its lease gone (at its next renewal, or when the database refuses a write), stops dealing
    // and drops the tournament; nothing it tried to commit after its lease was taken went in.
    ASSERT_TRUE(nodes.b->wait_for_log("event=hosting_stopped tournament=1")) << nodes.b->log();
    const std::string since = nodes.b->log().substr(stalled_at);
    EXPECT_NE(since.find("event=lease_lost node=b tournament=1 "), std::string::npos) << since;
    EXPECT_EQ(since.find("event=hand_committed"), std::string::npos)
        << "b committed after losing its lease:\n"
        << since;
    const bool refused = since.find("event=hand_commit_failed") != std::string::npos;
    std::cout << "fencing: hand_in_play_refused=" << (refused ? "yes" : "no")
              << " fenced_out_logged=" << (since.find("event=fenced_out") != std::string::npos ? "yes" : "no")
              << std::endl;
    if (refused) {  // a hand whose commit was in flight at the stop: refused by the database
        EXPECT_NE(since.find("fenced out: tournament 1 is leased to node a"), std::string::npos) << since;
    }
    // Woken past its lease, b did not act on its tables before its keeper found the lease gone: its
    // clocks had run out while it was stopped, its players' actions had queued, and none of it was
    // taken (docs/SCALING.md "Fencing": Fence::acting).
    EXPECT_NE(since.find("event=table_not_acting tournament=1 "), std::string::npos) << since;

    nodes.b->crash();  // its connections drop: the bots resume on a
    const ToolRun run = bots.get();
    std::cout << run.last_line() << std::endl;
    // Woken, b's tables no longer act (above) and close without a word once b finds its lease gone:
    // its players see a's stream of their table only, with no gap (before, b's late frames made them
    // resync).
    const std::string line = run.last_line();
    const auto errors_at = line.find(" errors=");
    ASSERT_NE(errors_at, std::string::npos) << run.out;
    const int errors = std::stoi(line.substr(errors_at + 8));
    int gaps = 0;
    for (std::size_t at = run.out.find(": sequence gap: "); at != std::string::npos;
         at = run.out.find(": sequence gap: ", at + 1))
        ++gaps;
    std::cout << "fencing: bot errors=" << errors << " of which sequence gaps from the woken node=" << gaps
              << std::endl;
    EXPECT_EQ(errors, 0) << run.out;
    EXPECT_EQ(gaps, 0) << run.out;
    EXPECT_EQ(line.rfind("bots: players=" + std::to_string(kPlayers) + " ", 0), 0U) << run.out;
    EXPECT_NE(line.find(" finished=1 "), std::string::npos) << line;
    EXPECT_EQ(run.code, 0) << run.out;
    EXPECT_EQ(nodes.a->stop(), 0) << nodes.a->log();
    nodes.expect_exact_books();
}
