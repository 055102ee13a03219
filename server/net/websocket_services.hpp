#pragma once
// What every WebSocket session of the Listener is given (server/net/README.md): the services its
// SessionCore asks, the registry that routes frames to it, and what it says in Welcome. The referenced
// objects are owned by the server (main, later server/app) and outlive the io_context's threads.
#include <string>

#include "server/session/services.hpp"
#include "server/session/session_core.hpp"

namespace tavolo::server {

namespace net {
class SessionRegistry;
}

struct WebSocketServices {
    session::AccountService& accounts;
    session::TableDirectory& tables;
    session::LobbyGateway& lobby;
    net::SessionRegistry& registry;
    std::string server_version;
    session::SessionLimits limits{};
};

}  // namespace tavolo::server
