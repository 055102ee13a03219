#pragma once
// Leases that place work on nodes (issue 14, docs/SCALING.md): "lobby" and "tournament:<id>", each
// held by one node until its expiry, renewed by its holder (server/cluster/lease_keeper.hpp), and
// taken by another node once expired. Every acquisition gives a new fencing token (the resource's
// previous token + 1): the fence (fence.hpp, migration 0012) refuses a tournament's writes from any
// node or token but the current holder's. Time is the database's (now()), so the nodes' clocks need
// not agree. Also the nodes' heartbeats, which say which nodes are alive.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

inline constexpr const char* kLobbyLease = "lobby";
std::string tournament_lease(TournamentId tournament);  // "tournament:<id>"
std::string table_lease(TableId table);                 // "table:<tournament_tables.id>" (migration 0014)

struct LeaseRow {
    std::string resource;
    std::string node;
    std::int64_t token = 0;
    bool expired = false;
};

class LeaseStore {
  public:
    // `node`: this node's id ([node] id); `length`: how long a lease lasts unless renewed.
    LeaseStore(Database& db, std::string node, std::chrono::milliseconds length);

    // This node is alive (nodes.heartbeat_at = now()); registers it on its first call.
    StoreResult<void> heartbeat();
    // This node is leaving (a graceful shutdown): no longer among the live nodes, at once.
    StoreResult<void> leave();
    // Nodes whose heartbeat is more recent than `within` ago, by id.
    StoreResult<std::vector<std::string>> live_nodes(std::chrono::milliseconds within);

    // Takes `resource` when nobody holds it, its lease expired, or this node's id holds it already (a
    // restarted node takes back its own at once): the new token. Nothing when another node holds it.
    // With `of`: a table of that tournament, taken only while this node holds the tournament (its
    // fence is checked in the same transaction: fenced_out when another node took it over).
    StoreResult<std::optional<std::int64_t>> acquire(const std::string& resource,
                                                     std::optional<TournamentId> of = std::nullopt);
    // Gives `resource`, a table of `of`, to `holder` whoever holds it (a new token, returned): the
    // director's node giving one of its tables to the node that will host it ([cluster] spread_tables).
    // Only while this node holds `of` (its fence, in the same transaction): a director's node that
    // stalled and lost the tournament meanwhile gets fenced_out and grants nothing.
    StoreResult<std::int64_t> grant(const std::string& resource, const std::string& holder, TournamentId of);
    // Takes the lease of every open table of `tournament` that has one (spread_tables), whoever holds
    // it (new tokens): a node taking the tournament over, before it reads it, so that no other host
    // of its tables commits another hand of them. The number of leases taken.
    StoreResult<int> take_table_leases(TournamentId tournament);
    // Extends this node's lease with `token`: false when it is no longer this node's with that token
    // (another took it: stop using it). An expired lease nobody took is still this node's.
    StoreResult<bool> renew(const std::string& resource, std::int64_t token);
    // Ends this node's lease now (another node may take it at once); nothing when it is not ours.
    StoreResult<void> release(const std::string& resource, std::int64_t token);
    StoreResult<std::optional<LeaseRow>> find(const std::string& resource);

    // Running tournaments this node should take, by id: those whose lease expired under another
    // node, those whose lease names this node (after its restart), and, when `lobby` (this node holds
    // the lobby lease), those no lease names yet (the lobby started them and died before placing them).
    StoreResult<std::vector<TournamentId>> tournaments_to_take(bool lobby);

  private:
    Database& db_;
    std::string node_;
    std::chrono::milliseconds length_;
};

}  // namespace tavolo::persistence
