// RULES.md §5 (the action clock) and §6 (sanctions).
#include <gtest/gtest.h>

#include "engine/table/action_clock.hpp"
#include "tests/engine/tournament/table_support.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine {
namespace {

using namespace std::chrono_literals;
using testing::play;
using testing::table_with;

TEST(Sanctions, rules_6_exclusion_lasts_orbits_of_players_at_start_blinds_still_paid) {
    auto t = table_with({0, 1, 2, 3, 4}, 0);
    auto out = t.apply(Sanction{SanctionKind::Exclusion, 2, 2});
    ASSERT_TRUE(out.has_value());
    EXPECT_EQ(out->excluded_hands, 10);  // 2 orbits x 5 players
    for (int hand = 1; hand <= 10; ++hand) {
        auto h = play(t);
        ASSERT_EQ(h.seats.size(), 5u);
        EXPECT_TRUE(h.seats[2].auto_act) << "hand " << hand;
        if (hand == 1) {
            EXPECT_EQ(h.big_blind_seat, 2);  // still posts its blind
        }
    }
    auto h = play(t);
    EXPECT_FALSE(h.seats[2].auto_act);
}

TEST(Sanctions, rules_6_exclusion_during_a_hand_starts_with_the_next_hand) {
    auto t = table_with({0, 1, 2}, 0);
    auto h = t.start_hand(1, Variant::Holdem, Betting::NoLimit, Stakes{25, 50, 0});
    ASSERT_TRUE(h.has_value());
    ASSERT_EQ(t.apply(Sanction{SanctionKind::Exclusion, 1, 1})->excluded_hands, 3);
    ASSERT_TRUE(t.finish_hand(std::vector<Chips>{1000, 1000, 1000}).has_value());
    EXPECT_EQ(t.at(1).excluded_hands, 3);  // the hand in progress does not count
    for (int i = 0; i < 3; ++i)
        EXPECT_TRUE(play(t).seats[1].auto_act);
    EXPECT_FALSE(play(t).seats[1].auto_act);
}

TEST(Sanctions, rules_6_exclusion_is_one_to_four_orbits) {
    auto t = table_with({0, 1, 2}, 0);
    EXPECT_EQ(refusal_of(t.apply(Sanction{SanctionKind::Exclusion, 1, 0})), TableError::BadOrbitCount);
    EXPECT_EQ(refusal_of(t.apply(Sanction{SanctionKind::Exclusion, 1, 5})), TableError::BadOrbitCount);
    EXPECT_EQ(t.apply(Sanction{SanctionKind::Exclusion, 1, 4})->excluded_hands, 12);
}

TEST(Sanctions, rules_6_disqualification_removes_player_and_chips) {
    auto t = table_with({0, 1, 2}, 0, 10, 1500);
    auto out = t.apply(Sanction{SanctionKind::Disqualification, 1, 0});
    ASSERT_TRUE(out.has_value());
    EXPECT_EQ(out->chips_removed, 1500);
    EXPECT_EQ(t.player_count(), 2);
    EXPECT_EQ(t.total_chips(), 3000);
}

TEST(Sanctions, rules_6_warning_changes_nothing_at_the_table) {
    auto t = table_with({0, 1, 2}, 0);
    auto out = t.apply(Sanction{SanctionKind::Warning, 1, 0});
    ASSERT_TRUE(out.has_value());
    EXPECT_EQ(out->entrant, 101);
    auto h = play(t);
    EXPECT_FALSE(h.seats[1].auto_act);
}

TEST(Rebuys, rules_6_busted_player_may_rebuy_until_the_next_hand_starts) {
    auto t = table_with({0, 1, 2, 3}, 0, 10, 5000);
    t.set_rebuy_window(true);
    std::vector<Elimination> out;
    testing::play(t, {1, 3}, &out);
    EXPECT_TRUE(out.empty());  // nobody is eliminated while they may re-buy
    EXPECT_TRUE(t.at(1).busted);
    EXPECT_EQ(t.player_count(), 4);
    EXPECT_EQ(refusal_of(t.next_positions()), TableError::BustedPlayersPending);
    ASSERT_TRUE(t.add_chips(1, 5000).has_value());  // seat 1 re-buys a starting stack
    EXPECT_FALSE(t.at(1).busted);
    auto gone = t.settle_busted();  // seat 3 did not: eliminated before the next hand
    ASSERT_EQ(gone.size(), 1u);
    EXPECT_EQ(gone[0].entrant, 103);
    EXPECT_EQ(gone[0].start_chips, 5000);
    EXPECT_EQ(t.player_count(), 3);
    auto h = testing::play(t);
    EXPECT_EQ(testing::dealt(h), (std::vector<SeatIndex>{0, 1, 2}));
}

TEST(Rebuys, rules_6_without_rebuys_busted_players_leave_at_once) {
    auto t = table_with({0, 1, 2}, 0);
    std::vector<Elimination> out;
    testing::play(t, {2}, &out);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_FALSE(t.occupied(2));
}

TEST(ActionClock, rules_5_base_then_bank_then_final_warning_then_expiry) {
    ClockSettings s;
    TimeBank bank(s);
    EXPECT_EQ(bank.left(), 60s);
    auto d = bank.deadlines(s);
    EXPECT_EQ(d.base_ends, 30s);
    EXPECT_EQ(d.bank_ends, 90s);
    EXPECT_EQ(d.expires, 100s);
    EXPECT_EQ(bank.phase_at(s, 29s), ClockPhase::Base);
    EXPECT_EQ(bank.phase_at(s, 30s), ClockPhase::TimeBank);
    EXPECT_EQ(bank.phase_at(s, 95s), ClockPhase::FinalWarning);
    EXPECT_EQ(bank.phase_at(s, 100s), ClockPhase::Expired);
    EXPECT_EQ(expiry_action(true), ExpiryAction::Check);
    EXPECT_EQ(expiry_action(false), ExpiryAction::Fold);
}

TEST(ActionClock, rules_5_bank_spends_and_tops_up_per_level_capped) {
    ClockSettings s;
    TimeBank bank(s);
    bank.decision_took(s, 20s);  // within the base time: bank untouched
    EXPECT_EQ(bank.left(), 60s);
    bank.decision_took(s, 75s);  // 45 s of bank
    EXPECT_EQ(bank.left(), 15s);
    bank.level_up(s);
    EXPECT_EQ(bank.left(), 25s);
    for (int i = 0; i < 20; ++i)
        bank.level_up(s);
    EXPECT_EQ(bank.left(), 120s);
    bank.decision_took(s, 500s);
    EXPECT_EQ(bank.left(), 0s);
}

}  // namespace
}  // namespace tavolo::engine
