#pragma once
// The audit log's route (issue 12 item 2, "the audit log: every operator action with who, when, what,
// before and after"): proto/operator.openapi.yaml's "players" section.
//   GET /api/v1/audit[?operator=ID&action=X&target=Y&limit=N&before=ID]   newest first
#include <functional>
#include <vector>

#include "persistence/audit_log.hpp"
#include "persistence/store_error.hpp"
#include "server/api/router.hpp"

namespace tavolo::server::api {

class AuditBackend {
  public:
    using Done = std::function<void(persistence::StoreResult<std::vector<persistence::AuditEntry>>)>;
    virtual ~AuditBackend() = default;
    // AuditLog::query off the network threads; `done` once, from any thread.
    virtual void audit(persistence::AuditQuery query, Done done) = 0;
};

void add_audit_routes(Router& router, AuditBackend& backend);

}  // namespace tavolo::server::api
