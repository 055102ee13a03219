#include "server/operator/hand_backend.hpp"

#include <boost/asio/post.hpp>

#include "engine/phh/document.hpp"
#include "persistence/account_store.hpp"

namespace tavolo::server::operators {

using persistence::Database;
using persistence::Executor;
using persistence::StoreResult;

Executor HandBackend::on_formatting() {
    return Executor{[this](std::function<void()> f) { boost::asio::post(formatting_, std::move(f)); }};
}

void HandBackend::hands(persistence::HandFilter filter, PageDone done) {
    auto accepted = writes_.submit<api::HandPage>(
        [filter](Database& db) mutable -> StoreResult<api::HandPage> {
            api::HandPage page;
            if (filter.player) {
                auto account = persistence::AccountStore(db).find(*filter.player);
                if (!account) {
                    if (account.error().code == persistence::StoreErrc::not_found)
                        return persistence::store_error(persistence::StoreErrc::not_found,
                                                        "no player " + std::to_string(raw(*filter.player)));
                    return std::unexpected(account.error());
                }
                page.player_name = account->name;
                // The name as the PHH `players` array writes it (quoted, escaped).
                engine::phh::Value name;
                name.text = account->name;
                filter.player_needle = engine::phh::format_value(name);
            }
            auto hands = persistence::HandListing(db).hands(filter);
            if (!hands) return std::unexpected(hands.error());
            page.hands = std::move(*hands);
            return page;
        },
        done, on_formatting());
    if (!accepted) done(std::unexpected(accepted.error()));  // queue full, shutting down: 503
}

void HandBackend::hand(persistence::TournamentId tournament, int table_number, std::int64_t hand_number,
                       HandDone done) {
    auto accepted = writes_.submit<persistence::ListedHand>(
        [=](Database& db) {
            return persistence::HandListing(db).hand(tournament, table_number, hand_number);
        },
        done, on_formatting());
    if (!accepted) done(std::unexpected(accepted.error()));
}

}  // namespace tavolo::server::operators
