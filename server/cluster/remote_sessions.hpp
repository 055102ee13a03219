#pragma once
// Sessions of other nodes as this node's actors know them (server/cluster/README.md). A session id is
// a node's own number, so a request from session 7 of node "a" is given here a local stand-in id with
// bit 62 set (the registry numbers its sessions from 1 upwards, and the operators' feed session is
// all ones: neither ever has that form). Tables and the lobby answer the stand-in through the Outbox
// as any session; the cluster's Outbox sees the form and sends the frame to node "a". Thread-safe (one
// mutex, held for a map look-up or update only).
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "server/session/services.hpp"

namespace tavolo::server::cluster {

struct RemoteSession {
    std::string node;
    session::SessionId session = 0;
};

class RemoteSessions {
  public:
    static constexpr session::SessionId kStandInBit = session::SessionId{1} << 62;
    static bool is_stand_in(session::SessionId id) { return (id >> 62) == 1; }

    // The stand-in of `session` of `node` (made on first use).
    session::SessionId stand_in(const std::string& node, session::SessionId session);
    // Whose stand-in `id` is; nothing when it is unknown (forgotten: that session closed).
    std::optional<RemoteSession> find(session::SessionId id) const;
    // That session closed: its stand-in, now forgotten (nothing when it had none).
    std::optional<session::SessionId> forget(const std::string& node, session::SessionId session);
    std::size_t size() const;

  private:
    mutable std::mutex mutex_;
    session::SessionId last_ = 0;
    std::map<std::pair<std::string, session::SessionId>, session::SessionId> by_origin_;
    std::map<session::SessionId, RemoteSession> by_stand_in_;
};

}  // namespace tavolo::server::cluster
