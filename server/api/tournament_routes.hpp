#pragma once
// The operator API's tournament routes (issue 12 item 2; proto/operator.openapi.yaml, "tournaments"):
//   GET  /api/v1/tournaments[?state=registering|running|finished|cancelled]  -> 200 {"tournaments":[...]}
//   POST /api/v1/tournaments  {the [[tournament]] keys of RULES.md §6}       -> 201 {"id", ...}
//   GET  /api/v1/tournaments/{id}                        -> 200 tables, players, level, clock, prizes
//   POST /api/v1/tournaments/{id}/pause   {"reason"}     -> 200; 409 not running or already paused
//   POST /api/v1/tournaments/{id}/resume  {"reason"}     -> 200; 409 not paused
//   GET  /api/v1/tournaments/{id}/cancellation           -> 200 the RULES.md §7 refunds, nothing paid
//   POST /api/v1/tournaments/{id}/cancel  {"reason"}     -> 200 what was paid ("already_cancelled")
// The routes read and check the request (400 naming the field, 404 for an id that is not one) and
// answer what the backend says; the backend (server/operator/tournament_backend.hpp) asks the lobby,
// the tournament's actor or the database, off the network threads.
#include <cstdint>
#include <expected>
#include <functional>
#include <optional>
#include <string>

#include "persistence/account_store.hpp"
#include "server/api/router.hpp"
#include "server/tournament_config.hpp"

namespace tavolo::server::api {

// Why the backend could not do it: the answer's status follows.
struct TournamentRefusal {
    enum class Kind { not_found, conflict, unavailable, invalid };
    Kind kind = Kind::not_found;
    std::string message;     // what went wrong and what to do
    std::string field = "";  // invalid: the option at fault
};

// A JSON object as text (the answer's body), or why not.
using TournamentAnswer = std::expected<std::string, TournamentRefusal>;
using TournamentDone = std::function<void(TournamentAnswer)>;

// Each call returns at once and calls `done` exactly once, from any thread.
class TournamentBackend {
  public:
    virtual ~TournamentBackend() = default;
    // `state`: one of registering, running, finished, cancelled, or every tournament.
    virtual void list(std::optional<std::string> state, TournamentDone done) = 0;
    // The lobby lists it and opens its registration; {"id":..., "name":..., "state":"registering"}.
    virtual void create(persistence::Account caller, TournamentDeclaration declaration,
                        TournamentDone done) = 0;
    virtual void inspect(std::int64_t id, TournamentDone done) = 0;
    virtual void pause(persistence::Account caller, std::int64_t id, std::string reason,
                       TournamentDone done) = 0;
    virtual void resume(persistence::Account caller, std::int64_t id, std::string reason,
                        TournamentDone done) = 0;
    virtual void cancellation_preview(std::int64_t id, TournamentDone done) = 0;
    virtual void cancel(persistence::Account caller, std::int64_t id, std::string reason,
                        TournamentDone done) = 0;
};

void add_tournament_routes(Router& router, TournamentBackend& backend);

}  // namespace tavolo::server::api
