#pragma once
// The live backend of the operator's hand histories (server/api/hand_routes.hpp): each read is one
// piece of work on the write service (never on a strand or a network thread); the answer is given on
// this backend's own thread, where the route formats it (hand_text.hpp: a replay per hand, up to a
// thousand hands), so neither a write-service worker (which commits nothing while a callback runs) nor
// a network thread does that work.
#include <boost/asio/thread_pool.hpp>

#include "persistence/write_service.hpp"
#include "server/api/hand_routes.hpp"

namespace tavolo::server::operators {

class HandBackend final : public api::HandBackend {
  public:
    explicit HandBackend(persistence::WriteService& writes) : writes_(writes), formatting_(1) {}
    // Joins the formatting thread, after what it was given. Destroy it after stopping the write service
    // (which answers or fails every accepted read), so no answer comes after.
    ~HandBackend() override { formatting_.join(); }
    HandBackend(const HandBackend&) = delete;
    HandBackend& operator=(const HandBackend&) = delete;

    void hands(persistence::HandFilter filter, PageDone done) override;
    void hand(persistence::TournamentId tournament, int table_number, std::int64_t hand_number,
              HandDone done) override;

  private:
    persistence::Executor on_formatting();

    persistence::WriteService& writes_;
    boost::asio::thread_pool formatting_;
};

}  // namespace tavolo::server::operators
