#include "server/actors/tournament_cancellation.hpp"

#include <algorithm>
#include <numeric>

#include "engine/tournament/cancellation.hpp"
#include "engine/tournament/tournament_director.hpp"
#include "persistence/ledger.hpp"
#include "persistence/tournament_store.hpp"

namespace tavolo::server::actors {

std::string cancel_key(persistence::RegistrationId registration) {
    return "cancel:" + std::to_string(persistence::raw(registration));
}

std::expected<std::vector<CancelRefund>, std::string> split_refunds(
    const std::vector<engine::RefundLine>& lines, const std::vector<engine::RefundEntrant>& paid,
    engine::Cents pool_holds, const Roster& roster) {
    std::vector<CancelRefund> out;
    for (const engine::RefundLine& line : lines) {
        const RosterEntry* e = roster.find(line.entrant);
        if (e == nullptr)
            return std::unexpected("entrant " + std::to_string(line.entrant) + " is not on the roster");
        engine::Cents fees = 0;
        for (const engine::RefundEntrant& p : paid)
            if (p.entrant == line.entrant && line.reason != engine::RefundReason::PaidPlace)
                fees = std::max<engine::Cents>(0, p.paid - p.prize_parts);
        CancelRefund r;
        r.entrant = line.entrant;
        r.registration = e->registration;
        r.account = e->account;
        r.amount = line.amount;
        const engine::Cents wanted = std::max<engine::Cents>(0, line.amount - std::min(fees, line.amount));
        r.from_pool = std::min(wanted, std::max<engine::Cents>(0, pool_holds));
        pool_holds -= r.from_pool;
        r.from_house = line.amount - r.from_pool;
        r.key = cancel_key(e->registration);
        out.push_back(std::move(r));
    }
    return out;
}

std::expected<CancellationOutcome, std::string> plan_cancellation(
    const engine::TournamentDirector& director, const engine::TournamentStructure& structure,
    const Roster& roster) {
    if (director.finished()) return std::unexpected("the tournament is over: its winner is known");
    engine::CancellationTerms terms;
    terms.kind = structure.kind;
    terms.freeroll = structure.freeroll;
    terms.guarantee = structure.guarantee;
    terms.rebuy_open = director.rebuy_period();
    if (structure.freeroll)
        terms.offered_prize_parts =
            structure.buy_in.prize_part * static_cast<engine::Cents>(director.entrants());
    terms.prizes = director.prizes();
    terms.prizes_credited_at_elimination = true;  // the director pays each place as it falls
    auto refund_case =
        engine::cancellation_case(terms, director.floor(), director.ranking(), director.payments());
    if (!refund_case)
        return std::unexpected(std::string("the refund case was refused: ") +
                               engine::to_string(refund_case.error()));
    auto plan = engine::plan_refunds(*refund_case);
    if (!plan)
        return std::unexpected(std::string("the refund plan was refused: ") +
                               engine::to_string(plan.error()));
    // What the prize pool wallet still holds: the prize parts paid in, minus the prizes paid out.
    const std::vector<engine::Cents> won = director.prizes_won();
    const engine::Cents paid_out = std::accumulate(won.begin(), won.end(), engine::Cents{0});
    auto refunds =
        split_refunds(plan->lines, refund_case->entrants, director.prize_parts() - paid_out, roster);
    if (!refunds) return std::unexpected(refunds.error());
    CancellationOutcome out;
    out.refund_case = std::move(*refund_case);
    out.plan = std::move(*plan);
    out.refunds = std::move(*refunds);
    return out;
}

std::expected<CancellationOutcome, std::string> plan_unstarted(const engine::BuyIn& buy_in,
                                                               const Roster& roster) {
    std::vector<engine::RefundEntrant> entrants;
    for (std::size_t i = 0; i < roster.entrants.size(); ++i) {
        engine::RefundEntrant e;
        e.entrant = static_cast<engine::EntrantId>(i);
        e.paid = buy_in.total();
        e.prize_parts = buy_in.prize_part;
        entrants.push_back(e);
    }
    auto lines = engine::refund_unstarted(entrants);
    if (!lines)
        return std::unexpected(std::string("the refunds were refused: ") + engine::to_string(lines.error()));
    const engine::Cents pool = buy_in.prize_part * static_cast<engine::Cents>(entrants.size());
    auto refunds = split_refunds(*lines, entrants, pool, roster);
    if (!refunds) return std::unexpected(refunds.error());
    CancellationOutcome out;
    out.started = false;
    out.plan.lines = std::move(*lines);
    out.refunds = std::move(*refunds);
    return out;
}

persistence::StoreResult<std::vector<engine::Cents>> pay_refunds(persistence::Database& db,
                                                                 persistence::TournamentId tournament,
                                                                 const std::vector<CancelRefund>& refunds) {
    persistence::TournamentStore store(db);
    persistence::Ledger ledger(db);
    for (const CancelRefund& r : refunds) {
        auto paid = store.refund(r.registration, r.from_pool, r.from_house, r.key);
        if (!paid) return std::unexpected(paid.error());
    }
    if (auto state = store.set_state(tournament, persistence::TournamentState::cancelled); !state)
        return std::unexpected(state.error());
    std::vector<engine::Cents> balances;
    for (const CancelRefund& r : refunds) {
        auto wallet = ledger.wallet_of(persistence::AccountId{r.account});
        if (!wallet) return std::unexpected(wallet.error());
        auto balance = ledger.balance(*wallet);
        if (!balance) return std::unexpected(balance.error());
        balances.push_back(*balance);
    }
    return balances;
}

protocol::v1::TournamentEvent cancelled_event(std::int64_t tournament, const CancellationOutcome& outcome,
                                              const Roster& roster) {
    protocol::v1::TournamentEvent event;
    event.set_tournament_id(tournament);
    auto* cancelled = event.mutable_cancelled();
    cancelled->set_reason(outcome.reason);
    for (const CancelRefund& r : outcome.refunds) {
        auto* refund = cancelled->add_refunds();
        refund->set_entrant(static_cast<std::int32_t>(r.entrant));
        refund->set_name(roster.name_of(r.entrant));
        refund->set_amount_cents(r.amount);
    }
    return event;
}

}  // namespace tavolo::server::actors
