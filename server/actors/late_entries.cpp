#include "server/actors/late_entries.hpp"

#include "persistence/account_store.hpp"

namespace tavolo::server::actors {

persistence::StoreResult<std::string> entrant_name(persistence::Database& db,
                                                   persistence::AccountId account) {
    persistence::AccountStore accounts(db, persistence::PasswordCost::minimum());  // reads only
    auto found = accounts.find(account);
    if (!found) return std::unexpected(found.error());
    return found->name;
}

std::string late_refund_key(persistence::RegistrationId registration) {
    return "late:" + std::to_string(persistence::raw(registration));
}

persistence::StoreResult<persistence::Registration> refund_late_entry(
    persistence::Database& db, persistence::RegistrationId registration, const engine::BuyIn& buy_in) {
    return persistence::TournamentStore(db).refund(registration, buy_in.prize_part, buy_in.fee,
                                                   late_refund_key(registration));
}

}  // namespace tavolo::server::actors
