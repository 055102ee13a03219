#pragma once
// What operators did: an append-only log (the database refuses updates and deletes).
#include <chrono>
#include <optional>
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
    std::string operator_name;  // filled by query()
};

// Which entries query() returns: each filter set narrows them (all together); newest first.
struct AuditQuery {
    std::optional<AccountId> operator_id{};
    std::optional<std::string> action{};
    std::optional<std::string> target{};
    std::optional<std::int64_t> before{};  // entries with a smaller id only (the next page)
    int limit = 50;
};

class AuditLog {
  public:
    explicit AuditLog(Database& db);

    // forbidden unless `operator_id` is an operator or an admin.
    StoreResult<std::int64_t> record(AccountId operator_id, const std::string& action,
                                     const std::string& target, const std::string& details_json = "{}");
    // The newest entries first.
    StoreResult<std::vector<AuditEntry>> recent(int limit);
    // The entries matching `query`, newest first, with their operator's name.
    StoreResult<std::vector<AuditEntry>> query(const AuditQuery& query);

  private:
    Database& db_;
};

}  // namespace tavolo::persistence
