#include "persistence/leases.hpp"

#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

std::string tournament_lease(TournamentId tournament) {
    return "tournament:" + std::to_string(raw(tournament));
}

std::string table_lease(TableId table) {
    return "table:" + std::to_string(raw(table));
}

LeaseStore::LeaseStore(Database& db, std::string node, std::chrono::milliseconds length)
    : db_(db), node_(std::move(node)), length_(length) {}

StoreResult<void> LeaseStore::heartbeat() {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<void> {
        tx.exec_params(
            "INSERT INTO nodes (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()", node_);
        return {};
    });
}

StoreResult<void> LeaseStore::leave() {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<void> {
        tx.exec_params("UPDATE nodes SET heartbeat_at = '-infinity' WHERE id = $1", node_);
        return {};
    });
}

StoreResult<std::vector<std::string>> LeaseStore::live_nodes(std::chrono::milliseconds within) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::vector<std::string>> {
        std::vector<std::string> out;
        for (const auto& row : tx.exec_params("SELECT id FROM nodes WHERE heartbeat_at > now() - $1 * "
                                              "interval '1 millisecond' ORDER BY id",
                                              within.count()))
            out.push_back(row[0].as<std::string>());
        return out;
    });
}

namespace {

// Raises TVF01 (fenced_out) unless this connection's node holds `tournament` with its current token;
// the lease row stays locked FOR SHARE until the transaction ends, so a takeover waits for it.
void check_fence(pqxx::work& tx, TournamentId tournament) {
    tx.exec_params("SELECT tavolo_fence($1)", raw(tournament));
}

}  // namespace

StoreResult<std::optional<std::int64_t>> LeaseStore::acquire(const std::string& resource,
                                                             std::optional<TournamentId> of) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::optional<std::int64_t>> {
        if (of) check_fence(tx, *of);
        const auto rows = tx.exec_params(
            "INSERT INTO leases (resource, node, token, expires_at) "
            "VALUES ($1, $2, 1, now() + $3 * interval '1 millisecond') "
            "ON CONFLICT (resource) DO UPDATE SET node = EXCLUDED.node, token = leases.token + 1, "
            "expires_at = EXCLUDED.expires_at "
            "WHERE leases.expires_at < now() OR leases.node = EXCLUDED.node RETURNING token",
            resource, node_, length_.count());
        if (rows.empty()) return std::optional<std::int64_t>{};
        return std::optional<std::int64_t>{rows[0][0].as<std::int64_t>()};
    });
}

StoreResult<std::int64_t> LeaseStore::grant(const std::string& resource, const std::string& holder,
                                            TournamentId of) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::int64_t> {
        check_fence(tx, of);
        const auto rows = tx.exec_params(
            "INSERT INTO leases (resource, node, token, expires_at) "
            "VALUES ($1, $2, 1, now() + $3 * interval '1 millisecond') "
            "ON CONFLICT (resource) DO UPDATE SET node = EXCLUDED.node, token = leases.token + 1, "
            "expires_at = EXCLUDED.expires_at RETURNING token",
            resource, holder, length_.count());
        return rows[0][0].as<std::int64_t>();
    });
}

StoreResult<int> LeaseStore::take_table_leases(TournamentId tournament) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<int> {
        const auto changed =
            tx.exec_params(
                  "UPDATE leases SET node = $2, token = token + 1, expires_at = now() + $3 * interval '1 "
                  "millisecond' "
                  "WHERE resource IN (SELECT 'table:' || id FROM tournament_tables WHERE tournament_id = $1 "
                  "AND state = 'open')",
                  raw(tournament), node_, length_.count())
                .affected_rows();
        return static_cast<int>(changed);
    });
}

StoreResult<bool> LeaseStore::renew(const std::string& resource, std::int64_t token) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<bool> {
        const auto changed = tx.exec_params(
                                   "UPDATE leases SET expires_at = now() + $4 * interval '1 millisecond' "
                                   "WHERE resource = $1 AND node = $2 AND token = $3",
                                   resource, node_, token, length_.count())
                                 .affected_rows();
        return changed == 1;
    });
}

StoreResult<void> LeaseStore::release(const std::string& resource, std::int64_t token) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<void> {
        tx.exec_params(
            "UPDATE leases SET expires_at = now() - interval '1 millisecond' "
            "WHERE resource = $1 AND node = $2 AND token = $3",
            resource, node_, token);
        return {};
    });
}

StoreResult<std::optional<LeaseRow>> LeaseStore::find(const std::string& resource) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::optional<LeaseRow>> {
        const auto rows = tx.exec_params(
            "SELECT resource, node, token, expires_at < now() FROM leases WHERE resource = $1", resource);
        if (rows.empty()) return std::optional<LeaseRow>{};
        return std::optional<LeaseRow>{LeaseRow{rows[0][0].as<std::string>(), rows[0][1].as<std::string>(),
                                                rows[0][2].as<std::int64_t>(), rows[0][3].as<bool>()}};
    });
}

StoreResult<std::vector<TournamentId>> LeaseStore::tournaments_to_take(bool lobby) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::vector<TournamentId>> {
        std::vector<TournamentId> out;
        for (const auto& row : tx.exec_params(
                 "SELECT t.id FROM tournaments t LEFT JOIN leases l ON l.resource = 'tournament:' || t.id "
                 "WHERE t.state IN ('running', 'paused') AND ((l.resource IS NULL AND $2) "
                 "OR l.node = $1 OR l.expires_at < now()) ORDER BY t.id",
                 node_, lobby))
            out.push_back(TournamentId{row[0].as<std::int64_t>()});
        return out;
    });
}

}  // namespace tavolo::persistence
