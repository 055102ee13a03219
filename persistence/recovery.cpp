#include "persistence/recovery.hpp"

#include <map>

#include "persistence/detail/director_rows.hpp"
#include "persistence/detail/snapshot_rows.hpp"
#include "persistence/detail/tournament_rows.hpp"
#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

namespace {

// `only`: one tournament's id, or every unfinished one.
StoreResult<std::vector<RecoveredTournament>> load_unfinished(Database& db,
                                                              std::optional<TournamentId> only) {
    using Result = std::vector<RecoveredTournament>;
    const std::string unfinished = "state NOT IN ('finished', 'cancelled')" +
                                   (only ? " AND id = " + std::to_string(raw(*only)) : std::string());
    return detail::transact(db, [&](pqxx::work& tx) -> StoreResult<Result> {
        // One consistent view of everything, even while hands keep committing.
        tx.exec0("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
        Result out;
        std::map<std::int64_t, std::size_t> index;
        for (const auto& row :
             tx.exec(std::string(detail::kTournamentColumns) + "WHERE " + unfinished + " ORDER BY id")) {
            index[row[0].as<std::int64_t>()] = out.size();
            out.push_back({detail::tournament_from(row), {}, {}, std::nullopt});
        }
        if (out.empty()) return out;
        const std::string kUnfinished = "(SELECT id FROM tournaments WHERE " + unfinished + ")";

        for (const auto& row : tx.exec(std::string(detail::kRegistrationColumns) + "WHERE tournament_id IN " +
                                       kUnfinished + " ORDER BY id")) {
            auto reg = detail::registration_from(row);
            out[index.at(raw(reg.tournament))].registrations.push_back(std::move(reg));
        }

        for (const auto& row : tx.exec(std::string("SELECT ") + detail::kDirectorColumns +
                                       "WHERE tournament_id IN " + kUnfinished + " ORDER BY tournament_id")) {
            auto saved = detail::saved_director_from(row);
            out[index.at(raw(saved.tournament))].director = std::move(saved);
        }

        std::map<std::int64_t, RecoveredTable*> tables;
        for (const auto& row : tx.exec(std::string("SELECT id, tournament_id, table_number, max_seats, "
                                                   "director_report, ") +
                                       detail::kSnapshotColumns +
                                       " FROM tournament_tables WHERE state = 'open' AND tournament_id IN " +
                                       kUnfinished + " ORDER BY tournament_id, table_number")) {
            RecoveredTable t;
            t.id = TableId{row[0].as<std::int64_t>()};
            t.table_number = row[2].as<int>();
            t.max_seats = row[3].as<int>();
            t.director_report = row[4].as<std::string>();
            t.snapshot = detail::snapshot_from(row, 5, t.id);
            out[index.at(row[1].as<std::int64_t>())].tables.push_back(std::move(t));
        }
        for (auto& rt : out)
            for (auto& t : rt.tables)
                tables[raw(t.id)] = &t;

        for (const auto& row : tx.exec(std::string("SELECT t.id, ") + detail::kSeatsOfTables +
                                       "WHERE t.state = 'open' AND t.tournament_id IN " + kUnfinished +
                                       " ORDER BY t.id, s.seat")) {
            auto it = tables.find(row[0].as<std::int64_t>());
            if (it == tables.end()) continue;
            it->second->snapshot.seats.push_back(detail::seat_from(row, 1));
        }
        return out;
    });
}

}  // namespace

StoreResult<std::vector<RecoveredTournament>> load_unfinished_tournaments(Database& db) {
    return load_unfinished(db, std::nullopt);
}

StoreResult<std::optional<RecoveredTournament>> load_unfinished_tournament(Database& db, TournamentId id) {
    auto loaded = load_unfinished(db, id);
    if (!loaded) return std::unexpected(loaded.error());
    if (loaded->empty()) return std::optional<RecoveredTournament>{};
    return std::optional<RecoveredTournament>{std::move(loaded->front())};
}

StoreResult<std::optional<RecoveredTable>> load_open_table(Database& db, TableId id) {
    return detail::transact(db, [&](pqxx::work& tx) -> StoreResult<std::optional<RecoveredTable>> {
        tx.exec0("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
        const auto rows = tx.exec_params(
            std::string("SELECT id, table_number, max_seats, director_report, ") + detail::kSnapshotColumns +
                " FROM tournament_tables WHERE id = $1 AND state = 'open' AND tournament_id IN (SELECT id "
                "FROM "
                "tournaments WHERE state NOT IN ('finished', 'cancelled'))",
            raw(id));
        if (rows.empty()) return std::optional<RecoveredTable>{};
        RecoveredTable t;
        t.id = id;
        t.table_number = rows[0][1].as<int>();
        t.max_seats = rows[0][2].as<int>();
        t.director_report = rows[0][3].as<std::string>();
        t.snapshot = detail::snapshot_from(rows[0], 4, t.id);
        for (const auto& row : tx.exec_params(
                 std::string("SELECT t.id, ") + detail::kSeatsOfTables + "WHERE t.id = $1 ORDER BY s.seat",
                 raw(id)))
            t.snapshot.seats.push_back(detail::seat_from(row, 1));
        return std::optional<RecoveredTable>{std::move(t)};
    });
}

}  // namespace tavolo::persistence
