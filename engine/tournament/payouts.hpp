#pragma once
// Payout tables and prizes (RULES.md §6, APT Art.8): at least 10% of entrants paid, rounded up;
// prizes decrease from first place; prize = floor(pool x share), leftover cents one at a time from
// first place down. Reused by the Poker Polacco tournaments.
#include <cstdint>
#include <expected>
#include <vector>

#include "engine/types.hpp"

namespace tavolo::engine {

// Shares are in billionths of the pool.
inline constexpr std::int64_t kShareDenominator = 1'000'000'000;

struct PayoutTable {
    // shares[0] is first place; non-increasing, positive, summing to exactly kShareDenominator.
    std::vector<std::int64_t> shares;
    int paid_places() const { return static_cast<int>(shares.size()); }
};

enum class PayoutError {
    TooFewEntrants,   // a field of fewer than two players pays nobody
    TooManyEntrants,  // more than kMaxEntrants
    BadPercentages,   // empty, a share of zero or less, increasing, or not summing to 100
    NegativePool,     // a prize pool below zero
    PoolOverLimit,    // a prize pool above kMaxTotalCents
};
const char* to_string(PayoutError e);

inline constexpr int kMaxEntrants = 10'000'000;

// How many places the default table pays for `entrants` players (not entries): 1 up to 5, 2 for
// 6-9, 3 for 10-30 (50/30/20), then 10% rounded up.
int default_paid_places(int entrants);

// The default table for any field from 2 to 300,000 (and beyond): fixed tables up to 30 entrants;
// past that every paid place gets 1.25 prize parts' worth of the pool and the rest goes by 1/place.
// Precondition: 2 <= entrants <= kMaxEntrants (payout_table_for() checks it).
PayoutTable default_payout_table(int entrants);
// The same, refusing a field of fewer than two players or more than kMaxEntrants.
std::expected<PayoutTable, PayoutError> payout_table_for(int entrants);

// A table from percentages (e.g. {50, 30, 20}): positive, non-increasing, summing to 100.
std::expected<PayoutTable, PayoutError> payout_table_from_percentages(const std::vector<int>& percentages);

// A table as the type promises: non-empty, every share positive, non-increasing, summing to exactly
// kShareDenominator (BadPercentages otherwise). Tables of the functions above always are.
std::expected<void, PayoutError> verify_payout_table(const PayoutTable& table);

// The prizes of `pool` by place, exact to the cent. Precondition: 0 <= pool <= kMaxTotalCents and
// a valid table (prizes_for() checks both).
std::vector<Cents> prizes_for_pool(Cents pool, const PayoutTable& table);
std::expected<std::vector<Cents>, PayoutError> prizes_for(Cents pool, const PayoutTable& table);

// Places first..first+count-1 (1-based) shared equally by `count` tied players (RULES.md §6,
// simultaneous eliminations with equal chips); leftover cents to the better places first, i.e. to
// the earlier shares (RULES.md §7, decided). Precondition: the prizes add up to at most
// kMaxTotalCents (prizes of one pool always do).
std::vector<Cents> shared_prizes(const std::vector<Cents>& prizes, int first_place, int count);

}  // namespace tavolo::engine
