#pragma once
// What operators did: an append-only log (the database refuses updates and deletes).
#include <chrono>
#include <string>
#include <vector>

#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

struct AuditEntry {
    std::int64_t id = 0;
    std::chrono::system_clock::time_point at{};
    AccountId operator_id{};
    std::string action;  // "cancel_tournament", "sanction", "deposit"...
    std::string target;  // "tournament:42", "account:7"...
    std::string details_json = "{}";
};

class AuditLog {
  public:
    explicit AuditLog(Database& db);

    // forbidden unless `operator_id` is an operator or an admin.
    StoreResult<std::int64_t> record(AccountId operator_id, const std::string& action,
                                     const std::string& target, const std::string& details_json = "{}");
    // The newest entries first.
    StoreResult<std::vector<AuditEntry>> recent(int limit);

  private:
    Database& db_;
};

}  // namespace tavolo::persistence
