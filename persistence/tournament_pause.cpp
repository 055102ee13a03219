#include "persistence/tournament_pause.hpp"

#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

StoreResult<void> save_pause(Database& db, TournamentId tournament,
                             const std::optional<std::string>& reason) {
    return detail::transact(db, [&](pqxx::work& tx) -> StoreResult<void> {
        const auto updated = tx.exec_params("UPDATE tournaments SET paused_reason = $2 WHERE id = $1",
                                            raw(tournament), reason);
        if (updated.affected_rows() == 0)
            return store_error(StoreErrc::not_found, "no tournament " + std::to_string(raw(tournament)));
        return {};
    });
}

StoreResult<std::optional<std::string>> saved_pause(Database& db, TournamentId tournament) {
    return detail::transact(db, [&](pqxx::work& tx) -> StoreResult<std::optional<std::string>> {
        const auto row =
            tx.exec_params("SELECT paused_reason FROM tournaments WHERE id = $1", raw(tournament));
        if (row.empty())
            return store_error(StoreErrc::not_found, "no tournament " + std::to_string(raw(tournament)));
        if (row[0][0].is_null()) return std::optional<std::string>{};
        return std::optional<std::string>(row[0][0].as<std::string>());
    });
}

}  // namespace tavolo::persistence
