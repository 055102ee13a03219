#pragma once
// Tables across nodes (server/cluster/README.md), both sides of NATS.
// - RemoteTables, the sessions' TableDirectory: a table in this node's registry gets the request at
//   once; any other is asked over NATS on its own subject (subjects::table). The session is told
//   `delivered` at once; if no node hosts that table (no responders, or the host no longer has it)
//   the session gets the usual unknown_table error, a little later.
// - TableHosting serves those requests for the tables this node hosts: it subscribes to a table's
//   subject while the registry holds it (the registry's listener),
//   so a node that starts or stops hosting a tournament (LEASE's takeover, a FencedOut) is routed to
//   or away from without anyone telling the others.
#include <cstdint>
#include <map>
#include <mutex>
#include <utility>

#include "server/actors/table_registry.hpp"
#include "server/cluster/cluster_links.hpp"

namespace tavolo::server::cluster {

class RemoteTables final : public session::TableDirectory {
  public:
    RemoteTables(ClusterLinks& links, actors::TableRegistry& local) : links_(links), local_(local) {}
    session::Routed submit(session::TableRequest request) override;

  private:
    ClusterLinks& links_;
    actors::TableRegistry& local_;
};

class TableHosting {
  public:
    // Sets itself as the registry's listener: construct it before any table opens.
    TableHosting(ClusterLinks& links, actors::TableRegistry& local);
    ~TableHosting();
    TableHosting(const TableHosting&) = delete;
    TableHosting& operator=(const TableHosting&) = delete;

    // The tournaments of which this node takes requests for some table now.
    std::size_t hosted() const;

  private:
    void changed(const protocol::TableAddress& table, bool added);  // the registry's listener
    void serve(const BusMessage& message);

    ClusterLinks& links_;
    actors::TableRegistry& local_;
    mutable std::mutex mutex_;
    std::map<std::pair<std::int64_t, std::int32_t>, std::uint64_t>
        tables_;  // (tournament, table) -> subscription
};

}  // namespace tavolo::server::cluster
