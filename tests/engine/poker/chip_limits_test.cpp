// The engine's limit on a hand's chips (kMaxTotalChips, engine/types.hpp): a set-up whose stacks add
// up past it, or whose blinds or ante pass it, is refused with SetupError::ChipsOverLimit before a
// chip moves; a hand at exactly the limit plays to the end with every chip accounted for. Before the
// limit, ten stacks of 10^18 overflowed the pot (signed overflow: undefined behaviour, reported by
// the UBSan build of these tests, test_engine_ubsan).
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "engine/poker/setup_limits.hpp"
#include "tests/engine/poker/hand_fixture.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine::testing {
namespace {

constexpr Chips kInt64Max = std::numeric_limits<Chips>::max();

// Everyone puts every chip in: the largest pots a set-up can make.
void play_all_in(Hand& h) {
    for (int guard = 0; guard < 2000 && !h.is_over(); ++guard) {
        const LegalActions la = h.legal_actions();
        ASSERT_NE(la.seat, kNoSeat);
        if (la.drawing) {
            ASSERT_TRUE(h.act(la.seat, Discard{}).has_value());
        } else if (la.may_bet_or_raise) {
            ASSERT_TRUE(h.act(la.seat, BetOrRaiseTo{la.max_to}).has_value());
        } else if (la.may_call) {
            ASSERT_TRUE(h.act(la.seat, Call{}).has_value());
        } else {
            ASSERT_TRUE(h.act(la.seat, Check{}).has_value());
        }
    }
    ASSERT_TRUE(h.is_over());
}

TEST(ChipLimits, TenStacksOf10To18AreRefusedNotOverflowed) {
    SeededRandom rng(1);
    const std::vector<Chips> stacks(10, Chips{1'000'000'000'000'000'000});
    Hand h(make_setup(Variant::Holdem, Betting::NoLimit, stacks, 50, 100), rng);
    ASSERT_FALSE(h.setup_error().has_value());
    EXPECT_EQ(refusal_of(h.setup_error()), SetupError::ChipsOverLimit);
    EXPECT_TRUE(h.is_over());
    EXPECT_TRUE(h.events().empty());
    EXPECT_STRNE(describe(SetupError::ChipsOverLimit), "unknown setup error");
}

TEST(ChipLimits, StacksOneChipPastTheLimitAreRefused) {
    const std::vector<Chips> at_limit{kMaxTotalChips / 2, kMaxTotalChips - kMaxTotalChips / 2};
    EXPECT_TRUE(
        verify_setup_limits(make_setup(Variant::Holdem, Betting::NoLimit, at_limit, 1, 2)).has_value());
    std::vector<Chips> past = at_limit;
    past[1] += 1;
    EXPECT_EQ(refusal_of(verify_setup_limits(make_setup(Variant::Holdem, Betting::NoLimit, past, 1, 2))),
              SetupError::ChipsOverLimit);
    // One stack of the largest Chips value with others: the check itself must not overflow.
    const std::vector<Chips> huge{kInt64Max, kInt64Max, kInt64Max};
    SeededRandom rng(2);
    Hand h(make_setup(Variant::Holdem, Betting::NoLimit, huge, 1, 2), rng);
    EXPECT_EQ(refusal_of(h.setup_error()), SetupError::ChipsOverLimit);
}

TEST(ChipLimits, BlindsOrAnteAboveTheLimitAreRefused) {
    SeededRandom rng(3);
    // A big blind of the largest Chips value made the minimum raise-to (bet + increment) overflow.
    Hand big(make_setup(Variant::Holdem, Betting::NoLimit, {100, 100, 100}, 1, kInt64Max), rng);
    EXPECT_EQ(refusal_of(big.setup_error()), SetupError::ChipsOverLimit);
    // Ten antes of the largest value overflowed ante x players.
    Hand ante(make_setup(Variant::FiveCardStud, Betting::Limit, std::vector<Chips>(10, 100), 1, 2, kInt64Max,
                         AnteMode::Classic),
              rng);
    EXPECT_EQ(refusal_of(ante.setup_error()), SetupError::ChipsOverLimit);
    Hand limit(make_setup(Variant::Holdem, Betting::Limit, {100, 100}, kMaxTotalChips, kMaxTotalChips + 1),
               rng);
    EXPECT_EQ(refusal_of(limit.setup_error()), SetupError::ChipsOverLimit);
}

// Every game and structure at exactly the limit: all in, the pots and stacks still add up.
TEST(ChipLimits, EveryGameAtExactlyTheLimitConservesChips) {
    for (Variant v : {Variant::Holdem, Variant::FiveCardStud, Variant::FiveCardDraw}) {
        for (Betting b : {Betting::NoLimit, Betting::PotLimit, Betting::Limit}) {
            const int players = v == Variant::FiveCardDraw ? 6 : 10;
            std::vector<Chips> stacks(static_cast<std::size_t>(players), kMaxTotalChips / players);
            stacks[0] += kMaxTotalChips % players;
            // Blinds and ante at the limit too: every player is all-in from the forced bets.
            const Chips bb = kMaxTotalChips;
            const Chips ante = v == Variant::Holdem ? 0 : kMaxTotalChips;
            SeededRandom rng(4);
            Hand h(make_setup(v, b, stacks, bb / 2, bb, ante, ante ? AnteMode::Classic : AnteMode::None),
                   rng);
            ASSERT_TRUE(h.setup_error().has_value()) << describe(h.setup_error().error());
            EXPECT_EQ(h.total_chips(), kMaxTotalChips);
            play_all_in(h);
            EXPECT_EQ(h.total_chips(), kMaxTotalChips);

            // Small blinds, deep stacks: the betting itself reaches the limit.
            SeededRandom rng2(5);
            Hand deep(make_setup(v, b, stacks, 1, 2, v == Variant::Holdem ? 0 : 1,
                                 v == Variant::Holdem ? AnteMode::None : AnteMode::Classic),
                      rng2);
            ASSERT_TRUE(deep.setup_error().has_value());
            play_all_in(deep);
            EXPECT_EQ(deep.total_chips(), kMaxTotalChips);
        }
    }
}

}  // namespace
}  // namespace tavolo::engine::testing
