#pragma once
// Exact splits of an amount of cents (RULES.md: nothing is ever rounded away).
#include <cstdint>
#include <span>
#include <vector>

#include "engine/types.hpp"

namespace tavolo::engine {

// floor(a * b / c) for non-negative a, b and positive c, without overflow.
std::int64_t mul_div_floor(std::int64_t a, std::int64_t b, std::int64_t c);

// `amount` in `ways` equal shares, floored; the leftover cents go one at a time to the shares in
// index order (callers order the receivers by their rule first).
std::vector<Cents> split_equally(Cents amount, int ways);

// `amount` pro rata to `weights` (e.g. chips), each share floored; the leftover cents go one at a
// time in index order. All-zero weights split equally.
std::vector<Cents> split_pro_rata(Cents amount, std::span<const std::int64_t> weights);

}  // namespace tavolo::engine
