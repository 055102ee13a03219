// From PHH positions and forced bets to the engine's seats and HandSetup.
#include "engine/phh/table_mapping.hpp"

#include <gtest/gtest.h>
#include "tests/support/refusal_of.hpp"

using namespace tavolo::engine;
using namespace tavolo::engine::phh;

namespace {

std::vector<Decimal> whole(std::initializer_list<Chips> list) {
    std::vector<Decimal> out;
    for (Chips c : list)
        out.push_back(Decimal::whole(c));
    return out;
}

HandHistory six_max() {
    HandHistory h;
    h.variant = "NT";
    h.antes = whole({0, 0, 0, 0, 0, 0});
    h.blinds_or_straddles = whole({50, 100, 0, 0, 0, 0});
    h.min_bet = Decimal::whole(100);
    h.starting_stacks = whole({10000, 9000, 8000, 7000, 6000, 5000});
    h.finishing_stacks = h.starting_stacks;
    return h;
}

}  // namespace

TEST(PhhTableMapping, P1IsTheSmallBlindAndTheLastPlayerHasTheButton) {
    auto m = map_to_table(six_max());
    ASSERT_TRUE(m) << m.error().detail;
    const HandSetup& s = m->setup;
    EXPECT_EQ(s.variant, Variant::Holdem);
    EXPECT_EQ(s.betting, Betting::NoLimit);
    EXPECT_EQ(s.small_blind, 50);
    EXPECT_EQ(s.big_blind, 100);
    EXPECT_EQ(s.small_blind_seat, 0);
    EXPECT_EQ(s.big_blind_seat, 1);
    EXPECT_EQ(s.button, 5);
    ASSERT_EQ(s.seats.size(), 6u);
    EXPECT_EQ(s.seats[3].stack, 7000);
    EXPECT_EQ(s.ante_mode, AnteMode::None);
}

TEST(PhhTableMapping, HeadsUpTheBlindsAreReversedSoP1IsTheBigBlind) {
    HandHistory h = six_max();
    h.antes = whole({0, 0});
    h.blinds_or_straddles = whole({1, 2});
    h.min_bet = Decimal::whole(2);
    h.starting_stacks = whole({200, 300});
    h.finishing_stacks = h.starting_stacks;
    auto m = map_to_table(h);
    ASSERT_TRUE(m) << m.error().detail;
    EXPECT_EQ(m->setup.big_blind_seat, 0);
    EXPECT_EQ(m->setup.small_blind_seat, 1);
    EXPECT_EQ(m->setup.button, 1);
    EXPECT_EQ(m->setup.small_blind, 1);
    EXPECT_EQ(m->setup.big_blind, 2);
}

TEST(PhhTableMapping, UniformAntesAreClassicAndABigBlindAnteIsTheTables) {
    HandHistory h = six_max();
    h.antes = whole({10, 10, 10, 10, 10, 10});
    auto classic = map_to_table(h);
    ASSERT_TRUE(classic);
    EXPECT_EQ(classic->setup.ante_mode, AnteMode::Classic);
    EXPECT_EQ(classic->setup.ante, 10);
    h.antes = whole({0, 60, 0, 0, 0, 0});
    auto bb = map_to_table(h);
    ASSERT_TRUE(bb);
    EXPECT_EQ(bb->setup.ante_mode, AnteMode::BigBlind);
    EXPECT_EQ(bb->setup.ante, 10);
}

TEST(PhhTableMapping, OnlyABigBlindMeansNoSmallBlindThisHand) {
    HandHistory h = six_max();
    h.blinds_or_straddles = whole({100, 0, 0, 0, 0, 0});
    auto m = map_to_table(h);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->setup.small_blind_seat, kNoSeat);
    EXPECT_EQ(m->setup.big_blind_seat, 0);
    h.blinds_or_straddles = whole({0, 100, 0, 0, 0, 0});
    m = map_to_table(h);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->setup.small_blind_seat, kNoSeat);
    EXPECT_EQ(m->setup.big_blind_seat, 1);
}

TEST(PhhTableMapping, WhatTavoloDoesNotPlayIsSkippedWithItsReason) {
    HandHistory h = six_max();
    h.blinds_or_straddles = whole({50, 100, 200, 0, 0, 0});
    EXPECT_EQ(refusal_of(map_to_table(h)).reason, SkipReason::UnsupportedForcedBets);

    h = six_max();
    h.variant = "PO";
    EXPECT_EQ(refusal_of(map_to_table(h)).reason, SkipReason::UnsupportedVariant);

    h = six_max();
    h.finishing_stacks.reset();
    EXPECT_EQ(refusal_of(map_to_table(h)).reason, SkipReason::NoFinishingStacks);

    h = six_max();
    (*h.finishing_stacks)[2] = *Decimal::parse("10112.5");
    EXPECT_EQ(refusal_of(map_to_table(h)).reason, SkipReason::FractionalChips);

    h = six_max();
    h.starting_stacks[0] = Decimal::infinity();
    EXPECT_EQ(refusal_of(map_to_table(h)).reason, SkipReason::UnknownStacks);

    h = six_max();
    h.min_bet = Decimal::whole(200);
    EXPECT_EQ(refusal_of(map_to_table(h)).reason, SkipReason::UnsupportedForcedBets);

    h = six_max();
    h.antes = whole({0, 5, 0, 0, 0, 7});
    EXPECT_EQ(refusal_of(map_to_table(h)).reason, SkipReason::UnsupportedForcedBets);
}

TEST(PhhTableMapping, LimitBetsMustBeTheBigBlindAndTwiceIt) {
    HandHistory h = six_max();
    h.variant = "FT";
    h.min_bet.reset();
    h.small_bet = Decimal::whole(100);
    h.big_bet = Decimal::whole(200);
    auto m = map_to_table(h);
    ASSERT_TRUE(m) << m.error().detail;
    EXPECT_EQ(m->setup.betting, Betting::Limit);
    h.big_bet = Decimal::whole(300);
    EXPECT_EQ(refusal_of(map_to_table(h)).reason, SkipReason::UnsupportedForcedBets);
}
