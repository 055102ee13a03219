#pragma once
// Exact splits of an amount of cents (RULES.md: nothing is ever rounded away).
#include <cstdint>
#include <span>
#include <vector>

#include "engine/types.hpp"

namespace tavolo::engine {

// floor(a * b / c) for non-negative a, b and positive c, without overflow.
std::int64_t mul_div_floor(std::int64_t a, std::int64_t b, std::int64_t c);

// Every amount is zero or more and they add up to at most `limit` (kMaxTotalCents for money,
// kMaxTotalChips for chips). Callers check this at their entry point, so the sums below cannot
// overflow. Never overflows itself: the running total is compared before each addition.
bool non_negative_within(std::span<const std::int64_t> amounts, std::int64_t limit);

// `amount` in `ways` equal shares, floored; the leftover cents go one at a time to the shares in
// index order (callers order the receivers by their rule first).
std::vector<Cents> split_equally(Cents amount, int ways);

// `amount` pro rata to `weights` (e.g. chips), each share floored; the leftover cents go one at a
// time in index order. All-zero weights split equally. Precondition: the weights are non-negative
// and add up to at most kMaxTotal (non_negative_within).
std::vector<Cents> split_pro_rata(Cents amount, std::span<const std::int64_t> weights);

}  // namespace tavolo::engine
