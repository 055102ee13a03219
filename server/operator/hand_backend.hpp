#pragma once
// The live backend of the operator's hand histories (server/api/hand_routes.hpp): each read is one
// piece of work on the write service (never on a strand or a network thread); the answer is given
// from the service's thread, where the route formats it (hand_text.hpp).
#include "persistence/write_service.hpp"
#include "server/api/hand_routes.hpp"

namespace tavolo::server::operators {

class HandBackend final : public api::HandBackend {
  public:
    explicit HandBackend(persistence::WriteService& writes) : writes_(writes) {}

    void hands(persistence::HandFilter filter, PageDone done) override;
    void hand(persistence::TournamentId tournament, int table_number, std::int64_t hand_number,
              HandDone done) override;

  private:
    persistence::WriteService& writes_;
};

}  // namespace tavolo::server::operators
