#pragma once
// Helpers for the refund tests (RULES.md §7): the entrants of a cancelled tournament.
#include <map>

#include "engine/tournament/refunds.hpp"

namespace tavolo::engine::testing {

// A player still in, with the chips in front of them, at `table`, `seat` seats left of its button.
inline RefundEntrant remaining(EntrantId id, Cents paid, Cents parts, Chips chips, int table = 0,
                               int seat = 0) {
    RefundEntrant e;
    e.entrant = id;
    e.paid = paid;
    e.prize_parts = parts;
    e.remaining = true;
    e.chips = chips;
    e.table = table;
    e.seat_from_button = seat;
    return e;
}

// A player already out; `prize` that of their place (0 if unpaid), `credited` when already paid.
inline RefundEntrant eliminated(EntrantId id, Cents paid, Cents parts, Cents prize = 0,
                                bool credited = false) {
    RefundEntrant e;
    e.entrant = id;
    e.paid = paid;
    e.prize_parts = parts;
    e.remaining = false;
    e.prize_won = prize;
    e.prize_credited = credited;
    return e;
}

// What a plan pays each entrant, summed over his lines.
inline std::map<EntrantId, Cents> amounts(const RefundPlan& plan) {
    std::map<EntrantId, Cents> out;
    for (const auto& l : plan.lines)
        out[l.entrant] += l.amount;
    return out;
}

}  // namespace tavolo::engine::testing
