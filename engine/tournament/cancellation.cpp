#include "engine/tournament/cancellation.hpp"

#include "engine/tournament/money.hpp"

namespace tavolo::engine {

std::expected<RefundCase, RefundError> cancellation_case(const CancellationTerms& terms, const Floor& floor,
                                                         const Ranking& ranking,
                                                         std::span<const EntrantPayments> payments) {
    // The announced prizes are summed for shared places below: refuse them before any sum is made.
    for (Cents p : terms.prizes)
        if (p < 0) return std::unexpected(RefundError::NegativeAmount);
    if (!non_negative_within(terms.prizes, kMaxTotalCents)) return std::unexpected(RefundError::OverLimit);
    RefundCase c;
    c.kind = terms.kind;
    c.freeroll = terms.freeroll;
    c.guarantee = terms.guarantee;
    c.rebuy_open = terms.rebuy_open;
    c.offered_prize_parts = terms.offered_prize_parts;
    c.prizes = terms.prizes;
    auto known = [&](EntrantId id) { return id >= 0 && static_cast<std::size_t>(id) < payments.size(); };
    // What an entrant paid in, to be completed as eliminated or remaining.
    auto entry = [&](EntrantId id) {
        const EntrantPayments& p = payments[static_cast<std::size_t>(id)];
        RefundEntrant e;
        e.entrant = id;
        e.paid = p.paid;
        e.prize_parts = p.prize_parts;
        return e;
    };
    const auto won = prizes_for_placings(ranking.placings(), terms.prizes);
    c.entrants.reserve(ranking.placings().size() + static_cast<std::size_t>(floor.players()));
    for (std::size_t i = 0; i < ranking.placings().size(); ++i) {
        const EntrantId id = ranking.placings()[i].entrant;
        if (!known(id)) return std::unexpected(RefundError::UnknownEntrant);
        RefundEntrant e = entry(id);
        e.remaining = false;
        e.prize_won = won[i];
        e.prize_credited = terms.prizes_credited_at_elimination && won[i] > 0;
        c.entrants.push_back(e);
    }
    for (int t = 0; t < floor.table_count(); ++t) {
        if (!floor.open(t)) continue;
        const TableView& table = floor.table(t);
        for (SeatIndex s = 0; s < table.size(); ++s) {
            if (!table.occupied(s)) continue;
            const EntrantId id = table.at(s).entrant;
            if (!known(id)) return std::unexpected(RefundError::UnknownEntrant);
            RefundEntrant e = entry(id);
            e.remaining = true;
            e.chips = table.at(s).stack;
            e.table = t;
            const SeatIndex button = table.button() == kNoSeat ? 0 : table.button();
            e.seat_from_button = (s - button + table.size()) % table.size();
            c.entrants.push_back(e);
        }
        // Players moving to this table while it plays a hand (balancing, breaking): still in the
        // tournament with the chips their old table reported, after its seated players in the order
        // of leftover cents (they hold no seat yet).
        int arrival = 0;
        for (const SeatMove& m : table.arrivals()) {
            if (!known(m.entrant)) return std::unexpected(RefundError::UnknownEntrant);
            RefundEntrant e = entry(m.entrant);
            e.remaining = true;
            e.chips = m.player.stack;
            e.table = t;
            e.seat_from_button = table.size() + arrival++;
            c.entrants.push_back(e);
        }
    }
    return c;
}

}  // namespace tavolo::engine
