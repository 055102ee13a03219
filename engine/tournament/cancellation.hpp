#pragma once
// A cancelled tournament's refund case (RULES.md §7) built from the director's state: the floor
// as at the end of each table's last correctly completed hand, the ranking so far, and what each
// entrant paid.
#include <expected>
#include <span>
#include <vector>

#include "engine/tournament/floor.hpp"
#include "engine/tournament/ranking.hpp"
#include "engine/tournament/refunds.hpp"

namespace tavolo::engine {

struct EntrantPayments {
    Cents paid = 0;         // buy-ins, re-buys, add-ons, fees included
    Cents prize_parts = 0;  // their prize-pool share
};

struct CancellationTerms {
    TournamentKind kind = TournamentKind::ScheduledMtt;
    bool freeroll = false;
    Cents guarantee = 0;
    bool rebuy_open = false;
    Cents offered_prize_parts = 0;  // freeroll
    std::vector<Cents> prizes;      // the announced prizes by place
    // Prizes are credited as players finish in a paid place (so a refund never pays them again).
    bool prizes_credited_at_elimination = true;
};

// `payments` is indexed by entrant id. Remaining players are those seated on the floor and those
// moving to a table that plays a hand (its arrivals, with the chips their old table reported,
// ordered after its seated players); table number and seat from the button order the leftover cents. An
// entrant with no payments entry is refused (UnknownEntrant); announced prizes below zero (NegativeAmount) or
// adding up past kMaxTotalCents (OverLimit) too. plan_refunds() checks the rest.
std::expected<RefundCase, RefundError> cancellation_case(const CancellationTerms& terms, const Floor& floor,
                                                         const Ranking& ranking,
                                                         std::span<const EntrantPayments> payments);

}  // namespace tavolo::engine
