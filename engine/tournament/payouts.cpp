#include "engine/tournament/payouts.hpp"

#include <algorithm>

#include "engine/tournament/money.hpp"

namespace tavolo::engine {

int default_paid_places(int entrants) {
    if (entrants <= 5) return 1;
    if (entrants <= 9) return 2;
    if (entrants <= 30) return 3;
    return (entrants + 9) / 10;
}

PayoutTable payout_table_from_percentages(const std::vector<int>& percentages) {
    PayoutTable t;
    for (int p : percentages)
        t.shares.push_back(static_cast<std::int64_t>(p) * (kShareDenominator / 100));
    return t;
}

PayoutTable default_payout_table(int entrants) {
    const int places = default_paid_places(entrants);
    if (places == 1) return payout_table_from_percentages({100});
    if (places == 2) return payout_table_from_percentages({65, 35});
    if (places == 3) return payout_table_from_percentages({50, 30, 20});

    // Every paid place first gets 1.25 prize parts (the pool is about `entrants` prize parts), so
    // a minimum cash beats the buy-in; the rest decreases as 1/place.
    const double base = 1.25 / entrants;
    double harmonic = 0;
    for (int i = 1; i <= places; ++i)
        harmonic += 1.0 / i;
    const double rest = 1.0 - base * places;
    PayoutTable t;
    t.shares.reserve(static_cast<std::size_t>(places));
    std::int64_t sum = 0;
    for (int i = 1; i <= places; ++i) {
        const double share = base + rest / (harmonic * i);
        t.shares.push_back(static_cast<std::int64_t>(share * static_cast<double>(kShareDenominator)));
        sum += t.shares.back();
    }
    // Rounding of the doubles: what is missing (or over) goes to first place, so the table is exact.
    t.shares.front() += kShareDenominator - sum;
    return t;
}

std::vector<Cents> prizes_for_pool(Cents pool, const PayoutTable& table) {
    std::vector<Cents> prizes;
    prizes.reserve(table.shares.size());
    Cents given = 0;
    for (auto share : table.shares) {
        prizes.push_back(mul_div_floor(pool, share, kShareDenominator));
        given += prizes.back();
    }
    for (std::size_t i = 0; given < pool && !prizes.empty(); i = (i + 1) % prizes.size(), ++given)
        ++prizes[i];
    return prizes;
}

std::vector<Cents> shared_prizes(const std::vector<Cents>& prizes, int first_place, int count) {
    Cents sum = 0;
    for (int p = first_place; p < first_place + count; ++p)
        if (p >= 1 && p <= static_cast<int>(prizes.size())) sum += prizes[static_cast<std::size_t>(p - 1)];
    return split_equally(sum, count);
}

}  // namespace tavolo::engine
