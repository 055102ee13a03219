// RULES.md §6, prize pool and payout tables.
#include <gtest/gtest.h>

#include <numeric>

#include "engine/tournament/payouts.hpp"

namespace tavolo::engine {
namespace {

TEST(Payouts, rules_6_thirty_entrants_pay_50_30_20) {
    const auto table = default_payout_table(30);
    ASSERT_EQ(table.paid_places(), 3);
    const auto prizes = prizes_for_pool(30 * 2000, table);
    EXPECT_EQ(prizes, (std::vector<Cents>{30000, 18000, 12000}));
}

TEST(Payouts, rules_6_leftover_cents_go_from_first_place_down) {
    const auto table = *payout_table_from_percentages({50, 30, 20});
    EXPECT_EQ(prizes_for_pool(10001, table), (std::vector<Cents>{5001, 3000, 2000}));
    // 3.5 + 2.1 + 1.4: floors 3 + 2 + 1, one cent left for first place.
    EXPECT_EQ(prizes_for_pool(7, table), (std::vector<Cents>{4, 2, 1}));
    // 50/30/20 of 9,999: 4999.5, 2999.7, 1999.8 -> 4999 + 2999 + 1999, two cents left.
    EXPECT_EQ(prizes_for_pool(9999, table), (std::vector<Cents>{5000, 3000, 1999}));
}

TEST(Payouts, rules_6_paid_places_at_least_ten_percent_rounded_up) {
    EXPECT_EQ(default_paid_places(2), 1);
    EXPECT_EQ(default_paid_places(6), 2);
    EXPECT_EQ(default_paid_places(10), 3);
    EXPECT_EQ(default_paid_places(31), 4);
    EXPECT_EQ(default_paid_places(100), 10);
    EXPECT_EQ(default_paid_places(101), 11);
    EXPECT_EQ(default_paid_places(253693), 25370);
    EXPECT_EQ(default_paid_places(300000), 30000);
}

TEST(Payouts, rules_6_every_field_size_has_an_exact_decreasing_table) {
    std::vector<int> sizes;
    for (int n = 2; n <= 1200; ++n)
        sizes.push_back(n);
    for (int n : {5000, 9999, 45678, 100000, 253693, 300000})
        sizes.push_back(n);
    for (int n : sizes) {
        const auto t = default_payout_table(n);
        ASSERT_GE(t.paid_places() * 10, n) << n;
        ASSERT_EQ(std::accumulate(t.shares.begin(), t.shares.end(), std::int64_t{0}), kShareDenominator) << n;
        for (std::size_t i = 1; i < t.shares.size(); ++i)
            ASSERT_GE(t.shares[i - 1], t.shares[i]) << n << " place " << i + 1;
        ASSERT_GT(t.shares.back(), 0) << n;
        const Cents pool = static_cast<Cents>(n) * 1000 + 37;  // a pool that does not divide evenly
        const auto prizes = prizes_for_pool(pool, t);
        ASSERT_EQ(std::accumulate(prizes.begin(), prizes.end(), Cents{0}), pool) << n;
        // The smallest prize is worth more than one prize part (1000 cents).
        if (n > 30) {
            ASSERT_GT(prizes.back(), 1000) << n;
        }
    }
}

TEST(Payouts, rules_6_tied_players_share_their_places_prizes) {
    const std::vector<Cents> prizes{5000, 3000, 2001};
    // Second and third shared: (3000 + 2001) / 2 = 2500.5 -> 2501 and 2500.
    EXPECT_EQ(shared_prizes(prizes, 2, 2), (std::vector<Cents>{2501, 2500}));
    // Third and fourth (unpaid) shared: 2001 / 2.
    EXPECT_EQ(shared_prizes(prizes, 3, 2), (std::vector<Cents>{1001, 1000}));
}

}  // namespace
}  // namespace tavolo::engine
