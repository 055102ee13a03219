#pragma once
// The WebSocket session (server/net/README.md, server/session/README.md "The shell"): one per
// connection, on the connection's strand, a thin shell around session::SessionCore. Only the Listener
// starts one, with a request it has read that asks for a WebSocket upgrade on /ws. Beast stays in
// ws_session.cpp (the class template) and listener.cpp.
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <chrono>
#include <memory>

#include "server/net/websocket_services.hpp"

namespace tavolo::server::net {

using UpgradeRequest = boost::beast::http::request<boost::beast::http::string_body>;
using TlsStream = boost::beast::ssl_stream<boost::beast::tcp_stream>;

// From the moment the core decides to close (the queue still draining, then the close handshake) to the
// socket's close, at most: a peer that reads nothing or never answers the close frame is cut off.
inline constexpr std::chrono::seconds kCloseTimeout{5};
// The kernel's send buffer of a player's connection. Left to the kernel it grows to tcp_wmem's maximum
// (4 MiB here, at once on loopback): a client that stops reading then swallows some 40,000 frames (hours
// of a real table) before the bounded send queue sees anything, and is never cut (issue 14's stalled
// client). 64 KiB is hundreds of a table's frames and, at 300 ms of round trip, 200 KB/s: far more than
// a player's traffic.
inline constexpr int kSocketSendBufferBytes = 64 * 1024;

// Takes over the connection: answers the upgrade (101), registers with services->registry and serves
// the protocol until the connection closes. `stream` must be on a strand (the Listener accepts on one).
void start_ws_session(boost::beast::tcp_stream stream, UpgradeRequest upgrade,
                      std::shared_ptr<const WebSocketServices> services);
void start_ws_session(TlsStream stream, UpgradeRequest upgrade,
                      std::shared_ptr<const WebSocketServices> services);

}  // namespace tavolo::server::net
