#include "server/actors/polacco_cancellation.hpp"

#include <algorithm>

#include "engine/polacco/types.hpp"

namespace tavolo::server::actors {

namespace polacco = engine::polacco;

engine::Chips polacco_lives(int penalties) {
    // 6 - cards held, with 2 + penalties cards: 4 lives at the start, 1 with 5 cards.
    return polacco::kMaxPenalties + 1 - penalties;
}

int polacco_seat_from_first_speaker(const std::vector<polacco::HandPlayer>& seats,
                                    polacco::PlayerId first_speaker, polacco::PlayerId player) {
    const auto index_of = [&seats](polacco::PlayerId p) -> int {
        for (std::size_t i = 0; i < seats.size(); ++i)
            if (seats[i].player == p) return static_cast<int>(i);
        return -1;
    };
    const int seat = index_of(player);
    if (seat < 0) return -1;
    const int origin = std::max(0, index_of(first_speaker));
    const int n = static_cast<int>(seats.size());
    return (seat - origin + n) % n;
}

engine::RefundCase polacco_refund_terms(const TournamentDeclaration& declaration, int entrants,
                                        const std::vector<engine::Cents>& prizes) {
    const auto& rules = std::get<PolaccoTournament>(declaration.rules);
    engine::RefundCase c;
    c.kind = declaration.kind;
    c.freeroll = rules.freeroll;
    c.guarantee = rules.config.guarantee;
    c.rebuy_open = false;  // Polacco has no re-buys nor add-on
    if (rules.freeroll)
        c.offered_prize_parts = rules.buy_in.prize_part * static_cast<engine::Cents>(entrants);
    c.prizes = prizes;
    return c;
}

std::expected<CancellationOutcome, std::string> plan_polacco_cancellation(
    const table::PolaccoCore& core, const TournamentDeclaration& declaration, const Roster& roster) {
    if (!std::holds_alternative<PolaccoTournament>(declaration.rules))
        return std::unexpected("not a Poker Polacco tournament");
    const polacco::Tournament& t = core.tournament();
    if (t.finished()) return std::unexpected("the tournament is over: its winner is known");
    const engine::BuyIn buy_in = std::get<PolaccoTournament>(declaration.rules).buy_in;
    engine::RefundCase c = polacco_refund_terms(declaration, t.entrants(), t.prizes());
    c.entrants.resize(static_cast<std::size_t>(t.entrants()));
    for (std::size_t i = 0; i < c.entrants.size(); ++i) {
        engine::RefundEntrant& e = c.entrants[i];
        e.entrant = static_cast<engine::EntrantId>(i);
        e.paid = buy_in.total();
        e.prize_parts = buy_in.prize_part;
        e.remaining = false;
    }
    // The remaining players where their table stands: a hand in play changes nothing until it is
    // finished, so the seats hold the penalties of the end of the table's last completed hand.
    for (table::PolaccoTableNumber number : core.tables()) {
        const polacco::Table* table = core.table(number);
        if (table == nullptr) continue;
        for (const polacco::HandPlayer& p : table->seats()) {
            if (p.player < 0 || p.player >= t.entrants())
                return std::unexpected("player " + std::to_string(p.player) + " is not an entrant");
            engine::RefundEntrant& e = c.entrants[static_cast<std::size_t>(p.player)];
            e.remaining = true;
            e.chips = polacco_lives(p.penalties);
            e.table = number;
            e.seat_from_button =
                polacco_seat_from_first_speaker(table->seats(), table->first_speaker(), p.player);
        }
    }
    engine::Cents paid_out = 0;
    for (const polacco::Standing& s : t.standings()) {
        if (s.player < 0 || s.player >= t.entrants()) continue;
        engine::RefundEntrant& e = c.entrants[static_cast<std::size_t>(s.player)];
        e.remaining = false;
        e.chips = 0;
        e.prize_won = s.prize;
        e.prize_credited = s.prize > 0;  // paid as the place fell (the actor waits for those payments)
        paid_out += s.prize;
    }
    auto plan = engine::plan_refunds(c);
    if (!plan)
        return std::unexpected(std::string("the refund plan was refused: ") +
                               engine::to_string(plan.error()));
    // The pool holds the prize parts paid in (by the players, or by the house for a freeroll) minus
    // the prizes paid out.
    const engine::Cents pool = buy_in.prize_part * static_cast<engine::Cents>(t.entrants()) - paid_out;
    auto refunds = split_refunds(plan->lines, c.entrants, pool, roster);
    if (!refunds) return std::unexpected(refunds.error());
    CancellationOutcome out;
    out.refund_case = std::move(c);
    out.plan = std::move(*plan);
    out.refunds = std::move(*refunds);
    return out;
}

}  // namespace tavolo::server::actors
