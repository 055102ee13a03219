#pragma once
// Until the live server's actors land (server/actors/README.md), main serves the WebSocket with these:
// every account, table and lobby request is answered INTERNAL ("not available yet"), so a client meets
// a clear refusal instead of silence. Delete this file when server/app wires the real services.
#include "server/actors/outbox.hpp"
#include "server/session/services.hpp"

namespace tavolo::server::net {

class UnavailableServices final : public session::AccountService,
                                  public session::TableDirectory,
                                  public session::LobbyGateway {
  public:
    // Answers go through `outbox` (the session registry), posted to the asking session's strand.
    explicit UnavailableServices(actors::Outbox& outbox) : outbox_(outbox) {}

    void submit(session::AccountRequest request) override;
    session::Routed submit(session::TableRequest request) override;
    void submit(session::LobbyRequest request) override;

  private:
    actors::Outbox& outbox_;
};

}  // namespace tavolo::server::net
