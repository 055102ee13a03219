#pragma once
// What the cluster's routing pieces share (server/cluster/README.md): this node's id, its bus, the
// Outbox of its own sessions (to answer them when another node cannot), the stand-ins of other
// nodes' sessions, and how long a forwarded request waits for the node that should take it.
#include <chrono>
#include <functional>
#include <string>

#include "server/actors/outbox.hpp"
#include "server/cluster/nats_bus.hpp"
#include "server/cluster/remote_sessions.hpp"

namespace tavolo::server::cluster {

struct ClusterLinks {
    std::string node;
    NatsBus& bus;
    actors::Outbox& local;   // this node's sessions and accounts (the session registry's Outbox)
    RemoteSessions& remote;  // other nodes' sessions, as this node's actors know them
    std::chrono::milliseconds request_timeout{5000};
    // A session of this node sent a request to another node (that node must hear when it closes).
    std::function<void(session::SessionId)> forwarded;
};

// The answer a serving node gives a forwarded request: the table or lobby took it, or there is no
// such table here (the asking node answers its session unknown_table).
inline constexpr std::string_view kTaken = "1";
inline constexpr std::string_view kNotHere = "0";

}  // namespace tavolo::server::cluster
