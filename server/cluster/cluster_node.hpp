#pragma once
// This server as one node of a cluster (server/cluster/README.md, docs/SCALING.md): its NATS bus and
// every piece of routing, built once by the server (server/app.cpp) when the configuration has a
// [cluster] section. Without one, none of this exists and the server runs alone as before.
//
//   auto node = ClusterNode::start(io, options, local_outbox, tables, seats, has_local_account);
//   ActorContext context{..., (*node)->outbox(), ...};        // frames to remote sessions and accounts
//   WebSocketServices{..., (*node)->tables(), (*node)->lobby(), ...};  // requests to remote tables/lobby
//   registry.set_table_directory((*node)->tables());         // away notices reach remote tables
//   (*node)->lobby().set_local(lobby_actor, lobby_actor, forget); (*node)->lobby().set_host(...);
//   closed listener: (*node)->session_closed(id);
#include <cstdint>
#include <expected>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "server/actors/seat_book.hpp"
#include "server/actors/table_registry.hpp"
#include "server/cluster/cluster_links.hpp"
#include "server/cluster/cluster_outbox.hpp"
#include "server/cluster/lobby_routing.hpp"
#include "server/cluster/nats_bus.hpp"
#include "server/cluster/remote_tables.hpp"

namespace tavolo::cluster::v1 {
class SeatChange;
}

namespace boost::asio {
class io_context;
}

namespace tavolo::server::cluster {

struct ClusterNodeOptions {
    std::string node;  // [node] id: subject-safe
    NatsBusOptions bus;
    std::chrono::milliseconds request_timeout{5000};
};

class ClusterNode {
  public:
    // Connects to NATS (an error names the URL and what to do) and subscribes to this node's subjects.
    // `local`: the Outbox of this node's sessions; `session_of`: an account's live connection here, 0
    // when none (SessionRegistry::session_of). Everything given outlives the node.
    using SessionOf = std::function<session::SessionId(session::AccountIdValue)>;
    static std::expected<std::unique_ptr<ClusterNode>, std::string> start(
        boost::asio::io_context& io, const ClusterNodeOptions& options, actors::Outbox& local,
        actors::TableRegistry& tables, actors::SeatBook& seats, SessionOf session_of);
    ~ClusterNode();
    ClusterNode(const ClusterNode&) = delete;
    ClusterNode& operator=(const ClusterNode&) = delete;

    const std::string& node() const { return links_.node; }
    NatsBus& bus() { return *bus_; }
    // The actors' Outbox (ActorContext::outbox).
    actors::Outbox& outbox() { return outbox_; }
    // The sessions' TableDirectory (and the session registry's, for away notices).
    session::TableDirectory& tables() { return tables_; }
    // The sessions' LobbyGateway and the directors' LobbyNotices (Tournaments::set_lobby).
    LobbyRouting& lobby() { return lobby_; }
    // A session of this node closed (the session registry's closed listener).
    void session_closed(session::SessionId session);

    // For tests and metrics.
    std::size_t remote_sessions() const { return remote_.size(); }
    std::size_t hosted_tournaments() const { return hosting_.hosted(); }

  private:
    ClusterNode(std::unique_ptr<NatsBus> bus, const ClusterNodeOptions& options, actors::Outbox& local,
                actors::TableRegistry& tables, actors::SeatBook& seats, SessionOf session_of);
    void seat_changed_elsewhere(const ::tavolo::cluster::v1::SeatChange& change);
    void granted(session::SessionId session, session::AccountIdValue account);
    void subscribe_own_subjects();

    std::unique_ptr<NatsBus> bus_;
    RemoteSessions remote_;
    ClusterLinks links_;
    ClusterOutbox outbox_;
    RemoteTables tables_;
    TableHosting hosting_;
    LobbyRouting lobby_;
    actors::SeatBook& seats_;
    SessionOf session_of_;

    std::mutex mutex_;                                                 // guards the fields below
    std::set<session::SessionId> forwarded_;                           // sessions other nodes may know
    std::map<session::SessionId, session::AccountIdValue> logged_in_;  // session -> account
    struct AccountSubscription {
        int sessions = 0;
        std::uint64_t subscription = 0;
    };
    std::map<session::AccountIdValue, AccountSubscription> accounts_;
    std::vector<std::uint64_t> own_subscriptions_;
    // The node that last seated someone at each tournament (seat changes from other nodes): when
    // another node starts seating there, the tournament was taken over, and this node's players at it
    // re-attach to the new host (as after a log in) to get their tables' snapshots.
    std::map<std::int64_t, std::string> seated_by_;
    // Seats at this node's tables (what the SeatBook's listener heard), published again when a node
    // starts (subjects::seats_sync) so that its SeatBook knows them too.
    std::mutex seats_mutex_;
    std::set<std::pair<session::AccountIdValue, std::pair<std::int64_t, std::int32_t>>> local_seats_;
    void publish_seat(session::AccountIdValue account, const protocol::TableAddress& table, bool seated);
};

}  // namespace tavolo::server::cluster
