#pragma once
// How an actor (a table, a director, the lobby, the account service) sends a serialised
// ServerMessage to clients, without knowing sessions, strands or sockets. The session registry
// (server/net/session_registry) implements it: each call posts the frame to the session's strand,
// where it joins the bounded send queue (an overflow closes that connection, never slows the caller).
// Thread-safe, never blocks, never calls back into the caller. A frame for a session or an account
// with no live connection is dropped: the client gets a full snapshot when it comes back.
#include <string_view>

#include "server/actors/table_inspection.hpp"
#include "server/session/send_queue.hpp"
#include "server/session/services.hpp"

namespace tavolo::server::actors {

using session::AccountIdValue;
using session::Frame;
using session::SessionId;

class Outbox {
  public:
    virtual ~Outbox() = default;
    // To one connection (a reply, a snapshot, a table's stream for an observer or a seated player).
    virtual void to_session(SessionId session, Frame frame) = 0;
    // To the live connection of an account (the newer connection wins, so there is at most one).
    virtual void to_account(AccountIdValue account, Frame frame) = 0;
    // The AccountService's answer to a session's request (SessionCore::on_account_result on that
    // session's strand); dropped when the session has gone.
    virtual void account_result(SessionId session, session::AccountResult result) = 0;
    // The operators' live feed (server/operator/live_feed.hpp, issue 12): every frame a table sends
    // its observers, and a hand's hole cards once it has ended. By default nobody watches.
    virtual void to_operators(const protocol::TableAddress& /*table*/, Frame /*frame*/) {}
    virtual void hand_revealed(const RevealedHand& /*hand*/) {}
};

}  // namespace tavolo::server::actors
