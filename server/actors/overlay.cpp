#include "server/actors/overlay.hpp"

#include "persistence/ledger.hpp"
#include "persistence/tournament_store.hpp"

namespace tavolo::server::actors {

std::string overlay_key(persistence::TournamentId tournament) {
    return "overlay:" + std::to_string(persistence::raw(tournament));
}

persistence::StoreResult<void> pay_overlay(persistence::Database& db, persistence::TournamentId tournament,
                                           engine::Cents overlay) {
    if (overlay <= 0) return {};
    auto t = persistence::TournamentStore(db).find(tournament);
    if (!t) return std::unexpected(t.error());
    persistence::Ledger ledger(db);
    auto house = ledger.house_wallet();
    if (!house) return std::unexpected(house.error());
    auto posted = ledger.post(
        persistence::transfer(overlay_key(tournament), "overlay", *house, t->prize_pool, overlay));
    if (!posted) return std::unexpected(posted.error());
    return {};
}

}  // namespace tavolo::server::actors
