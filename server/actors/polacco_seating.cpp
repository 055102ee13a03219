#include "server/actors/polacco_seating.hpp"

#include "persistence/hand_store.hpp"

namespace tavolo::server::actors {

persistence::StoreResult<std::shared_ptr<const Opened>> seat_drawn_tables(
    persistence::Database& db, const lobby::StartTournament& start, const std::vector<DrawnTable>& tables,
    const std::vector<persistence::TableId>& broken,
    const std::map<std::int64_t, persistence::SeatOwner>& owners) {
    std::vector<TableToOpen> rows;
    for (const DrawnTable& t : tables)
        rows.push_back(t.row);
    auto opened = open_tournament(db, start, rows);
    if (!opened) return opened;
    const persistence::OwnerOf owner_of =
        [&owners](std::int64_t entrant) -> std::optional<persistence::SeatOwner> {
        const auto it = owners.find(entrant);
        if (it == owners.end()) return std::nullopt;
        return it->second;
    };
    std::vector<persistence::TableSnapshot> seats;
    for (std::size_t i = 0; i < tables.size(); ++i) {
        auto snapshot = persistence::table_snapshot((*opened)->tables.at(i), 0, 0, tables[i].state, owner_of);
        if (!snapshot)
            return persistence::store_error(
                persistence::StoreErrc::invalid_argument,
                "a drawn Polacco table cannot be recorded: " + snapshot.error().message);
        seats.push_back(std::move(*snapshot));
    }
    if (auto saved = persistence::HandStore(db).save_snapshots(seats, broken); !saved)
        return std::unexpected(saved.error());
    return opened;
}

}  // namespace tavolo::server::actors
