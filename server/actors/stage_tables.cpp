#include "server/actors/stage_tables.hpp"

#include "persistence/tournament_store.hpp"

namespace tavolo::server::actors {

persistence::StoreResult<std::vector<persistence::TableId>> open_stage_tables(
    persistence::Database& db, persistence::TournamentId tournament, const std::vector<TableToOpen>& tables) {
    persistence::TournamentStore store(db);
    std::vector<persistence::TableId> rows;
    for (const TableToOpen& t : tables) {
        auto row = store.open_table(tournament, t.number, t.seats);
        if (!row) return std::unexpected(row.error());
        rows.push_back(*row);
    }
    return rows;
}

void StageTables::hold(engine::TableId table, std::vector<engine::DirectorMessage> batch) {
    auto& held = waiting_[table];
    for (auto& m : batch)
        held.push_back(std::move(m));
}

std::vector<engine::DirectorMessage> StageTables::opened(engine::TableId table) {
    auto it = waiting_.find(table);
    if (it == waiting_.end()) return {};
    auto held = std::move(it->second);
    waiting_.erase(it);
    return held;
}

}  // namespace tavolo::server::actors
