#pragma once
// Several nodes on one database (issue 14, docs/SCALING.md): the node's keeper of its leases
// (persistence/leases.hpp). On its own thread, every lease_seconds/3 (wall time, whatever the game
// clock's speed), it
//   1. says the node is alive (the `nodes` heartbeat);
//   2. renews the lobby lease, or takes it when it is free or expired: `lobby(true)` then opens this
//      node's lobby, `lobby(false)` when another node took it;
//   3. renews the lease of each tournament this node hosts; one that another node took (this node
//      stalled past its lease) is dropped from the fence at once and given up (`unhost`);
//   4. claims the lease of each tournament this node runs and holds no lease of (the lobby just
//      started it), or gives it up when another node holds it;
//   5. renews the lease of each table this node hosts for a director on another node (the fence's
//      tables, table_host.hpp); one it lost is dropped from the fence (its writes are refused) and
//      stopped (`table_lost`); and takes back the tables of this node's directors whose host died
//      (`take_back_tables`);
//   6. takes each running tournament whose lease expired under another node (or names this node,
//      after its restart, or names no node and this node holds the lobby) and hosts it (`host`: the
//      crash-recovery path, from its last committed hands), one at a time.
// The fence (persistence/fence.hpp) carries each token to the database, which refuses the writes of
// a tournament from any other node or token; a refusal found by a write wakes the keeper at once.
// A tournament this node no longer runs (finished, cancelled) has its lease released.
// No Boost here: the hooks are the app's (server/app.cpp), called on the keeper's thread, and may block.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "persistence/database.hpp"
#include "persistence/fence.hpp"
#include "persistence/leases.hpp"

namespace tavolo::server::cluster {

struct LeaseKeeperHooks {
    // The tournaments that run on this node now (actors::Tournaments).
    std::function<std::vector<std::int64_t>()> running;
    // Host `tournament`, whose lease this node now holds, from the database (recover_tournament).
    // Called on the keeper's thread with a Database that carries the fence.
    std::function<void(std::int64_t tournament, persistence::Database& db)> host;
    // Stop hosting `tournament`: another node holds its lease now.
    std::function<void(std::int64_t tournament, const std::string& why)> unhost;
    // This node gained (true) or lost (false) the lobby lease. Gained: called with the keeper's Database.
    std::function<void(bool gained, persistence::Database& db)> lobby;
    // The nodes alive now (a heartbeat within a lease), by id, after each round's heartbeat
    // ([cluster] spread_tables: where new tables may go, table_spread.hpp).
    std::function<void(std::vector<std::string> nodes)> live_nodes;
    // Each round: the tables of this node's directors hosted by a node that died are taken back
    // (TableSpread::take_back_dead), with the keeper's Database.
    std::function<void(persistence::Database& db)> take_back_tables;
    // A table this node hosted for another node's director lost its lease (taken back): stop it.
    std::function<void(std::int64_t row)> table_lost;
    // Each round: the news of the tables this node hosts that their directors' nodes have not
    // acknowledged for `after` goes again (TableHost::resend_due).
    std::function<void(std::chrono::milliseconds after)> resend_table_news;
};

struct LeaseKeeperOptions {
    std::string url;                          // the database
    std::string node;                         // [node] id
    std::chrono::milliseconds lease{10'000};  // [cluster] lease_seconds
};

class LeaseKeeper {
  public:
    // The fence is this node's (given to the write service too); its listener is set here.
    LeaseKeeper(LeaseKeeperOptions options, std::shared_ptr<persistence::Fence> fence,
                LeaseKeeperHooks hooks);
    ~LeaseKeeper();  // stop()
    LeaseKeeper(const LeaseKeeper&) = delete;
    LeaseKeeper& operator=(const LeaseKeeper&) = delete;

    // Runs the first round on the calling thread (so the lobby and the tournaments are placed before
    // the listener opens), then every lease/3 on the keeper's thread.
    void start();
    // A graceful shutdown begins: the node leaves the live nodes at once (no new table is placed on
    // it) and says no more heartbeats; the rounds go on renewing its leases until stop().
    void leave();
    // Ends the thread, then releases every lease it holds (the lobby, its tournaments, the tables it
    // hosts for others) so another node may take them at once (a graceful shutdown: after the writes
    // drained). Idempotent.
    void stop();

    bool holds_lobby() const;
    std::vector<std::int64_t> hosted() const;  // the tournaments whose lease this node holds

  private:
    void round();
    void keep_lobby();
    void keep_tournaments();
    void claim_running();
    void keep_tables();
    void take_orphans();
    void lose(std::int64_t tournament, const std::string& why);

    LeaseKeeperOptions options_;
    std::shared_ptr<persistence::Fence> fence_;
    LeaseKeeperHooks hooks_;
    persistence::Database db_;
    persistence::LeaseStore leases_;

    mutable std::mutex mutex_;  // over what follows: the keeper's thread writes, others read
    std::condition_variable wake_;
    bool stopping_ = false;
    bool refused_ = false;       // a write was refused by the fence: renew now
    bool leaving_node_ = false;  // leave() was called: no more heartbeats
    bool left_ = false;          // ... and the database was told (the keeper's thread only)
    std::optional<std::int64_t> lobby_token_;
    std::map<std::int64_t, std::int64_t> held_;  // tournament -> token
    std::set<std::int64_t> leaving_;             // given up, still running here until its hand ends
    std::thread thread_;
};

}  // namespace tavolo::server::cluster
