#include "server/cluster/cluster_node.hpp"

#include <spdlog/spdlog.h>

#include "cluster.pb.h"
#include "server/cluster/cluster_wire.hpp"
#include "server/cluster/subjects.hpp"

namespace tavolo::server::cluster {

namespace wire = ::tavolo::cluster::v1;

std::expected<std::unique_ptr<ClusterNode>, std::string> ClusterNode::start(
    boost::asio::io_context& io, const ClusterNodeOptions& options, actors::Outbox& local,
    actors::TableRegistry& tables, actors::SeatBook& seats, SessionOf session_of) {
    NatsBusOptions bus_options = options.bus;
    if (bus_options.name.empty()) bus_options.name = "tavolo-" + options.node;
    auto bus = NatsBus::connect(io, bus_options);
    if (!bus) return std::unexpected(bus.error());
    std::unique_ptr<ClusterNode> node(
        new ClusterNode(std::move(*bus), options, local, tables, seats, std::move(session_of)));
    node->subscribe_own_subjects();
    // Everything this node subscribed to is known to the NATS server before anyone can connect.
    if (!node->bus_->flush(std::chrono::seconds(5)))
        return std::unexpected("NATS at " + options.bus.url + " did not answer a flush; is it overloaded?");
    spdlog::info("event=cluster_node_started node={} nats=\"{}\"", options.node, options.bus.url);
    return node;
}

ClusterNode::ClusterNode(std::unique_ptr<NatsBus> bus, const ClusterNodeOptions& options,
                         actors::Outbox& local, actors::TableRegistry& tables, actors::SeatBook& seats,
                         SessionOf session_of)
    : bus_(std::move(bus)),
      links_{options.node,
             *bus_,
             local,
             remote_,
             options.request_timeout,
             [this](session::SessionId s) {
                 std::lock_guard lock(mutex_);
                 forwarded_.insert(s);
             }},
      outbox_(
          links_, [session_of](session::AccountIdValue a) { return session_of(a) != 0; },
          [this](session::SessionId s, session::AccountIdValue a) { granted(s, a); }),
      tables_(links_, tables),
      hosting_(links_, tables),
      lobby_(links_),
      seats_(seats),
      session_of_(std::move(session_of)) {}

ClusterNode::~ClusterNode() {
    seats_.set_listener({});
    std::lock_guard lock(mutex_);
    for (auto id : own_subscriptions_)
        bus_->unsubscribe(id);
    for (auto& [account, sub] : accounts_)
        bus_->unsubscribe(sub.subscription);
}

void ClusterNode::subscribe_own_subjects() {
    std::lock_guard lock(mutex_);
    // Frames for this node's sessions, from tables and the lobby elsewhere.
    own_subscriptions_.push_back(
        bus_->subscribe(subjects::sessions_of(links_.node), [this](const BusMessage& m) {
            wire::SessionFrame frame;
            if (!frame.ParseFromString(m.data)) return;
            links_.local.to_session(frame.session(),
                                    std::make_shared<const std::string>(std::move(*frame.mutable_frame())));
        }));
    // Sessions of other nodes that closed: their stand-ins go.
    own_subscriptions_.push_back(bus_->subscribe(subjects::session_closed(), [this](const BusMessage& m) {
        wire::SessionClosed closed;
        if (!closed.ParseFromString(m.data) || closed.node() == links_.node) return;
        if (auto stand_in = remote_.forget(closed.node(), closed.session())) lobby_.forget_remote(*stand_in);
    }));
    // Seats at tables of other nodes: a log in here lists them, an away notice reaches them.
    own_subscriptions_.push_back(bus_->subscribe(subjects::seats(), [this](const BusMessage& m) {
        wire::SeatChange change;
        if (!change.ParseFromString(m.data) || change.node() == links_.node) return;
        seat_changed_elsewhere(change);
    }));
    // A node that starts: it hears every seat at the tables the others host.
    own_subscriptions_.push_back(bus_->subscribe(subjects::seats_sync(), [this](const BusMessage& m) {
        if (m.data == links_.node) return;
        std::lock_guard seats_lock(seats_mutex_);
        for (const auto& [account, table] : local_seats_)
            publish_seat(account, {table.first, table.second}, true);
    }));
    seats_.set_listener(
        [this](session::AccountIdValue account, const protocol::TableAddress& table, bool seated) {
            std::lock_guard seats_lock(seats_mutex_);
            const auto key = std::pair{account, std::pair{table.tournament_id, table.table}};
            if (seated)
                local_seats_.insert(key);
            else
                local_seats_.erase(key);
            publish_seat(account, table, seated);
        });
    bus_->publish(subjects::seats_sync(), links_.node);
}

void ClusterNode::seat_changed_elsewhere(const wire::SeatChange& change) {
    const auto table = from_wire(change.table());
    seats_.apply_elsewhere(change.account(), table, change.seated());
    if (!change.seated()) return;
    bool taken_over = false;
    {
        std::lock_guard lock(mutex_);  // the bus's strand is the only writer; the lock is for clarity
        auto& host = seated_by_[table.tournament_id];
        taken_over = !host.empty() && host != change.node();
        host = change.node();
    }
    if (!taken_over) return;
    const session::SessionId session = session_of_(change.account());
    if (session == 0) return;
    spdlog::info("event=cluster_reattach tournament={} table={} account={} host={}", table.tournament_id,
                 table.table, change.account(), change.node());
    std::ignore = tables_.submit({{session, change.account(), {}}, 0, table, session::ReattachRequest{}});
}

void ClusterNode::publish_seat(session::AccountIdValue account, const protocol::TableAddress& table,
                               bool seated) {
    wire::SeatChange change;
    change.set_node(links_.node);
    change.set_account(account);
    *change.mutable_table() = to_wire(table);
    change.set_seated(seated);
    bus_->publish(subjects::seats(), change.SerializeAsString());
}

void ClusterNode::granted(session::SessionId session, session::AccountIdValue account) {
    std::lock_guard lock(mutex_);
    if (auto [it, added] = logged_in_.try_emplace(session, account); !added) {
        if (it->second == account) return;
        // Logged in again as another account on the same connection: the old one's frames stop here.
        auto old = accounts_.find(it->second);
        if (old != accounts_.end() && --old->second.sessions <= 0) {
            bus_->unsubscribe(old->second.subscription);
            accounts_.erase(old);
        }
        it->second = account;
    }
    auto& sub = accounts_[account];
    if (sub.sessions++ > 0) return;
    sub.subscription = bus_->subscribe(subjects::account(account), [this](const BusMessage& m) {
        wire::AccountFrame frame;
        if (!frame.ParseFromString(m.data)) return;
        links_.local.to_account(frame.account(),
                                std::make_shared<const std::string>(std::move(*frame.mutable_frame())));
    });
}

void ClusterNode::session_closed(session::SessionId session) {
    bool tell = false;
    {
        std::lock_guard lock(mutex_);
        tell = forwarded_.erase(session) > 0;
        if (auto it = logged_in_.find(session); it != logged_in_.end()) {
            auto sub = accounts_.find(it->second);
            if (sub != accounts_.end() && --sub->second.sessions <= 0) {
                bus_->unsubscribe(sub->second.subscription);
                accounts_.erase(sub);
            }
            logged_in_.erase(it);
        }
    }
    if (!tell) return;
    wire::SessionClosed closed;
    closed.set_node(links_.node);
    closed.set_session(session);
    bus_->publish(subjects::session_closed(), closed.SerializeAsString());
}

}  // namespace tavolo::server::cluster
