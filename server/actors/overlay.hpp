#pragma once
// The overlay of a guaranteed tournament (RULES.md §6): when the prize parts paid fall short of the
// guarantee, the house pays the difference into the tournament's prize pool, once, under the key
// "overlay:<tournament>", before the first prize that needs it. Run on the write service.
#include <string>

#include "engine/types.hpp"
#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::server::actors {

std::string overlay_key(persistence::TournamentId tournament);

// Moves `overlay` cents from the house wallet to the tournament's prize pool (a replay of the key
// moves nothing). insufficient_funds when the house holds less: fund the house wallet.
persistence::StoreResult<void> pay_overlay(persistence::Database& db, persistence::TournamentId tournament,
                                           engine::Cents overlay);

}  // namespace tavolo::server::actors
