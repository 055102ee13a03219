#pragma once
// What the director actor asks of the database for late registration (RULES.md §6): the late
// entrant's name and the refund of a late entry the
// director could not seat (its window closed while the entry travelled). Run on the write service,
// never on a strand.
#include <string>

#include "engine/tournament/structure.hpp"
#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"
#include "persistence/tournament_store.hpp"

namespace tavolo::server::actors {

persistence::StoreResult<std::string> entrant_name(persistence::Database& db, persistence::AccountId account);

// The idempotency key of a late entry paid back: "late:<registration>", the key the lobby uses for
// the same refund, so the entry is never paid back twice whichever side refunds it.
std::string late_refund_key(persistence::RegistrationId registration);

// Pays back a late entry in full (prize part from the pool, fee from the house), state `refunded`.
persistence::StoreResult<persistence::Registration> refund_late_entry(
    persistence::Database& db, persistence::RegistrationId registration, const engine::BuyIn& buy_in);

}  // namespace tavolo::server::actors
