#pragma once
// One operator action (issue 12 item 2, "the audit log: every operator action with who, when, what,
// before and after"; item 4, "each operator action logs one line"). Every live backend of the operator
// API that changes anything records its action with record_action, in the database work that makes the
// change (on the write service, never on a strand), and logs it once with log_action when done.
#include <string>
#include <string_view>

#include "persistence/audit_log.hpp"
#include "persistence/database.hpp"
#include "persistence/ids.hpp"

namespace tavolo::server::operators {

struct OperatorAction {
    persistence::AccountId operator_id{};
    std::string operator_name;
    std::string action;              // "cancel_tournament", "credit_wallet", "sanction", "remove_chat"...
    std::string target;              // "tournament:42", "account:7", "table:42/0"
    std::string before_json = "null";  // the target's state before (JSON)
    std::string after_json = "null";   // and after
    std::string reason;              // the operator's reason, when the route takes one
};

// The audit log's details for `action`: {"operator":..., "before":..., "after":..., "reason":...}.
std::string audit_details(const OperatorAction& action);

// Appends the action to the audit log (AuditLog::record); its id.
persistence::StoreResult<std::int64_t> record_action(persistence::Database& db, const OperatorAction& action);

// The one log line of an action: event=operator_action operator=... action=... target=... outcome=...
void log_action(const OperatorAction& action, std::string_view outcome);

}  // namespace tavolo::server::operators
