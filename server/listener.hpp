#pragma once
// The network front (server/net/README.md): accepts TCP connections on one port, optionally under TLS,
// and serves HTTP through an asynchronous handler and the protocol's WebSocket on /ws. The io_context
// and its threads belong to the caller (main); Beast lives only in listener.cpp and server/net/*.cpp.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "server/http_types.hpp"
#include "server/net/websocket_services.hpp"

namespace boost::asio {
class io_context;
}

namespace tavolo::server {

namespace operators {
class LiveFeed;
}
namespace api {
class OperatorBackend;
}

// The operators' live feed socket (/api/v1/live, issue 12): the bearer check before the upgrade, then
// the feed (server/net/operator_ws.hpp). Both outlive the io_context's threads.
struct OperatorLive {
    api::OperatorBackend* backend = nullptr;
    operators::LiveFeed* feed = nullptr;
};

struct ListenerOptions {
    std::string host = "127.0.0.1";  // an IP address
    std::uint16_t port = 0;          // 0 picks a free port
    // PEM files ([server] tls_certificate, tls_private_key): both set, every connection speaks TLS
    // (HTTPS and WSS); both empty, plain HTTP and WS.
    std::string tls_certificate;
    std::string tls_private_key;
};

class Listener {
  public:
    // Binds host:port and, with TLS, loads the certificate and key. Throws std::runtime_error naming
    // the address or the file when it cannot. `io`, the handler's captures and the services outlive
    // the io_context's threads.
    Listener(boost::asio::io_context& io, ListenerOptions options, HttpHandler http, WebSocketServices ws);
    ~Listener();
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;

    // The bound port (the one picked when the options said 0).
    std::uint16_t port() const;
    bool tls() const;
    // Serves /api/v1/live's WebSocket (before start(); without it the path is plain HTTP).
    void set_operator_live(OperatorLive live);
    // Begins accepting connections (they are served once the io_context runs). Call once.
    void start();
    // Accepts no more connections (from any thread); those open go on until they close.
    void stop_accepting();

  private:
    struct Impl;
    std::shared_ptr<Impl> impl_;
};

}  // namespace tavolo::server
