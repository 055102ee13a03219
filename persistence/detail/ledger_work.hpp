#pragma once
// The ledger's work inside a caller's transaction (internal), so tournaments can pay and register
// in one commit.
#include <pqxx/pqxx>
#include <span>
#include <vector>

#include "persistence/ledger.hpp"

namespace tavolo::persistence::detail {

// Posts the movements inside `tx`, locking their wallets in id order first. Items fail one by one
// (insufficient funds, bad legs, conflicting key); a database error throws.
std::vector<StoreResult<Posted>> post_movements(pqxx::work& tx, std::span<const Movement> movements);

}  // namespace tavolo::persistence::detail
