#pragma once
// Refunds of a tournament cancelled for technical reasons (RULES.md §7), exact to the cent.
#include <expected>
#include <vector>

#include "engine/table/table_player.hpp"
#include "engine/tournament/tournament_kind.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

// One entrant as at the end of the last correctly completed hand of each table.
struct RefundEntrant {
    EntrantId entrant = kNoEntrant;
    Cents paid = 0;         // everything paid: buy-ins, re-buys, add-ons, fees included
    Cents prize_parts = 0;  // the prize-pool share of those payments
    bool remaining = true;  // still in the tournament
    Chips chips = 0;        // remaining players: chips (Poker Polacco: lives left, 6 - cards held)
    int table = 0;          // remaining players: for the order of leftover cents
    int seat_from_button = 0;
    Cents prize_won = 0;          // eliminated players: the prize of their (paid) place, 0 if unpaid
    bool prize_credited = false;  // that prize was already credited at elimination
};

struct RefundCase {
    // HeadsUp with two entrants: the heads-up row; a heads-up bracket of more refunds as a shoot-out.
    TournamentKind kind = TournamentKind::ScheduledMtt;
    bool freeroll = false;
    Cents guarantee = 0;            // 0: not guaranteed
    bool rebuy_open = false;        // a re-buy or add-on was still possible at cancellation
    Cents offered_prize_parts = 0;  // freeroll: the prize parts of the offered entries
    // Prizes by place as announced (index 0 = first place); P = prizes.size().
    std::vector<Cents> prizes;
    std::vector<RefundEntrant> entrants;
};

enum class RefundReason {
    PaidBack,        // what the player paid
    PaidPlace,       // an eliminated player's prize, not yet credited
    RemainingShare,  // a remaining player's paid amount plus shares of the residual pool
};

struct RefundLine {
    EntrantId entrant = kNoEntrant;
    Cents amount = 0;
    RefundReason reason = RefundReason::RemainingShare;
};

struct RefundPlan {
    int remaining = 0;              // k
    int prizes = 0;                 // P
    Cents residual = 0;             // R (freeroll: M)
    Cents eliminated_prizes = 0;    // E
    Cents next_prize = 0;           // per remaining player (after any reduction)
    Cents extra = 0;                // X
    std::vector<RefundLine> lines;  // one per entrant who receives something
    Cents total() const;
};

enum class RefundError {
    TournamentOver,    // fewer than two players remain: nothing to cancel
    NegativeAmount,    // a paid amount, prize part, chip count, prize, guarantee or offer below zero
    UnknownEntrant,    // an entrant id below zero, or one no payments are known for
    DuplicateEntrant,  // the same entrant listed twice
    OverLimit,         // amounts of one kind add up past kMaxTotalCents (chips: kMaxTotalChips)
};

const char* to_string(RefundError e);

// Refuses bad input (negative amounts, duplicate or invalid ids, amounts of one kind adding up past
// the engine's limit: what is paid, the prize parts, the prizes won, the announced prizes, the chips
// of the remaining players, the guarantee or the offer) and a tournament that is over.
// Deterministic: the same case gives the same plan, lines in the same order. Only players who
// receive something have a line (RULES.md §7, decided).
std::expected<RefundPlan, RefundError> plan_refunds(const RefundCase& c);

// A tournament that never started (MTT below its minimum): every entry refunded in full; an entry
// that paid nothing (a freeroll) has no line. Refuses negative amounts, invalid or repeated ids and
// payments adding up past kMaxTotalCents.
std::expected<std::vector<RefundLine>, RefundError> refund_unstarted(
    const std::vector<RefundEntrant>& entrants);

}  // namespace tavolo::engine
