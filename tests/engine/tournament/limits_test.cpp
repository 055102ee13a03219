// The engine's limits (kMaxTotalChips, kMaxTotalCents: engine/types.hpp) at every entry point of the
// table and tournament layers that sums player amounts: a table's chips, re-buys, the final stacks of
// a hand, prize pools and prizes, refunds and cancellation, structures, blind levels past the last.
// Each over-limit input is refused with its typed error and changes nothing; before the limits,
// each of these overflowed a signed sum (undefined behaviour, reported by test_engine_ubsan).
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "engine/poker/setup_limits.hpp"
#include "engine/tournament/cancellation.hpp"
#include "engine/tournament/payouts.hpp"
#include "engine/tournament/structure.hpp"
#include "tests/engine/tournament/floor_support.hpp"
#include "tests/engine/tournament/refund_entrants.hpp"
#include "tests/engine/tournament/table_support.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine {
namespace {

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

TEST(Limits, TableSitPastTheLimitIsRefused) {
    Table t(10);
    ASSERT_TRUE(t.sit(0, 1, kMaxTotalChips - 10).has_value());
    EXPECT_EQ(refusal_of(t.sit(1, 2, 11)), TableError::ChipsOverLimit);
    EXPECT_EQ(refusal_of(t.sit(1, 2, kInt64Max)), TableError::ChipsOverLimit);
    EXPECT_FALSE(t.occupied(1));
    ASSERT_TRUE(t.sit(1, 2, 10).has_value());
    EXPECT_EQ(t.total_chips(), kMaxTotalChips);
}

// A move between tables never fails at the limit (the floor relies on it): the table takes the
// player, and the hand refuses the set-up instead of dropping anyone.
TEST(Limits, AMovedPlayerPastTheTableLimitIsSeatedAndTheHandRefusesTheSetup) {
    Table t(10);
    ASSERT_TRUE(t.sit(0, 1, kMaxTotalChips - 10).has_value());
    TablePlayer moved;
    moved.entrant = 2;
    moved.stack = kMaxTotalChips + 1;
    EXPECT_EQ(refusal_of(t.sit(1, moved)), TableError::ChipsOverLimit);
    moved.stack = 100;
    ASSERT_TRUE(t.sit(1, moved).has_value());
    ASSERT_TRUE(t.set_first_button(0).has_value());
    auto setup = t.start_hand(1, Variant::Holdem, Betting::NoLimit, Stakes{25, 50, 0});
    ASSERT_TRUE(setup.has_value());
    EXPECT_EQ(refusal_of(verify_setup_limits(*setup)), SetupError::ChipsOverLimit);
}

TEST(Limits, RebuyPastTheLimitIsRefused) {
    Table t = testing::table_with({0, 1}, 0);
    // Before the limit, a re-buy of the largest Chips value overflowed the stack.
    EXPECT_EQ(refusal_of(t.add_chips(0, kInt64Max)), TableError::ChipsOverLimit);
    EXPECT_EQ(refusal_of(t.add_chips(0, kMaxTotalChips - 1999)), TableError::ChipsOverLimit);
    EXPECT_EQ(t.at(0).stack, 1000);
    ASSERT_TRUE(t.add_chips(0, kMaxTotalChips - 2000).has_value());
    EXPECT_EQ(t.total_chips(), kMaxTotalChips);
}

TEST(Limits, FinalStacksThatWrapAroundToTheStartingTotalAreRefused) {
    Table t = testing::table_with({0, 1, 2}, 0);
    ASSERT_TRUE(t.start_hand(1, Variant::Holdem, Betting::NoLimit, Stakes{25, 50, 0}).has_value());
    // 2 x (2^63 - 1) + 3,002 wraps to 3,000 in 64 bits: the sum of the final stacks overflowed and the
    // table took the chips as conserved.
    const std::vector<Chips> wrapped{kInt64Max, kInt64Max, 3002};
    EXPECT_EQ(refusal_of(t.finish_hand(wrapped)), TableError::ChipsNotConserved);
    EXPECT_TRUE(t.in_hand());
    EXPECT_EQ(t.at(0).stack, 1000);
}

TEST(Limits, PrizePoolAboveTheLimitIsRefused) {
    const PayoutTable table = default_payout_table(1000);
    EXPECT_EQ(refusal_of(prizes_for(kMaxTotalCents + 1, table)), PayoutError::PoolOverLimit);
    auto prizes = prizes_for(kMaxTotalCents, table);
    ASSERT_TRUE(prizes.has_value());
    Cents sum = 0;
    for (Cents p : *prizes)
        sum += p;
    EXPECT_EQ(sum, kMaxTotalCents);
}

TEST(Limits, PayoutTableWhoseSharesOverflowIsRefused) {
    // Shares of the largest value: each prize and their sum overflowed.
    PayoutTable hostile;
    hostile.shares = {kInt64Max, kInt64Max};
    EXPECT_EQ(refusal_of(prizes_for(1'000'000, hostile)), PayoutError::BadPercentages);
    PayoutTable short_of_whole;
    short_of_whole.shares = {kShareDenominator / 2};
    EXPECT_EQ(refusal_of(verify_payout_table(short_of_whole)), PayoutError::BadPercentages);
    EXPECT_TRUE(verify_payout_table(default_payout_table(300'000)).has_value());
}

RefundCase three_left() {
    RefundCase c;
    c.kind = TournamentKind::ScheduledMtt;
    c.prizes = {7000, 3000};
    c.entrants = {testing::remaining(1, 1100, 1000, 5000), testing::remaining(2, 1100, 1000, 5000),
                  testing::remaining(3, 1100, 1000, 5000), testing::eliminated(4, 1100, 1000)};
    return c;
}

TEST(Limits, RefundAmountsAddingUpPastTheLimitAreRefused) {
    ASSERT_TRUE(plan_refunds(three_left()).has_value());
    auto parts = three_left();  // the eliminated prize parts overflowed R
    parts.entrants.push_back(testing::eliminated(5, 1100, kInt64Max));
    EXPECT_EQ(refusal_of(plan_refunds(parts)), RefundError::OverLimit);
    auto chips = three_left();  // the chips overflowed the pro rata split's total
    for (int i = 0; i < 3; ++i)
        chips.entrants[static_cast<std::size_t>(i)].chips = kInt64Max / 2;
    EXPECT_EQ(refusal_of(plan_refunds(chips)), RefundError::OverLimit);
    auto paid = three_left();
    paid.entrants[0].paid = kMaxTotalCents;
    EXPECT_EQ(refusal_of(plan_refunds(paid)), RefundError::OverLimit);
    auto prizes = three_left();
    prizes.prizes = {kMaxTotalCents, 1};
    EXPECT_EQ(refusal_of(plan_refunds(prizes)), RefundError::OverLimit);
    auto guarantee = three_left();
    guarantee.guarantee = kMaxTotalCents + 1;
    EXPECT_EQ(refusal_of(plan_refunds(guarantee)), RefundError::OverLimit);
    EXPECT_STRNE(to_string(RefundError::OverLimit), "unknown refund error");
}

// k next prizes can pass the limit when each is within it: 2,000 players in the money, the prize of
// place 2,000 at the limit. k x next overflowed; now the row sees there is not enough.
TEST(Limits, KTimesTheNextPrizeDoesNotOverflow) {
    RefundCase c;
    c.kind = TournamentKind::ScheduledMtt;
    c.prizes.assign(2000, 0);
    c.prizes.back() = kMaxTotalCents;
    for (int i = 0; i < 2000; ++i)
        c.entrants.push_back(testing::remaining(i, 1100, 1000, 5000));
    auto plan = plan_refunds(c);
    ASSERT_TRUE(plan.has_value());
    EXPECT_EQ(plan->next_prize, 0);
    EXPECT_EQ(plan->extra, 0);
    EXPECT_EQ(plan->total(), 2000 * 1100);
    for (const auto& l : plan->lines)
        EXPECT_EQ(l.amount, 1100);
}

TEST(Limits, UnstartedRefundPastTheLimitIsRefused) {
    std::vector<RefundEntrant> entrants{testing::remaining(1, kMaxTotalCents, 0, 0),
                                        testing::remaining(2, 1, 0, 0)};
    EXPECT_EQ(refusal_of(refund_unstarted(entrants)), RefundError::OverLimit);
    entrants[1].paid = -1;
    EXPECT_EQ(refusal_of(refund_unstarted(entrants)), RefundError::NegativeAmount);
    entrants[1].paid = 1;
    entrants[1].entrant = 1;
    EXPECT_EQ(refusal_of(refund_unstarted(entrants)), RefundError::DuplicateEntrant);
}

TEST(Limits, CancellationWithPrizesPastTheLimitIsRefused) {
    testing::FloorOfTables f(2, 10);
    ASSERT_TRUE(f.table(0).sit(0, 0, 5000).has_value());
    ASSERT_TRUE(f.table(1).sit(0, 1, 5000).has_value());
    f.report(0);
    f.report(1);
    const Floor& floor = f.floor;
    Ranking ranking(4);
    // Places 3 and 4 shared across tables: their prizes are summed before they are split.
    ASSERT_TRUE(ranking.eliminate_in_round({{2, 3000, 0, 1}, {3, 3000, 1, 1}}).has_value());
    std::vector<EntrantPayments> payments(4, EntrantPayments{1100, 1000});
    CancellationTerms terms;
    terms.prizes = {1, 1, kInt64Max, kInt64Max};
    EXPECT_EQ(refusal_of(cancellation_case(terms, floor, ranking, payments)), RefundError::OverLimit);
    terms.prizes = {1, 1, -5, 0};
    EXPECT_EQ(refusal_of(cancellation_case(terms, floor, ranking, payments)), RefundError::NegativeAmount);
    terms.prizes = {3000, 1000, 501, 0};
    auto c = cancellation_case(terms, floor, ranking, payments);
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(c->entrants[0].prize_won, 251);
    EXPECT_EQ(c->entrants[1].prize_won, 250);
}

TournamentStructure mtt() {
    return default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
}

TEST(Limits, StructureWhoseFieldCanHoldTooManyChipsIsRefused) {
    ASSERT_EQ(validate(mtt()), std::nullopt);
    auto s = mtt();
    s.starting_stack = kMaxTotalChips / s.max_players + 1;  // starting stack x entrants
    EXPECT_EQ(validate(s), StructureError::ChipsOverLimit);
    s.starting_stack = kMaxTotalChips / s.max_players;
    EXPECT_EQ(validate(s), std::nullopt);
    s.rebuys.enabled = true;  // a re-buy doubles what each player can hold
    s.rebuys.max_rebuys = 1;
    s.rebuys.price = s.buy_in;
    EXPECT_EQ(validate(s), StructureError::ChipsOverLimit);
    auto addon = mtt();
    addon.rebuys.enabled = true;
    addon.rebuys.price = addon.buy_in;
    addon.rebuys.addon = true;
    addon.rebuys.addon_price = addon.buy_in;
    addon.rebuys.addon_chips = kInt64Max;
    EXPECT_EQ(validate(addon), StructureError::ChipsOverLimit);
}

TEST(Limits, StructureWhoseMoneyPassesTheLimitIsRefused) {
    auto s = mtt();
    s.guarantee = kMaxTotalCents + 1;
    EXPECT_EQ(validate(s), StructureError::MoneyOverLimit);
    // A buy-in part of the largest value overflowed prize part + fee.
    auto part = mtt();
    part.buy_in = BuyIn{kInt64Max, 100};
    EXPECT_EQ(validate(part), StructureError::MoneyOverLimit);
    auto freeroll = mtt();
    freeroll.freeroll = true;
    freeroll.buy_in = BuyIn{kInt64Max, kInt64Max};
    EXPECT_EQ(validate(freeroll), StructureError::MoneyOverLimit);
    auto rebuy = mtt();
    rebuy.rebuys.enabled = true;
    rebuy.rebuys.price = BuyIn{-1, 100};
    EXPECT_EQ(validate(rebuy), StructureError::BuyInOutOfRange);
    // Buy-in x entrants: 100 EUR a head, re-buys up to 2^31 each, a million players.
    rebuy.rebuys.price = rebuy.buy_in;
    rebuy.rebuys.max_rebuys = std::numeric_limits<int>::max();
    rebuy.starting_stack = 1;
    EXPECT_EQ(validate(rebuy), StructureError::MoneyOverLimit);
}

TEST(Limits, BlindLevelsOutOfRangeAreRefused) {
    for (BlindLevel bad :
         {BlindLevel{0, 0, 0}, BlindLevel{-1, 2, 0}, BlindLevel{3, 2, 0}, BlindLevel{1, 2, -1},
          BlindLevel{1, kMaxTotalChips + 1, 0}, BlindLevel{1, 2, kInt64Max}}) {
        auto s = mtt();
        s.blinds.levels.push_back(bad);
        EXPECT_EQ(validate(s), StructureError::BlindsOutOfRange) << bad.small_blind << "/" << bad.big_blind;
    }
}

TEST(Limits, BlindsPastTheLastLevelDoubleUpToTheLimitAndStay) {
    const BlindSchedule s = default_schedule(TournamentKind::ScheduledMtt, Variant::FiveCardStud);
    EXPECT_EQ(s.level(19).big_blind, 60000);
    const BlindLevel top = s.level(56);
    EXPECT_EQ(top.big_blind, Chips{30000} << 38);
    EXPECT_LE(top.big_blind, kMaxTotalChips);
    EXPECT_GT(top.big_blind * 2, kMaxTotalChips);
    EXPECT_EQ(s.level(57), top);
    EXPECT_EQ(s.level(std::numeric_limits<int>::max()), top);
    // A table can play the top level.
    HandSetup setup;
    setup.small_blind = top.small_blind;
    setup.big_blind = top.big_blind;
    setup.ante = top.ante;
    setup.seats = {SeatSetup{0, 1000}, SeatSetup{1, 1000}};
    EXPECT_TRUE(verify_setup_limits(setup).has_value());

    // An ante above the big blind doubled past the largest Chips value while the blind was small.
    BlindSchedule big_ante;
    big_ante.levels = {BlindLevel{1, 2, 1000}};
    for (int n : {50, 60, 100, 1000}) {
        const BlindLevel l = big_ante.level(n);
        EXPECT_GT(l.ante, 0) << n;
        EXPECT_LE(l.ante, kMaxTotalChips) << n;
        EXPECT_LE(l.big_blind, kMaxTotalChips) << n;
    }
}

TEST(Limits, LevelNumberAfterAnyPlayTimeStaysAnInt) {
    const auto s = mtt();
    EXPECT_EQ(level_at(s, std::chrono::minutes(15 * 56)), 57);
    EXPECT_EQ(level_at(s, Duration::max()), std::numeric_limits<int>::max());
    EXPECT_EQ(s.blinds.level(level_at(s, Duration::max())), s.blinds.level(56));
}

}  // namespace
}  // namespace tavolo::engine
