#include "engine/tournament/payouts.hpp"

#include <initializer_list>

#include "engine/tournament/money.hpp"

namespace tavolo::engine {

const char* to_string(PayoutError e) {
    switch (e) {
        case PayoutError::TooFewEntrants:
            return "a tournament needs at least two entrants";
        case PayoutError::TooManyEntrants:
            return "more entrants than a payout table is made for (10,000,000)";
        case PayoutError::BadPercentages:
            return "payout percentages must be positive, non-increasing and sum to 100";
        case PayoutError::NegativePool:
            return "the prize pool is below zero";
        case PayoutError::PoolOverLimit:
            return "the prize pool is above the engine's limit (2^53 - 1 cents): check the buy-ins and the "
                   "guarantee";
    }
    return "unknown payout error";
}

int default_paid_places(int entrants) {
    if (entrants <= 5) return 1;
    if (entrants <= 9) return 2;
    if (entrants <= 30) return 3;
    return (entrants + 9) / 10;
}

namespace {
PayoutTable from_percentages(std::initializer_list<int> percentages) {
    PayoutTable t;
    for (int p : percentages)
        t.shares.push_back(static_cast<std::int64_t>(p) * (kShareDenominator / 100));
    return t;
}
}  // namespace

std::expected<PayoutTable, PayoutError> payout_table_from_percentages(const std::vector<int>& percentages) {
    int sum = 0;
    for (std::size_t i = 0; i < percentages.size(); ++i) {
        const int p = percentages[i];
        if (p <= 0 || p > 100 || (i > 0 && p > percentages[i - 1]))
            return std::unexpected(PayoutError::BadPercentages);
        sum += p;
        if (sum > 100) return std::unexpected(PayoutError::BadPercentages);
    }
    if (sum != 100) return std::unexpected(PayoutError::BadPercentages);
    PayoutTable t;
    for (int p : percentages)
        t.shares.push_back(static_cast<std::int64_t>(p) * (kShareDenominator / 100));
    return t;
}

std::expected<PayoutTable, PayoutError> payout_table_for(int entrants) {
    if (entrants < 2) return std::unexpected(PayoutError::TooFewEntrants);
    if (entrants > kMaxEntrants) return std::unexpected(PayoutError::TooManyEntrants);
    return default_payout_table(entrants);
}

PayoutTable default_payout_table(int entrants) {
    const int places = default_paid_places(entrants);
    if (places == 1) return from_percentages({100});
    if (places == 2) return from_percentages({65, 35});
    if (places == 3) return from_percentages({50, 30, 20});

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

std::expected<void, PayoutError> verify_payout_table(const PayoutTable& table) {
    if (table.shares.empty()) return std::unexpected(PayoutError::BadPercentages);
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < table.shares.size(); ++i) {
        const std::int64_t share = table.shares[i];
        // Each share at most the whole, checked before it is added: the sum stays below 2^31.
        if (share <= 0 || share > kShareDenominator || (i > 0 && share > table.shares[i - 1]))
            return std::unexpected(PayoutError::BadPercentages);
        sum += share;
        if (sum > kShareDenominator) return std::unexpected(PayoutError::BadPercentages);
    }
    if (sum != kShareDenominator) return std::unexpected(PayoutError::BadPercentages);
    return {};
}

std::expected<std::vector<Cents>, PayoutError> prizes_for(Cents pool, const PayoutTable& table) {
    if (pool < 0) return std::unexpected(PayoutError::NegativePool);
    if (pool > kMaxTotalCents) return std::unexpected(PayoutError::PoolOverLimit);
    if (auto ok = verify_payout_table(table); !ok) return std::unexpected(ok.error());
    return prizes_for_pool(pool, table);
}

std::vector<Cents> shared_prizes(const std::vector<Cents>& prizes, int first_place, int count) {
    Cents sum = 0;
    for (int p = first_place; p < first_place + count; ++p)
        if (p >= 1 && p <= static_cast<int>(prizes.size())) sum += prizes[static_cast<std::size_t>(p - 1)];
    return split_equally(sum, count);
}

}  // namespace tavolo::engine
