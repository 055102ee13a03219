#pragma once
// The write service's group commit (internal): the hands of many tables and the finishes they caused,
// in ONE transaction.
#include <span>
#include <vector>

#include "persistence/database.hpp"
#include "persistence/hand_record.hpp"
#include "persistence/tournament_store.hpp"

namespace tavolo::persistence::detail {

// Commits every hand with its table's snapshot, then records every finish, in one transaction: all of
// them or none. Returns each finish's entry, in order; the first finish refused rolls everything back
// and is the error (the service then commits the items one by one, so only it fails).
StoreResult<std::vector<Registration>> commit_group(Database& db, std::span<const HandRecord> hands,
                                                    std::span<const Finish> finishes);

}  // namespace tavolo::persistence::detail
