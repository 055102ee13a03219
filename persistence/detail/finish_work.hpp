#pragma once
// Recording a finish inside a caller's transaction (internal), so the write service can commit an
// elimination or a prize in the same transaction as the hands before it.
#include <pqxx/pqxx>

#include "persistence/tournament_store.hpp"

namespace tavolo::persistence::detail {

// The place and prize of one entry, paid from the prize pool under the finish's key. A replay of the
// same finish returns the entry; an error leaves `tx` to be rolled back; a database error throws.
StoreResult<Registration> record_finish(pqxx::work& tx, const Finish& finish);

}  // namespace tavolo::persistence::detail
