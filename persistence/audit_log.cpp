#include "persistence/audit_log.hpp"

#include "persistence/detail/audit_work.hpp"
#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

namespace detail {

StoreResult<std::int64_t> append_audit(pqxx::work& tx, AccountId operator_id, const std::string& action,
                                       const std::string& target, const std::string& details_json) {
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
}

}  // namespace detail

AuditLog::AuditLog(Database& db) : db_(db) {}

StoreResult<std::int64_t> AuditLog::record(AccountId operator_id, const std::string& action,
                                           const std::string& target, const std::string& details_json) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::int64_t> {
        return detail::append_audit(tx, operator_id, action, target, details_json);
    });
}

StoreResult<std::vector<AuditEntry>> AuditLog::recent(int limit) {
    AuditQuery q;
    q.limit = limit;
    return query(q);
}

StoreResult<std::vector<AuditEntry>> AuditLog::query(const AuditQuery& q) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::vector<AuditEntry>> {
        std::vector<AuditEntry> out;
        // A NULL parameter is a filter not set: one statement for every combination.
        const std::optional<std::int64_t> op =
            q.operator_id ? std::optional<std::int64_t>(raw(*q.operator_id)) : std::nullopt;
        for (const auto& r : tx.exec_params(
                 "SELECT l.id, (extract(epoch FROM l.at) * 1000)::bigint, l.operator_id, l.action, l.target, "
                 "l.details::text, a.name FROM audit_log l JOIN accounts a ON a.id = l.operator_id "
                 "WHERE ($1::bigint IS NULL OR l.operator_id = $1) AND ($2::text IS NULL OR l.action = $2) "
                 "AND ($3::text IS NULL OR l.target = $3) AND ($4::bigint IS NULL OR l.id < $4) "
                 "ORDER BY l.id DESC LIMIT $5",
                 op, q.action, q.target, q.before, q.limit)) {
            out.push_back(
                {r[0].as<std::int64_t>(),
                 std::chrono::system_clock::time_point(std::chrono::milliseconds(r[1].as<std::int64_t>())),
                 AccountId{r[2].as<std::int64_t>()}, r[3].as<std::string>(), r[4].as<std::string>(),
                 r[5].as<std::string>(), r[6].as<std::string>()});
        }
        return out;
    });
}

}  // namespace tavolo::persistence
