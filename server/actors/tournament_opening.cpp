#include "server/actors/tournament_opening.hpp"

#include "persistence/account_store.hpp"
#include "persistence/tournament_store.hpp"

namespace tavolo::server::actors {

persistence::StoreResult<std::shared_ptr<const Opened>> open_tournament(
    persistence::Database& db, const lobby::StartTournament& start, const std::vector<TableToOpen>& tables) {
    persistence::AccountStore accounts(db, persistence::PasswordCost::minimum());  // reads only
    persistence::TournamentStore tournaments(db);
    auto opened = std::make_shared<Opened>();
    for (const lobby::Entrant& e : start.entrants) {
        auto account = accounts.find(e.account);
        if (!account) return std::unexpected(account.error());
        opened->names.push_back(account->name);
    }
    for (const TableToOpen& t : tables) {
        auto row = tournaments.open_table(start.tournament, t.number, t.seats);
        if (!row) return std::unexpected(row.error());
        opened->tables.push_back(*row);
    }
    return opened;
}

}  // namespace tavolo::server::actors
