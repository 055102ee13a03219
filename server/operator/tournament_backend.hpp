#pragma once
// The live backend of the operator API's tournament routes (server/api/tournament_routes.hpp): the
// database through the write service (list, records, the audit log), the lobby actor for registering
// tournaments (create, cancel), the running tournament's actor through Tournaments (inspect, pause,
// resume, refund preview, cancel), each on its own strand. Every change is audited and logged once
// (operator_action.hpp).
#include <boost/asio/io_context.hpp>
#include <boost/json/object.hpp>
#include <functional>

#include "persistence/write_service.hpp"
#include "server/actors/lobby_actor.hpp"
#include "server/actors/tournament_launcher.hpp"
#include "server/api/tournament_routes.hpp"
#include "server/operator/operator_action.hpp"

namespace tavolo::server::operators {

class TournamentBackendImpl final : public api::TournamentBackend {
  public:
    TournamentBackendImpl(boost::asio::io_context& io, persistence::WriteService& writes,
                          actors::LobbyActor& lobby, actors::Tournaments& tournaments);

    void list(std::optional<std::string> state, api::TournamentDone done) override;
    void create(persistence::Account caller, TournamentDeclaration declaration,
                api::TournamentDone done) override;
    void inspect(std::int64_t id, api::TournamentDone done) override;
    void pause(persistence::Account caller, std::int64_t id, std::string reason,
               api::TournamentDone done) override;
    void resume(persistence::Account caller, std::int64_t id, std::string reason,
                api::TournamentDone done) override;
    void cancellation_preview(std::int64_t id, api::TournamentDone done) override;
    void cancel(persistence::Account caller, std::int64_t id, std::string reason,
                api::TournamentDone done) override;

  private:
    void set_paused(persistence::Account caller, std::int64_t id, bool paused, std::string reason,
                    api::TournamentDone done);
    // The tournament's row (404 / 503 answered through `done` when there is none / no database).
    void with_record(std::int64_t id, api::TournamentDone done,
                     std::function<void(boost::json::object)> then);
    // The audit entry and the log line of a change made; `after` the answer's body.
    void audit(OperatorAction action, std::string outcome);

    boost::asio::io_context& io_;
    persistence::WriteService& writes_;
    actors::LobbyActor& lobby_;
    actors::Tournaments& tournaments_;
};

}  // namespace tavolo::server::operators
