#pragma once
// One table of a director on this node, hosted by another node (table_spread.hpp says how it is
// opened): the director's calls become TableCommands on the host's subject, in order, and the host's
// TableNews become the director's reports and callbacks. Until the host is given the table (its
// lease granted) the calls wait; if it cannot be given, the table opens here and they go to it.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cluster.pb.h"
#include "server/actors/table_actor.hpp"
#include "server/actors/table_placement.hpp"
#include "server/cluster/nats_bus.hpp"
#include "server/cluster/sequenced_link.hpp"

namespace tavolo::server::cluster {

class RemoteTable final : public actors::DirectedTable {
  public:
    RemoteTable(NatsBus& bus, std::string director_node, std::string host, actors::TableSetup setup,
                actors::TablePlacement::OpenLocally local, actors::TablePlacement::TakeBack take_back);

    const std::string& host() const { return host_; }
    const protocol::TableAddress& address() const { return setup_.address; }
    persistence::TableId row() const { return setup_.stored; }
    // Hosted by the other node now, or being taken back (not waiting for its lease, not opened here,
    // not taken back yet, not closed).
    bool away();
    // Closed by the director, its host not having acknowledged every command yet (the Close among
    // them): kept and sent again until it has (TableSpread keeps it).
    bool closing();
    // Nothing more to do with its host: opened here, taken back, gone, or closed and acknowledged.
    bool finished();
    // This node took the table's lease from its dead host (take_back_dead): nothing more is heard
    // from the host (a report of it now might be of a hand the database refused) or sent to it.
    void taking_back();
    // The table as last committed goes to the director, which reopens it here and asks the new table
    // again whatever it waited for (a "quiet", a "voided"); nothing more goes to the host.
    void taken_back(engine::CommittedTable table);
    // Another node holds the table now (this node lost the tournament), or its host is gone before it
    // acknowledged its close: nothing more is sent or heard, and a "quiet" or "voided" the director
    // waits for is answered, since no host will.
    void gone(const std::string& why);
    // The host's lease is granted with `token`: the host is told to open the table, then every call
    // made so far is sent.
    void granted(std::int64_t token);
    // It could not be: the table opens here, and every call made so far goes to it.
    void not_granted(const std::string& why);
    // News from the host (the bus's strand): taken in order, once each (sequenced_link.hpp), and
    // acknowledged.
    void heard(const ::tavolo::cluster::v1::TableNews& news);
    // The commands the host has not acknowledged for `after` go again (the lease keeper's rounds):
    // NATS may lose a message, and the director would wait for ever.
    void resend_due(std::chrono::milliseconds after);

    void deliver(std::vector<engine::DirectorMessage> messages, std::int64_t level_ends_at_ms = 0,
                 std::vector<actors::MoveNotice> notices = {}) override;
    void stop_dealing(std::function<void()> quiet) override;
    void hold(bool held, std::string reason) override;
    void void_and_stop(std::function<void()> quiet) override;
    // Closes the table and answers a "quiet" or "voided" the director waits for, as a local table does.
    void close() override;

  private:
    using Call = std::function<void()>;
    // Runs `call` now if the table is placed (remote or local), else keeps it for then. Under mutex_.
    void run_or_keep(Call call);
    // The body set: adds the address and the next seq, keeps it until acknowledged, sends it.
    void send(::tavolo::cluster::v1::TableCommand command);
    void acknowledge();  // what was heard in order, to the host

    NatsBus& bus_;
    const std::string director_node_;
    const std::string host_;
    const actors::TableSetup setup_;
    actors::TablePlacement::OpenLocally open_locally_;
    actors::TablePlacement::TakeBack take_back_;

    std::recursive_mutex mutex_;
    enum class State { waiting, remote, local, taking_back, taken_back, closed } state_ = State::waiting;
    bool hosted_elsewhere() const { return state_ == State::remote || state_ == State::taking_back; }
    void answer_waits();  // the director's pending "quiet" and "voided", now (under mutex_)
    std::vector<Call> waiting_;
    std::shared_ptr<actors::DirectedTable> local_;
    std::function<void()> quiet_;
    std::function<void()> voided_;
    OutgoingLink commands_;
    IncomingLink news_;
};

}  // namespace tavolo::server::cluster
