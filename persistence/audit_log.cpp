#include "persistence/audit_log.hpp"

#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

AuditLog::AuditLog(Database& db) : db_(db) {}

StoreResult<std::int64_t> AuditLog::record(AccountId operator_id, const std::string& action,
                                           const std::string& target, const std::string& details_json) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::int64_t> {
        auto role = tx.exec_params("SELECT role FROM accounts WHERE id = $1", raw(operator_id));
        if (role.empty()) return store_error(StoreErrc::not_found, "no such account");
        if (const auto r = role[0][0].as<std::string>(); r != "operator" && r != "admin")
            return store_error(StoreErrc::forbidden, "only an operator's actions are audited as such");
        return tx
            .exec_params1(
                "INSERT INTO audit_log (operator_id, action, target, details) "
                "VALUES ($1, $2, $3, $4::jsonb) RETURNING id",
                raw(operator_id), action, target, details_json)[0]
            .as<std::int64_t>();
    });
}

StoreResult<std::vector<AuditEntry>> AuditLog::recent(int limit) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::vector<AuditEntry>> {
        std::vector<AuditEntry> out;
        for (const auto& r :
             tx.exec_params("SELECT id, (extract(epoch FROM at) * 1000)::bigint, operator_id, action, "
                            "target, details::text FROM audit_log ORDER BY id DESC LIMIT $1",
                            limit)) {
            out.push_back(
                {r[0].as<std::int64_t>(),
                 std::chrono::system_clock::time_point(std::chrono::milliseconds(r[1].as<std::int64_t>())),
                 AccountId{r[2].as<std::int64_t>()}, r[3].as<std::string>(), r[4].as<std::string>(),
                 r[5].as<std::string>()});
        }
        return out;
    });
}

}  // namespace tavolo::persistence
