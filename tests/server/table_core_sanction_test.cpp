// An operator's sanctions at the live table core (RULES.md §6 "Sanctions", table_sanctions.cpp):
// an exclusion folds exactly orbits x players hands from the next one dealt, a disqualification waits
// for the hand's end and removes the player's chips, which the next report tells the director.
#include <gtest/gtest.h>

#include "tests/server/table_core_support.hpp"

namespace tavolo::server::table {
namespace {

using namespace std::chrono_literals;
using engine::SeatIndex;
using testing::all_of;
using testing::entrant_at;
using testing::OpenedTable;

// Plays the hand in play to its end, everyone checking or calling.
void play_out(OpenedTable& t) {
    for (int guard = 0; t.core.in_hand() && guard < 200; ++guard) {
        const auto legal = t.core.hand().legal_actions();
        const engine::Command c =
            legal.may_check ? engine::Command{engine::Check{}} : engine::Command{engine::Call{}};
        t.now += 1s;
        t.act(c);
    }
    ASSERT_FALSE(t.core.in_hand());
}

bool auto_acts_in_hand(const OpenedTable& t, SeatIndex seat) {
    for (const auto& s : t.core.setup().seats)
        if (s.seat == seat) return s.auto_act;
    return false;
}

TEST(TableCoreSanction, rules_6_an_exclusion_of_two_orbits_folds_exactly_orbits_times_players_hands) {
    OpenedTable t(3);
    t.start(1);
    const SeatIndex seat = 1;
    Effects out;
    // Asked during hand 1: it counts 2 x 3 hands, from hand 2 on.
    auto outcome = t.core.sanction(entrant_at(seat), engine::SanctionKind::Exclusion, 2, out);
    ASSERT_TRUE(outcome);
    EXPECT_EQ(outcome->excluded_hands, 6);
    EXPECT_FALSE(auto_acts_in_hand(t, seat));
    play_out(t);
    int excluded = 0;
    for (engine::HandId h = 2; h <= 10; ++h) {
        t.start(h);
        if (auto_acts_in_hand(t, seat))
            ++excluded;
        else
            EXPECT_GE(h, 8) << "hand " << h << " should have been folded for him";
        play_out(t);
    }
    EXPECT_EQ(excluded, 6);
}

TEST(TableCoreSanction, rules_6_a_warning_changes_nothing_and_a_stranger_is_not_seated_here) {
    OpenedTable t(3);
    Effects out;
    auto w = t.core.sanction(entrant_at(0), engine::SanctionKind::Warning, 0, out);
    ASSERT_TRUE(w);
    EXPECT_TRUE(out.empty());
    auto nobody = t.core.sanction(4242, engine::SanctionKind::Warning, 0, out);
    ASSERT_FALSE(nobody);
    EXPECT_EQ(nobody.error(), engine::TableError::SeatEmpty);
    auto bad = t.core.sanction(entrant_at(0), engine::SanctionKind::Exclusion, 5, out);
    ASSERT_FALSE(bad);
}

TEST(TableCoreSanction, rules_6_a_disqualification_waits_for_the_hand_and_its_chips_leave_with_the_report) {
    OpenedTable t(3, engine::Variant::Holdem, engine::Betting::NoLimit, 7, {}, 3000);
    t.start(1);
    Effects out;
    auto during = t.core.sanction(entrant_at(2), engine::SanctionKind::Disqualification, 0, out);
    ASSERT_FALSE(during);
    EXPECT_EQ(during.error(), engine::TableError::HandInProgress);
    play_out(t);
    const engine::Chips his = t.core.table().table().at(2).stack;
    auto between = t.core.sanction(entrant_at(2), engine::SanctionKind::Disqualification, 0, out);
    ASSERT_TRUE(between);
    EXPECT_EQ(between->chips_removed, his);
    EXPECT_FALSE(t.core.table().table().occupied(2));
    EXPECT_EQ(all_of<TableViews>(out).size(), 1u);  // everyone sees him gone
    // The next hand is dealt without him and its report tells the director.
    const Effects next = t.start(2);
    for (const auto& s : t.core.setup().seats)
        EXPECT_NE(s.seat, 2);
    play_out(t);
    (void)next;
}

}  // namespace
}  // namespace tavolo::server::table
