#pragma once
// The lobby across nodes (server/cluster/README.md). One node runs the lobby actor at a time (for now
// the one holding the lobby lease: the lease keeper's hook calls set_host). On that node the
// sessions' requests and the directors' notices go straight to the local lobby actor, and the node
// serves the lobby subjects for the others; on every other node they go over NATS (a request nobody
// serves is answered with an error saying to retry).
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>

#include "server/actors/tournament_links.hpp"
#include "server/cluster/cluster_links.hpp"

namespace tavolo::server::cluster {

class LobbyRouting final : public session::LobbyGateway, public actors::LobbyNotices {
  public:
    explicit LobbyRouting(ClusterLinks& links) : links_(links) {}
    ~LobbyRouting() override;
    LobbyRouting(const LobbyRouting&) = delete;
    LobbyRouting& operator=(const LobbyRouting&) = delete;

    // This node's lobby actor (its gateway and notices, and how it forgets a closed session); set
    // once, before set_host(true).
    void set_local(session::LobbyGateway& gateway, actors::LobbyNotices& notices,
                   std::function<void(session::SessionId)> forget_session);
    // This node runs the lobby (true) or not: it serves the lobby subjects, or forwards to them.
    void set_host(bool host);
    bool host() const { return host_.load(); }

    // A remote session's stand-in is gone: the local lobby forgets it (no more updates for it).
    void forget_remote(session::SessionId stand_in);

    // session::LobbyGateway
    void submit(session::LobbyRequest request) override;
    // actors::LobbyNotices
    void late_registration_closed(lobby::TournamentId tournament) override;
    void entry_eliminated(lobby::TournamentId tournament, persistence::RegistrationId registration) override;
    void tournament_finished(lobby::TournamentId tournament) override;
    void tournament_cancelled(lobby::TournamentId tournament) override;

  private:
    void serve_request(const BusMessage& message);
    void serve_notice(const BusMessage& message);
    template <class Fill>
    void notice(lobby::TournamentId tournament, Fill fill);

    ClusterLinks& links_;
    session::LobbyGateway* gateway_ = nullptr;
    actors::LobbyNotices* notices_ = nullptr;
    std::function<void(session::SessionId)> forget_session_;
    std::atomic<bool> host_{false};
    bool decided_ = false;  // set_host was called (its first call is logged either way)
    std::mutex mutex_;      // guards the subscriptions
    std::uint64_t requests_ = 0;
    std::uint64_t notices_subscription_ = 0;
};

}  // namespace tavolo::server::cluster
