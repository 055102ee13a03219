// A Poker Polacco tournament's money within the engine's limit (kMaxTotalCents, engine/types.hpp):
// the pool is prize part x entrants, at least the guarantee (RULES.md §9 with §6's payouts). A prize
// part so large that the pool overflowed (undefined behaviour), a negative part or guarantee, or a
// payout table that does not split the whole pool is refused before the tournament starts.
#include <gtest/gtest.h>

#include <limits>

#include "engine/polacco/tournament.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine::polacco {
namespace {

std::expected<Tournament, PolaccoError> start_with(TournamentConfig config, int entrants = 3) {
    std::vector<PlayerId> ids;
    for (int i = 1; i <= entrants; ++i)
        ids.push_back(i);
    SeededRandom rng(7);
    return Tournament::start(ids, std::move(config), rng);
}

TEST(PolaccoMoneyLimits, PrizePoolPastTheLimitIsRefused) {
    TournamentConfig config;
    config.prize_part = std::numeric_limits<Cents>::max() / 2;  // x 3 entrants overflowed
    EXPECT_EQ(refusal_of(start_with(config)), PolaccoError::MoneyOutOfRange);
    config.prize_part = kMaxTotalCents / 3 + 1;
    EXPECT_EQ(refusal_of(start_with(config)), PolaccoError::MoneyOutOfRange);
    config.prize_part = kMaxTotalCents / 3;
    auto t = start_with(config);
    ASSERT_TRUE(t.has_value());
    EXPECT_EQ(t->prize_pool(), kMaxTotalCents / 3 * 3);
    Cents sum = 0;
    for (Cents p : t->prizes())
        sum += p;
    EXPECT_EQ(sum, t->prize_pool());
}

TEST(PolaccoMoneyLimits, NegativeOrHugeGuaranteeAndNegativePrizePartAreRefused) {
    TournamentConfig config;
    config.guarantee = -1;
    EXPECT_EQ(refusal_of(start_with(config)), PolaccoError::MoneyOutOfRange);
    config.guarantee = kMaxTotalCents + 1;
    EXPECT_EQ(refusal_of(start_with(config)), PolaccoError::MoneyOutOfRange);
    config.guarantee = 0;
    config.prize_part = -100;
    EXPECT_EQ(refusal_of(start_with(config)), PolaccoError::MoneyOutOfRange);
    EXPECT_NE(describe(PolaccoError::MoneyOutOfRange), describe(PolaccoError::InvalidRules));
}

TEST(PolaccoMoneyLimits, PayoutTableThatDoesNotSplitThePoolIsRefused) {
    TournamentConfig config;
    config.prize_part = 1000;
    config.payout_table = PayoutTable{{std::numeric_limits<std::int64_t>::max(), 1}};
    EXPECT_EQ(refusal_of(start_with(config)), PolaccoError::InvalidPayoutTable);
    config.payout_table = PayoutTable{{kShareDenominator / 2, kShareDenominator / 2}};
    EXPECT_TRUE(start_with(config).has_value());
}

}  // namespace
}  // namespace tavolo::engine::polacco
