#pragma once
// A director's tables on several nodes ([cluster] spread_tables; docs/SCALING.md "Tables on several
// nodes"), the director's side. TableSpread is the directors' TablePlacement: each new table goes to
// a live node in turn (the table's number modulo the live nodes, by id; the lease keeper tells it
// which nodes are alive), this node included. A table placed elsewhere is a RemoteTable:
//   1. its lease "table:<row>" is granted to the host (LeaseStore::grant, through the write service),
//      so the host's hands pass the fence (migration 0014) from its first;
//   2. then a HostTable command goes to the host (subjects::tables_of(host)), and every call of the
//      director after it (deliver, hold, stop_dealing, void_and_stop, close) as a TableCommand, in
//      the order made: calls made before the grant wait for it;
//   3. the host's TableNews (reports, "quiet", "voided") come back on subjects::directors_of(this
//      node) and go to the director as a local table's would (TableSetup::report, the callbacks).
// When the grant fails (the database is away) the table opens here instead, with every waiting call.
// A host that dies (its table lease expires unrenewed): take_back_dead(), at each round of this node's
// lease keeper, takes the lease (a new token: whatever the old host still tries is fenced out), reads
// the table's last committed hand and hands it to the director (TablePlacement::TakeBack), which
// reopens the table here; its players connected to this node are re-attached (`reattach`).
// The host is table_host.hpp. Thread-safe: the director's strand calls, news arrive on the bus's strand.
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "persistence/write_service.hpp"
#include "server/actors/table_actor.hpp"
#include "server/actors/table_placement.hpp"
#include "server/cluster/nats_bus.hpp"

namespace tavolo::server::cluster {

class RemoteTable;

class TableSpread final : public actors::TablePlacement {
  public:
    // `lease`: the length of the table leases granted ([cluster] lease_seconds).
    // `reattach`: a re-attachment of each account's connection on this node, if any, to the table.
    using Reattach =
        std::function<void(const protocol::TableAddress& table, const std::vector<actors::AccountIdValue>&)>;
    TableSpread(NatsBus& bus, std::string node, persistence::WriteService& writes,
                std::chrono::milliseconds lease, Reattach reattach);
    ~TableSpread() override;
    TableSpread(const TableSpread&) = delete;
    TableSpread& operator=(const TableSpread&) = delete;

    std::shared_ptr<actors::DirectedTable> place(const actors::TableSetup& setup, OpenLocally local,
                                                 TakeBack take_back) override;
    void reattach(const protocol::TableAddress& table,
                  const std::vector<actors::AccountIdValue>& accounts) override;
    // The lease keeper's thread, each round: what a host has not acknowledged for a round is sent
    // again (RemoteTable::resend_due), and the tables of this node's directors whose host let their
    // lease expire are taken back (see above). `db` carries this node's fence.
    void take_back_dead(persistence::Database& db);
    // The nodes alive now, by id (the lease keeper's rounds).
    void set_live_nodes(std::vector<std::string> nodes);
    // Tables of this node's directors hosted elsewhere now (tests, logs).
    std::size_t remote_tables() const;

  private:
    void heard(const BusMessage& message);

    NatsBus& bus_;
    const std::string node_;
    persistence::WriteService& writes_;
    const std::chrono::milliseconds lease_;
    Reattach reattach_;
    std::uint64_t subscription_ = 0;
    mutable std::mutex mutex_;
    std::vector<std::string> live_;
    // Every remote table of this node's directors, kept past its director's close until its host
    // acknowledged every command (the Close among them); dropped once finished.
    std::map<std::pair<std::int64_t, std::int32_t>, std::shared_ptr<RemoteTable>> remote_;
};

}  // namespace tavolo::server::cluster
