#pragma once
// What the session registry may ask of a live WebSocket session (server/net/ws_session), from any
// thread: every call posts to the session's strand and returns at once, so the registry never runs
// session code under its lock and an actor never waits on a connection.
#include <string>
#include <utility>

#include "server/session/send_queue.hpp"
#include "server/session/services.hpp"

namespace tavolo::server::net {

class SessionHandle {
  public:
    virtual ~SessionHandle() = default;
    // A serialised ServerMessage for this connection, queued like the core's own SendFrame.
    virtual void deliver(session::Frame frame) = 0;
    // The AccountService's answer (SessionCore::on_account_result).
    virtual void account_result(session::AccountResult result) = 0;
    // A newer connection of the same account took over (SessionCore::on_superseded).
    virtual void superseded(std::string reason) = 0;
    // An operator closed the account (SessionCore::on_superseded with ACCOUNT_CLOSED).
    virtual void account_closed(std::string reason) { superseded(std::move(reason)); }
    // The server shuts down (SessionCore::on_shutdown).
    virtual void shutdown(std::string reason) = 0;
};

}  // namespace tavolo::server::net
