#pragma once
// The actors' Outbox on a node of a cluster (server/cluster/README.md). A frame for a stand-in of a
// remote session goes over NATS to that session's node; a frame for an account goes to its connection
// here when it has one, else over NATS to whichever node it is logged in at (that node subscribes to
// the account's subject). Everything else goes to this node's sessions unchanged. Thread-safe, never
// blocks (libnats buffers).
#include <functional>

#include "server/cluster/cluster_links.hpp"

namespace tavolo::server::cluster {

class ClusterOutbox final : public actors::Outbox {
  public:
    // `has_local_account`: whether this node has a live connection of the account (the registry).
    // `granted`: a session of this node logged in as an account (the node then takes its frames).
    ClusterOutbox(ClusterLinks& links, std::function<bool(session::AccountIdValue)> has_local_account,
                  std::function<void(session::SessionId, session::AccountIdValue)> granted);

    void to_session(session::SessionId session, session::Frame frame) override;
    void to_account(session::AccountIdValue account, session::Frame frame) override;
    void account_result(session::SessionId session, session::AccountResult result) override;
    void to_operators(const protocol::TableAddress& table, session::Frame frame) override;
    void hand_revealed(const actors::RevealedHand& hand) override;

  private:
    ClusterLinks& links_;
    std::function<bool(session::AccountIdValue)> has_local_account_;
    std::function<void(session::SessionId, session::AccountIdValue)> granted_;
};

}  // namespace tavolo::server::cluster
