#pragma once
// The operators' live feed socket (`/api/v1/live`, issue 12 item 3): a WebSocket of JSON text frames,
// one event each, from the LiveFeed hub (server/operator/live_feed.hpp). The Listener starts one only
// after the bearer check let an operator through (401 / 403 answered before any upgrade). Each
// connection has its own bounded send queue: an operator who does not read is closed with a reason
// (policy_error), never waited for. Beast stays in operator_ws.cpp and listener.cpp.
#include <memory>
#include <string>

#include "server/net/ws_session.hpp"
#include "server/operator/live_feed.hpp"

namespace tavolo::server::net {

struct OperatorWsOptions {
    session::SendQueueLimits queue{4096, std::size_t{16} * 1024 * 1024};
    std::size_t max_command_bytes = 4096;
};

// Takes over the connection: answers the upgrade (101), attaches to `feed`, streams until it closes.
// `operator_name` is said in the first frame ({"type":"hello",...}).
void start_operator_ws(boost::beast::tcp_stream stream, UpgradeRequest upgrade, operators::LiveFeed& feed,
                       std::string operator_name, OperatorWsOptions options = {});
void start_operator_ws(TlsStream stream, UpgradeRequest upgrade, operators::LiveFeed& feed,
                       std::string operator_name, OperatorWsOptions options = {});

}  // namespace tavolo::server::net
