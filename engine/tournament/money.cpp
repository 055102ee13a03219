#include "engine/tournament/money.hpp"

namespace tavolo::engine {

__extension__ typedef __int128 Int128;  // GCC/Clang extension, not ISO C++

std::int64_t mul_div_floor(std::int64_t a, std::int64_t b, std::int64_t c) {
    return static_cast<std::int64_t>(static_cast<Int128>(a) * b / c);
}

bool non_negative_within(std::span<const std::int64_t> amounts, std::int64_t limit) {
    std::int64_t total = 0;
    for (auto a : amounts) {
        if (a < 0 || a > limit - total) return false;
        total += a;
    }
    return true;
}

namespace {
void hand_out_leftover(std::vector<Cents>& shares, Cents leftover) {
    for (std::size_t i = 0; leftover > 0 && !shares.empty(); i = (i + 1) % shares.size(), --leftover)
        ++shares[i];
}
}  // namespace

std::vector<Cents> split_equally(Cents amount, int ways) {
    if (ways <= 0) return {};
    std::vector<Cents> shares(static_cast<std::size_t>(ways), amount / ways);
    hand_out_leftover(shares, amount - (amount / ways) * ways);
    return shares;
}

std::vector<Cents> split_pro_rata(Cents amount, std::span<const std::int64_t> weights) {
    std::int64_t total = 0;
    for (auto w : weights)
        total += w;
    if (total <= 0) return split_equally(amount, static_cast<int>(weights.size()));
    std::vector<Cents> shares;
    shares.reserve(weights.size());
    Cents given = 0;
    for (auto w : weights) {
        shares.push_back(mul_div_floor(amount, w, total));
        given += shares.back();
    }
    hand_out_leftover(shares, amount - given);
    return shares;
}

}  // namespace tavolo::engine
