#include "server/operator/audit_reader.hpp"

namespace tavolo::server::operators {

void AuditReader::audit(persistence::AuditQuery query, Done done) {
    auto accepted = writes_.submit<std::vector<persistence::AuditEntry>>(
        [query = std::move(query)](persistence::Database& db) {
            return persistence::AuditLog(db).query(query);
        },
        done, persistence::Executor::service_thread());
    if (!accepted) done(std::unexpected(accepted.error()));
}

}  // namespace tavolo::server::operators
