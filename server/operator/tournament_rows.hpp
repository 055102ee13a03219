#pragma once
// What the database says of tournaments, for the operator API's tournament routes (the list, the
// inspection of one that is not running, the refunds of one cancelled), as JSON objects. Run on the
// write service only (server/operator/tournament_backend.cpp), never on a strand or a network thread.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <vector>

#include "persistence/database.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::server::operators {

// Every tournament (newest first, at most `limit`), or those in `state`: id, name, game, kind,
// betting, state, buy_in_cents {prize_part, fee}, guarantee_cents, players (entries not refunded),
// prize_pool_cents (their prize parts), starts_at.
persistence::StoreResult<boost::json::array> list_tournaments(persistence::Database& db,
                                                              const std::optional<std::string>& state,
                                                              int limit = 500);

// One tournament as above, with "registrations": every entry (registration, account, name, entry,
// state, paid, prize part, fee, re-buys, add-ons, place, prize, refund, refund_from_pool,
// refund_from_house). not_found when there is none.
persistence::StoreResult<boost::json::object> tournament_record(persistence::Database& db, std::int64_t id);

// The declarations of operators' tournaments not over (their row's config "operator_declaration"),
// oldest first: a restart adds them to the lobby's declarations so they are adopted or resumed.
persistence::StoreResult<std::vector<std::string>> operator_declarations(persistence::Database& db);

}  // namespace tavolo::server::operators
