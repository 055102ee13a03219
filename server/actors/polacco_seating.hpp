#pragma once
// What a Poker Polacco draw writes (the start's and each recomposition's, POLACCO §4.2): a row for
// each new table, then every new table's seats as drawn and the closed tables broken in ONE
// transaction (HandStore::save_snapshots), so a restart finds every player at the table he was drawn
// to. Run on the write service, never on a strand; the recomposition's is submitted for the table
// whose hand caused it, so it commits after that hand.
#include <map>
#include <memory>
#include <vector>

#include "engine/polacco/table_state.hpp"
#include "persistence/engine_state.hpp"
#include "server/actors/tournament_opening.hpp"

namespace tavolo::server::actors {

struct DrawnTable {
    TableToOpen row;
    engine::polacco::TableState state;  // as drawn, before its first hand
};

// `start.entrants` empty: the names are not read again (a recomposition). `owners`: each entrant's
// registration and account, for the seats.
persistence::StoreResult<std::shared_ptr<const Opened>> seat_drawn_tables(
    persistence::Database& db, const lobby::StartTournament& start, const std::vector<DrawnTable>& tables,
    const std::vector<persistence::TableId>& broken,
    const std::map<std::int64_t, persistence::SeatOwner>& owners);

}  // namespace tavolo::server::actors
