#pragma once
// One client WebSocket connection (ws:// or wss://) on an io_context, callback-driven: many of them
// share one thread (the bots run hundreds). Beast stays in websocket_connection.cpp; this header only
// needs Asio's io_context. A connection is used from the thread that runs its io_context.
#include <boost/asio/io_context.hpp>

#include <expected>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "tools/client/url.hpp"

namespace tavolo::client {

// How a wss:// client checks the server's certificate.
struct TlsOptions {
    std::string ca_file;                // PEM file of the authorities to trust; empty: the system's
    bool insecure_skip_verify = false;  // accept any certificate (self-signed test certificates only)
};

// The TLS settings shared by every connection of a client (one OpenSSL context, loaded once).
class TlsContext;
std::expected<std::shared_ptr<TlsContext>, std::string> make_tls_context(const TlsOptions& options);

class Connection {
  public:
    struct Handlers {
        std::function<void()> on_open;                                      // the WebSocket handshake is done
        std::function<void(std::string_view frame, bool binary)> on_frame;  // one message received
        std::function<void(const std::string& reason)> on_closed;           // once: closed, refused or failed
    };
    virtual ~Connection() = default;
    // Resolves, connects, (TLS), WebSocket handshake; then reads until closed.
    virtual void start() = 0;
    // Queues a frame (binary unless told); frames sent before the handshake wait for it.
    virtual void send(std::string frame, bool binary = true) = 0;
    // The close handshake once the queued frames are written; on_closed follows.
    virtual void close() = 0;
    virtual bool is_open() const = 0;
};

// A connection to `endpoint`; `tls` is required for wss:// and ignored for ws://.
std::shared_ptr<Connection> make_connection(boost::asio::io_context& io, const Endpoint& endpoint,
                                            std::shared_ptr<TlsContext> tls, Connection::Handlers handlers);

}  // namespace tavolo::client
