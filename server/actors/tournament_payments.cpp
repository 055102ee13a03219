#include "server/actors/tournament_payments.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>
#include <set>

#include "persistence/ledger.hpp"
#include "persistence/tournament_store.hpp"
#include "server/session/session_core.hpp"

namespace tavolo::server::actors {

std::string prize_key(std::int64_t tournament, persistence::RegistrationId registration) {
    return "prize:" + std::to_string(tournament) + ":" + std::to_string(persistence::raw(registration));
}

void send_balance(ActorContext& context, persistence::TableId table, std::int64_t account,
                  const persistence::Executor& executor) {
    Outbox& outbox = context.outbox;
    // Ordered after the finish (same table), so the balance includes the prize.
    auto accepted = context.writes.submit<engine::Cents>(
        table,
        [account](persistence::Database& db) -> persistence::StoreResult<engine::Cents> {
            persistence::Ledger ledger(db);
            auto wallet = ledger.wallet_of(persistence::AccountId{account});
            if (!wallet) return std::unexpected(wallet.error());
            return ledger.balance(*wallet);
        },
        [&outbox, account](persistence::StoreResult<engine::Cents> balance) {
            if (!balance) {
                spdlog::warn("event=wallet_not_read account={} error=\"{}\"", account,
                             balance.error().message);
                return;
            }
            protocol::v1::ServerMessage message;
            message.mutable_wallet()->set_balance_cents(*balance);
            outbox.to_account(account, session::serialise(message));
        },
        executor);
    if (!accepted)
        spdlog::warn("event=wallet_not_read account={} error=\"{}\"", account, accepted.error().message);
}

void pay_place(ActorContext& context, persistence::TableId table, std::int64_t tournament,
               const RosterEntry& entry, int place, engine::Cents prize,
               const persistence::Executor& executor, std::function<void(bool)> done) {
    const persistence::Finish finish{entry.registration, place, prize,
                                     prize_key(tournament, entry.registration)};
    auto accepted = context.writes.submit_finish(
        table, finish,
        [done, tournament, place,
         registration = entry.registration](persistence::StoreResult<persistence::Registration> r) {
            if (!r)
                spdlog::error("event=finish_not_recorded tournament={} registration={} place={} error=\"{}\"",
                              tournament, persistence::raw(registration), place, r.error().message);
            if (done) done(r.has_value());
        },
        executor);
    if (!accepted) {
        spdlog::error("event=finish_not_accepted tournament={} registration={} place={} error=\"{}\"",
                      tournament, persistence::raw(entry.registration), place, accepted.error().message);
        if (done) executor.post([done] { done(false); });
        return;
    }
    if (prize > 0) send_balance(context, table, entry.account, executor);
}

void mark_tournament_finished(ActorContext& context, persistence::TournamentId tournament,
                              const persistence::Executor& executor) {
    const std::int64_t id = persistence::raw(tournament);
    auto accepted = context.writes.submit<void>(
        [tournament](persistence::Database& db) {
            return persistence::TournamentStore(db).set_state(tournament,
                                                              persistence::TournamentState::finished);
        },
        [id](persistence::StoreResult<void> r) {
            if (!r)
                spdlog::error("event=tournament_state_not_saved tournament={} error=\"{}\"", id,
                              r.error().message);
        },
        executor);
    if (!accepted)
        spdlog::error("event=tournament_state_not_saved tournament={} error=\"{}\"", id,
                      accepted.error().message);
}

protocol::v1::ServerMessage tournament_message(protocol::v1::TournamentEvent event) {
    protocol::v1::ServerMessage message;
    *message.mutable_tournament_event() = std::move(event);
    return message;
}

void to_entrants(Outbox& outbox, const Roster& roster, const protocol::v1::ServerMessage& message) {
    const Frame frame = session::serialise(message);
    std::set<session::AccountIdValue> sent;       // an account with two entries hears it once
    for (const RosterEntry& e : roster.entrants)  // account 0: a place kept for a late entrant
        if (e.account != 0 && sent.insert(e.account).second) outbox.to_account(e.account, frame);
}

void tell_results(Outbox& outbox, const Roster& roster, std::int64_t tournament,
                  std::vector<protocol::FinalPlace> results) {
    const auto entrants = static_cast<std::int32_t>(results.size());
    if (results.size() <= kPlacesToAll) {
        to_entrants(outbox, roster, tournament_message(protocol::finished(tournament, results, entrants)));
        return;
    }
    std::ranges::stable_sort(results, {}, [](const protocol::FinalPlace& r) { return r.placing.place; });
    const std::span<const protocol::FinalPlace> top(results.data(), kPlacesToAll);
    const Frame to_all =
        session::serialise(tournament_message(protocol::finished(tournament, top, entrants)));
    // Each account's lines below the first places (an account with two entries may have two).
    std::map<session::AccountIdValue, std::vector<protocol::FinalPlace>> below;
    for (std::size_t i = kPlacesToAll; i < results.size(); ++i) {
        const auto entrant = static_cast<std::size_t>(results[i].placing.entrant);
        if (entrant < roster.entrants.size() && roster.entrants[entrant].account != 0)
            below[roster.entrants[entrant].account].push_back(results[i]);
    }
    std::set<session::AccountIdValue> sent;
    for (const RosterEntry& e : roster.entrants) {
        if (e.account == 0 || !sent.insert(e.account).second) continue;
        const auto own = below.find(e.account);
        if (own == below.end()) {
            outbox.to_account(e.account, to_all);
            continue;
        }
        std::vector<protocol::FinalPlace> lines(top.begin(), top.end());
        lines.insert(lines.end(), own->second.begin(), own->second.end());
        outbox.to_account(
            e.account,
            session::serialise(tournament_message(protocol::finished(tournament, lines, entrants))));
    }
}

}  // namespace tavolo::server::actors
