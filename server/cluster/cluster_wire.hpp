#pragma once
// The session's requests as they cross from one node to another (proto/cluster.proto), both ways. No
// network code: tests/server/cluster_wire_test.cpp round-trips every kind.
#include <optional>
#include <string>

#include "cluster.pb.h"
#include "server/session/services.hpp"

namespace tavolo::server::cluster {

namespace wire = ::tavolo::cluster::v1;

wire::TableAddress to_wire(const protocol::TableAddress& table);
protocol::TableAddress from_wire(const wire::TableAddress& table);

// `node`: where the requesting session lives (its id is that node's).
wire::TableRequest to_wire(const session::TableRequest& request, const std::string& node);
// `session`: the id the receiving node knows the remote session by (RemoteSessions). Nothing when
// the body is missing (a newer node's request kind).
std::optional<session::TableRequest> from_wire(const wire::TableRequest& request, session::SessionId session);

wire::LobbyRequest to_wire(const session::LobbyRequest& request, const std::string& node);
std::optional<session::LobbyRequest> from_wire(const wire::LobbyRequest& request, session::SessionId session);

}  // namespace tavolo::server::cluster
