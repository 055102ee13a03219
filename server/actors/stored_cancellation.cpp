#include "server/actors/stored_cancellation.hpp"

#include <map>
#include <set>

#include "engine/tournament/director.hpp"
#include "persistence/engine_state.hpp"
#include "server/actors/polacco_cancellation.hpp"

namespace tavolo::server::actors {

namespace {

using persistence::RegistrationState;

bool still_playing(RegistrationState s) {
    return s == RegistrationState::registered || s == RegistrationState::playing ||
           s == RegistrationState::refunded;  // refunded by an earlier run of this cancellation
}

struct Seat {
    std::int64_t hand = -1;  // the snapshot's hand: hands are numbered across the tournament's tables
    engine::Chips chips = 0;
    int table = 0;
    int seat_from_button = 0;
};

// Where a table's seats are counted from for the order of leftover cents: the button (poker); a
// Polacco table has none, so its next first speaker (polacco_cancellation.hpp), read from its state.
int origin_of(const persistence::RecoveredTable& t, bool polacco) {
    if (t.snapshot.button) return *t.snapshot.button;
    if (!polacco) return 0;
    auto state = persistence::polacco_table_state(t);
    if (!state) return 0;
    for (std::size_t i = 0; i < state->seats.size(); ++i)
        if (state->seats[i].player == state->first_speaker) return static_cast<int>(i);
    return 0;
}

// Poker Polacco moves nobody between hands (a redraw writes the new seats and breaks the old tables
// in one transaction), so a live entry no open table's snapshot seats was eliminated by a committed
// hand whose place had not committed yet (a finish commits with its hand or after it). Its place is
// one no registration holds below the players seated. With several such entries the order of their
// hands is not known here: they share those places' prizes equally (as tied places do, RULES.md §6),
// leftover cents to the earlier registration; none is credited yet, so the plan pays it. False, and
// nothing changed, when the places missing are not as many as those entries.
bool place_unrecorded(engine::RefundCase& c, const std::vector<persistence::Registration>& regs,
                      const std::vector<std::size_t>& unseated) {
    int seated = 0;
    for (const engine::RefundEntrant& e : c.entrants)
        seated += e.remaining ? 1 : 0;
    seated -= static_cast<int>(unseated.size());
    std::set<int> recorded;
    for (const auto& r : regs)
        if (r.finishing_place) recorded.insert(*r.finishing_place);
    engine::Cents prizes = 0;
    std::size_t missing = 0;
    for (int place = seated + 1; place <= static_cast<int>(regs.size()); ++place) {
        if (recorded.contains(place)) continue;
        ++missing;
        if (place <= static_cast<int>(c.prizes.size()))
            prizes += c.prizes[static_cast<std::size_t>(place - 1)];
    }
    if (unseated.empty() || missing != unseated.size()) return false;
    const auto n = static_cast<engine::Cents>(unseated.size());
    for (std::size_t k = 0; k < unseated.size(); ++k) {
        engine::RefundEntrant& e = c.entrants[unseated[k]];
        e.remaining = false;
        e.chips = 0;
        e.prize_won = prizes / n + (static_cast<engine::Cents>(k) < prizes % n ? 1 : 0);
        e.prize_credited = false;
    }
    return true;
}

// The case's terms (kind, freeroll, guarantee, re-buys open, offer) are in `c`; the entrants and the
// prizes come from the database.
std::expected<CancellationOutcome, std::string> plan_from_database(
    const persistence::RecoveredTournament& stored, engine::RefundCase c, engine::Cents offered_each,
    const std::optional<engine::PayoutTable>& payout_table, bool polacco) {
    const auto& regs = stored.registrations;
    if (regs.size() < 2) return std::unexpected("fewer than two entries: nothing to cancel as started");
    // Where each entry sits in the latest committed snapshot that seats it.
    std::map<std::int64_t, Seat> seat_of;
    for (const persistence::RecoveredTable& t : stored.tables) {
        const auto& snap = t.snapshot;
        // A Polacco snapshot's seat i is the i-th player clockwise, as many seats as players.
        const int size =
            polacco ? std::max<int>(static_cast<int>(snap.seats.size()), 1) : std::max(t.max_seats, 2);
        const int button = origin_of(t, polacco);
        for (const persistence::SeatSnapshot& s : snap.seats) {
            Seat& known = seat_of[persistence::raw(s.registration)];
            if (snap.hand_number <= known.hand) continue;
            known = Seat{snap.hand_number, s.stack, t.table_number - 1, (s.seat - button + size) % size};
        }
    }
    engine::Cents prize_parts = 0, prizes_paid = 0;
    for (const auto& r : regs) {
        prize_parts += r.prize_part;
        prizes_paid += r.prize;
    }
    if (c.freeroll) c.offered_prize_parts = offered_each * static_cast<engine::Cents>(regs.size());
    const int field = static_cast<int>(regs.size());
    c.prizes = engine::prizes_for_pool(engine::prize_pool(prize_parts, c.guarantee),
                                       payout_table ? *payout_table : engine::default_payout_table(field));
    Roster roster;
    std::string unseated;
    std::vector<std::size_t> unseated_entrants;
    for (std::size_t i = 0; i < regs.size(); ++i) {
        const auto& r = regs[i];
        roster.entrants.push_back({persistence::raw(r.account), r.id, {}});
        engine::RefundEntrant e;
        e.entrant = static_cast<engine::EntrantId>(i);
        e.paid = r.paid;
        e.prize_parts = r.prize_part;
        e.remaining = still_playing(r.state) && !r.finishing_place;
        if (e.remaining) {
            const auto it = seat_of.find(persistence::raw(r.id));
            if (it == seat_of.end()) {
                unseated += (unseated.empty() ? "" : ", ") + std::to_string(persistence::raw(r.id));
                unseated_entrants.push_back(i);
            } else {
                e.chips = it->second.chips;
                e.table = it->second.table;
                e.seat_from_button = it->second.seat_from_button;
            }
        } else {
            e.prize_won = r.prize;
            e.prize_credited = r.prize > 0;
        }
        c.entrants.push_back(e);
    }
    if (polacco && place_unrecorded(c, regs, unseated_entrants)) unseated.clear();
    auto plan = engine::plan_refunds(c);
    if (!plan)
        return std::unexpected(std::string("the refund plan was refused: ") +
                               engine::to_string(plan.error()));
    // The fees back from the house; the pool pays what it holds (prize parts in, prizes out).
    CancellationOutcome out;
    engine::Cents pool = prize_parts - prizes_paid;
    for (const engine::RefundLine& line : plan->lines) {
        const auto& r = regs[static_cast<std::size_t>(line.entrant)];
        CancelRefund refund;
        refund.entrant = line.entrant;
        refund.registration = r.id;
        refund.account = persistence::raw(r.account);
        refund.amount = line.amount;
        const engine::Cents fees = line.reason == engine::RefundReason::PaidPlace ? 0 : r.paid - r.prize_part;
        const engine::Cents wanted = std::max<engine::Cents>(0, line.amount - std::min(fees, line.amount));
        refund.from_pool = std::min(wanted, std::max<engine::Cents>(0, pool));
        pool -= refund.from_pool;
        refund.from_house = line.amount - refund.from_pool;
        refund.key = cancel_key(r.id);
        out.refunds.push_back(std::move(refund));
    }
    out.refund_case = std::move(c);
    out.plan = std::move(*plan);
    if (!unseated.empty())
        out.error = "entries " + unseated +
                    " are in no committed snapshot (moved, not yet seated): counted with no chips";
    return out;
}

}  // namespace

std::expected<CancellationOutcome, std::string> plan_recovered_cancellation(
    const persistence::RecoveredTournament& stored, const engine::TournamentStructure& structure,
    const std::optional<engine::PayoutTable>& payout_table) {
    engine::RefundCase c;
    c.kind = structure.kind;
    c.freeroll = structure.freeroll;
    c.guarantee = structure.guarantee;
    c.rebuy_open =
        structure.rebuys.enabled && stored.tournament.clock.level <= structure.rebuys.period_levels;
    return plan_from_database(stored, std::move(c), structure.buy_in.prize_part, payout_table, false);
}

std::expected<CancellationOutcome, std::string> plan_recovered_cancellation(
    const persistence::RecoveredTournament& stored, const TournamentDeclaration& declaration) {
    const auto* polacco = std::get_if<PolaccoTournament>(&declaration.rules);
    if (polacco == nullptr) {
        const auto& poker = std::get<PokerTournament>(declaration.rules);
        return plan_recovered_cancellation(stored, poker.structure, poker.payout_table);
    }
    // Lives as chips (the snapshot's stacks), no re-buys: polacco_refund_terms, as the live plan.
    engine::RefundCase c = polacco_refund_terms(declaration, 0, {});
    return plan_from_database(stored, std::move(c), polacco->buy_in.prize_part, polacco->config.payout_table,
                              true);
}

persistence::StoreResult<CancellationOutcome> plan_stored_cancellation(
    persistence::Database& db, persistence::TournamentId tournament,
    const engine::TournamentStructure& structure, const std::optional<engine::PayoutTable>& payout_table) {
    auto all = persistence::load_unfinished_tournaments(db);
    if (!all) return std::unexpected(all.error());
    for (const auto& t : *all) {
        if (t.tournament.id != tournament) continue;
        auto plan = plan_recovered_cancellation(t, structure, payout_table);
        if (!plan) return persistence::store_error(persistence::StoreErrc::invalid_argument, plan.error());
        return std::move(*plan);
    }
    return persistence::store_error(
        persistence::StoreErrc::not_found,
        "no unfinished tournament " + std::to_string(persistence::raw(tournament)));
}

persistence::StoreResult<CancellationOutcome> cancel_stored_tournament(
    persistence::Database& db, persistence::TournamentId tournament,
    const engine::TournamentStructure& structure, const std::optional<engine::PayoutTable>& payout_table,
    std::string reason) {
    auto plan = plan_stored_cancellation(db, tournament, structure, payout_table);
    if (!plan) return plan;
    plan->reason = std::move(reason);
    auto paid = pay_refunds(db, tournament, plan->refunds);
    if (!paid) return std::unexpected(paid.error());
    plan->cancelled = true;
    return plan;
}

}  // namespace tavolo::server::actors
