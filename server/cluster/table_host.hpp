#pragma once
// A director's tables on several nodes ([cluster] spread_tables; docs/SCALING.md), the host's side:
// the tables this node hosts for directors on other nodes (table_spread.hpp is the other side). It
// takes the TableCommands on subjects::tables_of(this node), on the bus's strand, in order:
//   - HostTable: the table's lease token goes into the fence (the director's node granted it), then
//     a TableActor opens (this node's ActorContext: its write service, outbox and clock), with its own
//     roster, and joins this node's TableRegistry (so its players' requests reach it: TableHosting);
//     log `event=table_hosted`;
//   - Deliver: the entrants it seats go into the roster, then the messages to the table;
//   - Hold, StopDealing, VoidAndStop: as the director's calls; "quiet" and "voided" go back as TableNews;
//   - Close: the table closes, leaves the registry and the fence, and its lease is released.
// Each report of a table goes back, as TableNews, to its director's node (subjects::directors_of).
// The lease keeper renews the leases of the tables in the fence (Fence::tables()).
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "persistence/fence.hpp"
#include "server/actors/actor_context.hpp"
#include "server/actors/roster.hpp"
#include "server/actors/table_actor.hpp"
#include "server/actors/table_registry.hpp"
#include "server/cluster/nats_bus.hpp"
#include "server/cluster/sequenced_link.hpp"

namespace tavolo::server::cluster {

// A hosted table's news to its director's node, numbered and kept until acknowledged: told from the
// table's strand and the bus's, so guarded by its own mutex.
struct HostedNews {
    std::mutex mutex;
    OutgoingLink link;
};

class TableHost {
  public:
    // Everything given outlives it; `fence` may be null (tests without a database).
    TableHost(actors::ActorContext context, NatsBus& bus, std::string node, actors::TableRegistry& registry,
              std::shared_ptr<persistence::Fence> fence, std::chrono::milliseconds lease);
    ~TableHost();
    TableHost(const TableHost&) = delete;
    TableHost& operator=(const TableHost&) = delete;

    // The tables hosted for other nodes' directors now.
    std::size_t hosted() const;
    // The table of this row lost its lease (its director's node took it back): it stops at once,
    // the hand in play void (its commit would be refused), and leaves the registry.
    void lost(std::int64_t row);
    // This node takes over `tournament` (its director's node died): the tables it hosts for it stop
    // first, the hand in play void, every finished hand durable (waits for that, at most `wait`), and
    // leave the registry and the fence, so the takeover's recovery resumes each of them from its last
    // committed hand (docs/SCALING.md "Tables on several nodes"). Blocks: the lease keeper's thread.
    void stop_tournament(std::int64_t tournament, std::chrono::milliseconds wait);
    // A graceful shutdown of this node: every hosted table finishes its hand in play and deals no
    // more; `quiet` once all are still (at once when none). A table given to it from now on stops at
    // once too. Their leases are released with the node's (LeaseKeeper::stop), after the writes
    // drained, so each director's node takes its table back from its last hand at its next round.
    void stop_all(std::function<void()> quiet);
    // The news the directors' nodes have not acknowledged for `after` goes again (the lease keeper's
    // rounds; sequenced_link.hpp).
    void resend_due(std::chrono::milliseconds after);

  private:
    void command(const BusMessage& message);

    struct Hosted {
        std::shared_ptr<actors::TableActor> actor;
        std::shared_ptr<HostedNews> news = std::make_shared<HostedNews>();
        IncomingLink commands;  // under mutex_
        std::shared_ptr<actors::Roster> roster;
        std::string director_node;
        std::int64_t row = 0;
        std::int64_t token = 0;
    };

    actors::ActorContext context_;
    NatsBus& bus_;
    const std::string node_;
    actors::TableRegistry& registry_;
    std::shared_ptr<persistence::Fence> fence_;
    const std::chrono::milliseconds lease_;
    std::uint64_t subscription_ = 0;
    mutable std::mutex mutex_;
    std::map<std::pair<std::int64_t, std::int32_t>, Hosted> tables_;
    // Tables this node hosted and no longer does (closed, lost, stopped): what a late or resent
    // command of theirs is answered with, so that none opens the table again.
    struct Ended {
        std::int64_t token = 0;
        std::uint64_t last_seq = 0;  // the last command taken
        std::string director_node;
    };
    std::map<std::pair<std::int64_t, std::int32_t>, Ended> ended_;
    void end(std::map<std::pair<std::int64_t, std::int32_t>, Hosted>::iterator it);  // under mutex_
    bool stopping_ = false;                                                          // stop_all() was called
};

}  // namespace tavolo::server::cluster
