#pragma once
// The live backend of GET /api/v1/audit (api::AuditBackend): AuditLog::query on the write service.
#include "persistence/write_service.hpp"
#include "server/api/audit_routes.hpp"

namespace tavolo::server::operators {

class AuditReader final : public api::AuditBackend {
  public:
    explicit AuditReader(persistence::WriteService& writes) : writes_(writes) {}
    void audit(persistence::AuditQuery query, Done done) override;

  private:
    persistence::WriteService& writes_;
};

}  // namespace tavolo::server::operators
