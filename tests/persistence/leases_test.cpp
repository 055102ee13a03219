// Leases and fencing (issue 14, docs/SCALING.md): two nodes on one database, as persistence sees them.
#include "persistence/leases.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "persistence/director_store.hpp"
#include "persistence/fence.hpp"
#include "persistence/hand_store.hpp"
#include "persistence/tournament_store.hpp"
#include "persistence/write_service.hpp"
#include "tests/persistence/fixtures.hpp"
#include "tests/persistence/test_database.hpp"

using namespace tavolo::persistence;
using namespace tavolo::testing;
using namespace std::chrono_literals;

namespace {

// A node's view of the test database: its own pool, carrying its fence.
struct Node {
    Node(const std::string& url, const std::string& id, std::chrono::milliseconds length)
        : fence(std::make_shared<Fence>(id)), db(url, options(fence)), leases(db, id, length) {}
    static Database::Options options(std::shared_ptr<Fence> f) {
        Database::Options o;
        o.fence = std::move(f);
        return o;
    }
    std::shared_ptr<Fence> fence;
    Database db;
    LeaseStore leases;
};

}  // namespace

TEST(Leases, OneHolderATokenPerAcquisitionAndTakenOnlyOnceExpired) {
    MigratedDatabase t;
    Node a(t.url(), "a", 60s), b(t.url(), "b", 60s);
    auto first = a.leases.acquire(kLobbyLease);
    ASSERT_TRUE(first && *first) << (first ? "" : first.error().message);
    EXPECT_EQ(**first, 1);
    auto refused = b.leases.acquire(kLobbyLease);
    ASSERT_TRUE(refused);
    EXPECT_FALSE(*refused) << "b may not take a's live lease";
    EXPECT_TRUE(*a.leases.renew(kLobbyLease, 1));
    EXPECT_FALSE(*b.leases.renew(kLobbyLease, 1)) << "a renewal by a node that does not hold it";
    ASSERT_TRUE(a.leases.release(kLobbyLease, 1));
    auto taken = b.leases.acquire(kLobbyLease);
    ASSERT_TRUE(taken && *taken);
    EXPECT_EQ(**taken, 2) << "a new token at each acquisition";
    EXPECT_FALSE(*a.leases.renew(kLobbyLease, 1)) << "a lost its lease: its renewal fails";
    auto again = b.leases.acquire(kLobbyLease);  // a node takes back its own (after a restart)
    ASSERT_TRUE(again && *again);
    EXPECT_EQ(**again, 3);
    auto row = a.leases.find(kLobbyLease);
    ASSERT_TRUE(row && *row);
    EXPECT_EQ((*row)->node, "b");
    EXPECT_FALSE((*row)->expired);
}

TEST(Leases, AnExpiredLeaseIsTakenAndTheHeartbeatsSayWhoIsAlive) {
    MigratedDatabase t;
    Node a(t.url(), "a", 1ms), b(t.url(), "b", 60s);
    ASSERT_TRUE(a.leases.heartbeat());
    ASSERT_TRUE(b.leases.heartbeat());
    auto live = a.leases.live_nodes(60s);
    ASSERT_TRUE(live);
    EXPECT_EQ(*live, (std::vector<std::string>{"a", "b"}));
    ASSERT_TRUE(*a.leases.acquire("tournament:7"));
    std::this_thread::sleep_for(5ms);  // a's 1 ms lease runs out (database time)
    auto taken = b.leases.acquire("tournament:7");
    ASSERT_TRUE(taken && *taken);
    EXPECT_EQ(**taken, 2);
}

TEST(Leases, TournamentsToTakeAreTheExpiredOnesOwnOnesAndUnplacedOnesForTheLobby) {
    MigratedDatabase t;
    auto one = small_tournament(t.db(), 2, 1, "One");
    auto two = small_tournament(t.db(), 2, 1, "Two");
    auto three = small_tournament(t.db(), 2, 1, "Three");
    TournamentStore store(t.db());
    for (auto* s : {&one, &two, &three})
        ASSERT_TRUE(store.set_state(s->tournament.id, TournamentState::running));
    Node a(t.url(), "a", 60s), b(t.url(), "b", 60s);
    ASSERT_TRUE(*a.leases.acquire(tournament_lease(one.tournament.id)));
    ASSERT_TRUE(*b.leases.acquire(tournament_lease(two.tournament.id)));
    auto for_a = a.leases.tournaments_to_take(false);
    ASSERT_TRUE(for_a);
    EXPECT_EQ(*for_a, std::vector<TournamentId>{one.tournament.id}) << "its own, not b's live one";
    auto for_lobby = a.leases.tournaments_to_take(true);
    ASSERT_TRUE(for_lobby);
    EXPECT_EQ(*for_lobby, (std::vector<TournamentId>{one.tournament.id, three.tournament.id}))
        << "the lobby also takes a running tournament no lease names";
    ASSERT_TRUE(b.leases.release(tournament_lease(two.tournament.id), 1));
    EXPECT_EQ(*a.leases.tournaments_to_take(false),
              (std::vector<TournamentId>{one.tournament.id, two.tournament.id}));
}

TEST(Fencing, ANodeThatLostTheLeaseCanCommitNothingMoreForTheTournament) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 3, 1);
    const auto id = sng.tournament.id;
    const auto resource = tournament_lease(id);
    Node a(t.url(), "a", 60s), b(t.url(), "b", 60s);
    std::vector<std::int64_t> refused_to_b;
    b.fence->set_listener(
        [&](std::int64_t tournament, const std::string&) { refused_to_b.push_back(tournament); });

    // Before any lease names it (registering, the lobby's), anyone writes.
    ASSERT_TRUE(HandStore(b.db).commit(make_hand(sng.tables[0], 1, sng.players)));
    auto token_b = b.leases.acquire(resource);
    ASSERT_TRUE(token_b && *token_b);
    b.fence->hold(raw(id), **token_b);
    ASSERT_TRUE(HandStore(b.db).commit(make_hand(sng.tables[0], 2, sng.players)));
    auto by_a = HandStore(a.db).commit(make_hand(sng.tables[0], 3, sng.players));
    ASSERT_FALSE(by_a) << "a holds no lease for it";
    EXPECT_EQ(by_a.error().code, StoreErrc::fenced_out) << by_a.error().message;

    // b stalls past its lease; a takes it over with a new token.
    ASSERT_TRUE(b.leases.release(resource, **token_b));
    auto token_a = a.leases.acquire(resource);
    ASSERT_TRUE(token_a && *token_a);
    a.fence->hold(raw(id), **token_a);

    // b still believes it hosts: every kind of write of the tournament is refused.
    auto hand = HandStore(b.db).commit(make_hand(sng.tables[0], 3, sng.players));
    ASSERT_FALSE(hand);
    EXPECT_EQ(hand.error().code, StoreErrc::fenced_out);
    EXPECT_NE(hand.error().message.find("leased to node a"), std::string::npos) << hand.error().message;
    SavedDirector saved{id, 1, "state", {}};
    auto director = DirectorStore(b.db).save(saved);
    ASSERT_FALSE(director);
    EXPECT_EQ(director.error().code, StoreErrc::fenced_out);
    auto finish = TournamentStore(b.db).record_finish(sng.players[0].registration.id, 3, 0, "finish:b:3");
    ASSERT_FALSE(finish);
    EXPECT_EQ(finish.error().code, StoreErrc::fenced_out);
    auto state = TournamentStore(b.db).set_state(id, TournamentState::finished);
    ASSERT_FALSE(state);
    EXPECT_EQ(state.error().code, StoreErrc::fenced_out);
    EXPECT_EQ(refused_to_b.size(), 4U);
    for (auto r : refused_to_b)
        EXPECT_EQ(r, raw(id));

    // b's stale token stays refused whatever b's fence says.
    b.fence->hold(raw(id), **token_b);
    EXPECT_FALSE(HandStore(b.db).commit(make_hand(sng.tables[0], 3, sng.players)));
    // The new holder commits from the last committed hand.
    ASSERT_TRUE(HandStore(a.db).commit(make_hand(sng.tables[0], 3, sng.players)));
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), 3);
    EXPECT_EQ(t.count("SELECT hand_number FROM tournament_tables"), 3);
    // A connection that names no node (a single server, the tools) is never fenced.
    ASSERT_TRUE(HandStore(t.db()).commit(make_hand(sng.tables[0], 4, sng.players)));
}

TEST(Fencing, TheWriteServiceFailsAFencedHandAloneAndCommitsTheOthersOfItsBatch) {
    MigratedDatabase t;
    auto mine = small_tournament(t.db(), 2, 1, "Mine");
    auto lost = small_tournament(t.db(), 2, 1, "Lost");
    auto fence = std::make_shared<Fence>("b");
    Database admin(t.url());
    LeaseStore b(admin, "b", 60s), a(admin, "a", 60s);
    fence->hold(raw(mine.tournament.id), **b.acquire(tournament_lease(mine.tournament.id)));
    const auto lost_token = **b.acquire(tournament_lease(lost.tournament.id));
    fence->hold(raw(lost.tournament.id), lost_token);
    ASSERT_TRUE(b.release(tournament_lease(lost.tournament.id), lost_token));
    ASSERT_TRUE(*a.acquire(tournament_lease(lost.tournament.id)));
    std::atomic<int> fenced{0};
    fence->set_listener([&](std::int64_t, const std::string&) { ++fenced; });

    WriteServiceOptions options;
    options.url = t.url();
    options.workers = 1;
    options.fence = fence;
    WriteService writes(options);
    std::mutex m;
    std::condition_variable cv;
    std::vector<StoreErrc> results;
    auto done = [&](StoreResult<void> r) {
        std::lock_guard lock(m);
        results.push_back(r ? StoreErrc::database : r.error().code);  // database: stands for "ok" here
        cv.notify_all();
    };
    const Executor inline_executor = Executor::service_thread();
    ASSERT_TRUE(writes.submit_hand(make_hand(mine.tables[0], 1, mine.players), done, inline_executor));
    ASSERT_TRUE(writes.submit_hand(make_hand(lost.tables[0], 1, lost.players), done, inline_executor));
    ASSERT_TRUE(writes.submit_hand(make_hand(mine.tables[0], 2, mine.players), done, inline_executor));
    std::unique_lock lock(m);
    cv.wait(lock, [&] { return results.size() == 3; });
    EXPECT_EQ(std::count(results.begin(), results.end(), StoreErrc::fenced_out), 1);
    EXPECT_EQ(std::count(results.begin(), results.end(), StoreErrc::database), 2);
    EXPECT_GE(fenced.load(), 1);
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), 2);
}

TEST(Fencing, AnOlderProcessOfTheSameNodeIdIsRefusedByItsToken) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 1);
    const auto id = sng.tournament.id;
    Node old_a(t.url(), "a", 60s), new_a(t.url(), "a", 60s);  // "a" stalled, then restarted beside it
    const auto first = **old_a.leases.acquire(tournament_lease(id));
    old_a.fence->hold(raw(id), first);
    ASSERT_TRUE(HandStore(old_a.db).commit(make_hand(sng.tables[0], 1, sng.players)));
    const auto second = **new_a.leases.acquire(tournament_lease(id));  // its own lease, taken back at once
    EXPECT_EQ(second, first + 1);
    // Between the acquisition and the fence's update the new process names no token: it may write.
    ASSERT_TRUE(HandStore(new_a.db).commit(make_hand(sng.tables[0], 2, sng.players)));
    new_a.fence->hold(raw(id), second);
    auto stale = HandStore(old_a.db).commit(make_hand(sng.tables[0], 3, sng.players));
    ASSERT_FALSE(stale);
    EXPECT_EQ(stale.error().code, StoreErrc::fenced_out) << stale.error().message;
    ASSERT_TRUE(HandStore(new_a.db).commit(make_hand(sng.tables[0], 3, sng.players)));
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), 3);
}

// [cluster] spread_tables (migration 0014): a table hosted by another node than its director's. The
// director's node (a, holding the tournament) grants b the table's lease; b's hands of that table
// pass, a may still write the table's row (it breaks it); once a takes the table lease back (b died),
// b's hands are refused and a's pass.
TEST(Fencing, ATableLeaseLetsItsHostCommitTheTablesHandsAndOnlyItsHost) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 3, 1);
    const auto id = sng.tournament.id;
    const TableId table = sng.tables[0];
    Node a(t.url(), "a", 60s), b(t.url(), "b", 60s);
    auto token_a = a.leases.acquire(tournament_lease(id));
    ASSERT_TRUE(token_a && *token_a);
    a.fence->hold(raw(id), **token_a);

    auto refused = HandStore(b.db).commit(make_hand(table, 1, sng.players));
    ASSERT_FALSE(refused) << "no table lease yet: the tournament's fence decides";
    EXPECT_EQ(refused.error().code, StoreErrc::fenced_out);

    auto granted = a.leases.grant(table_lease(table), "b", id);
    ASSERT_TRUE(granted) << granted.error().message;
    EXPECT_EQ(*granted, 1);
    ASSERT_TRUE(HandStore(b.db).commit(make_hand(table, 1, sng.players))) << "b names no token for it yet";
    b.fence->hold_table(raw(table), *granted);
    EXPECT_EQ(b.fence->setting().fences, " t" + std::to_string(raw(table)) + ":1 ");
    ASSERT_TRUE(HandStore(b.db).commit(make_hand(table, 2, sng.players)));
    EXPECT_TRUE(*b.leases.renew(table_lease(table), *granted));
    EXPECT_TRUE(HandStore(a.db).commit(make_hand(table, 3, sng.players)))
        << "a holds the tournament: its writes of the table pass the tournament's fence too";

    // b dies; a takes the table back (a new token): b's writes are refused, whatever its fence says.
    auto back = a.leases.grant(table_lease(table), "a", id);
    ASSERT_TRUE(back);
    EXPECT_EQ(*back, 2);
    a.fence->hold_table(raw(table), *back);
    auto stale = HandStore(b.db).commit(make_hand(table, 4, sng.players));
    ASSERT_FALSE(stale);
    EXPECT_EQ(stale.error().code, StoreErrc::fenced_out) << stale.error().message;
    EXPECT_FALSE(*b.leases.renew(table_lease(table), *granted));
    ASSERT_TRUE(HandStore(a.db).commit(make_hand(table, 4, sng.players)));
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), 4);
    // An older token of b's for the table: refused too.
    auto again = a.leases.grant(table_lease(table), "b", id);
    ASSERT_TRUE(again);
    auto old_token = HandStore(b.db).commit(make_hand(table, 5, sng.players));
    EXPECT_FALSE(old_token) << "b's fence names token 1, the lease token 3";
}

// A node taking a tournament over (its director's node died) takes the leases of its tables hosted
// elsewhere first: a third node still hosting one of them commits nothing more of it.
TEST(Fencing, TakingATournamentOverTakesItsTableLeasesFromTheirHosts) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 3, 1);
    const auto id = sng.tournament.id;
    const TableId table = sng.tables[0];
    Node a(t.url(), "a", 60s), b(t.url(), "b", 60s), c(t.url(), "c", 60s);
    ASSERT_TRUE(a.leases.acquire(tournament_lease(id)));
    auto granted = a.leases.grant(table_lease(table), "c", id);
    ASSERT_TRUE(granted);
    c.fence->hold_table(raw(table), *granted);
    ASSERT_TRUE(HandStore(c.db).commit(make_hand(table, 1, sng.players)));

    // a dies; b takes the tournament, then its tables' leases, then reads it.
    ASSERT_TRUE(a.leases.release(tournament_lease(id), 1));
    auto token_b = b.leases.acquire(tournament_lease(id));
    ASSERT_TRUE(token_b && *token_b);
    b.fence->hold(raw(id), **token_b);
    auto taken = b.leases.take_table_leases(id);
    ASSERT_TRUE(taken) << taken.error().message;
    EXPECT_EQ(*taken, 1);
    auto late = HandStore(c.db).commit(make_hand(table, 2, sng.players));
    ASSERT_FALSE(late) << "c's hand after the takeover";
    EXPECT_EQ(late.error().code, StoreErrc::fenced_out);
    EXPECT_FALSE(*c.leases.renew(table_lease(table), *granted)) << "c finds its lease gone";
    ASSERT_TRUE(HandStore(b.db).commit(make_hand(table, 2, sng.players)));
    EXPECT_EQ(*b.leases.take_table_leases(id), 1) << "taken again: a new token";
}

// A director's node that stalled and lost its tournament meanwhile may wake up between a new table's
// row and its grant (or in a take-back): the grant and the take-back check the tournament's fence in
// their transaction, so it grants nothing and takes nothing, and the new holder's tables stand.
TEST(Fencing, ANodeThatLostTheTournamentCanNeitherGrantNorTakeBackItsTables) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 3, 1);
    const auto id = sng.tournament.id;
    const TableId table = sng.tables[0];
    Node a(t.url(), "a", 60s), b(t.url(), "b", 60s);
    auto token_a = a.leases.acquire(tournament_lease(id));
    ASSERT_TRUE(token_a && *token_a);
    a.fence->hold(raw(id), **token_a);
    auto granted = a.leases.grant(table_lease(table), "b", id);
    ASSERT_TRUE(granted) << "a holds the tournament: " << granted.error().message;

    // a stalls past its lease; b takes the tournament over and its tables' leases.
    ASSERT_TRUE(a.leases.release(tournament_lease(id), **token_a));
    auto token_b = b.leases.acquire(tournament_lease(id));
    ASSERT_TRUE(token_b && *token_b);
    b.fence->hold(raw(id), **token_b);
    ASSERT_EQ(*b.leases.take_table_leases(id), 1);
    const std::int64_t table_token = b.leases.find(table_lease(table)).value()->token;
    b.fence->hold_table(raw(table), table_token);

    // a wakes up, its fence still naming its old token.
    auto late_grant = a.leases.grant(table_lease(table), "a", id);
    ASSERT_FALSE(late_grant) << "the grant of a node that lost the tournament";
    EXPECT_EQ(late_grant.error().code, StoreErrc::fenced_out) << late_grant.error().message;
    // Even a table lease that expired is not a's to take back any more.
    ASSERT_TRUE(b.leases.release(table_lease(table), table_token));
    auto late_take = a.leases.acquire(table_lease(table), id);
    ASSERT_FALSE(late_take) << "a take-back by a node that lost the tournament";
    EXPECT_EQ(late_take.error().code, StoreErrc::fenced_out);
    auto lease = b.leases.find(table_lease(table));
    ASSERT_TRUE(lease && *lease);
    EXPECT_EQ((*lease)->node, "b") << "the table stays the new holder's";
    EXPECT_EQ((*lease)->token, table_token) << "nothing granted or taken since";

    // The tournament's holder takes an expired table lease back: the fence lets it.
    auto taken = b.leases.acquire(table_lease(table), id);
    ASSERT_TRUE(taken) << taken.error().message;
    ASSERT_TRUE(taken->has_value());
    EXPECT_EQ(**taken, table_token + 1);
    b.fence->hold_table(raw(table), **taken);
    ASSERT_TRUE(HandStore(b.db).commit(make_hand(table, 1, sng.players)));
}
