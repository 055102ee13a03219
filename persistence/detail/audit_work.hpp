#pragma once
// The audit log's append inside a caller's transaction (internal), so an operator's change and its
// audit entry commit together.
#include <pqxx/pqxx>
#include <string>

#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence::detail {

// forbidden unless `operator_id` is an operator or an admin; not_found for an unknown account.
StoreResult<std::int64_t> append_audit(pqxx::work& tx, AccountId operator_id, const std::string& action,
                                       const std::string& target, const std::string& details_json);

}  // namespace tavolo::persistence::detail
