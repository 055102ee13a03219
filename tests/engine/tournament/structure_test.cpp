// RULES.md §6: kinds, default structures, blind schedules, breaks, re-buys and start rules.
#include <gtest/gtest.h>

#include "engine/tournament/structure.hpp"

namespace tavolo::engine {
namespace {

using namespace std::chrono_literals;

TEST(BlindSchedule, rules_6_default_mtt_levels_as_written) {
    const auto s = default_schedule(TournamentKind::ScheduledMtt, Variant::FiveCardStud);
    EXPECT_EQ(s.levels.size(), 18u);
    EXPECT_EQ(s.level(1), (BlindLevel{25, 50, 0}));
    EXPECT_EQ(s.level(7), (BlindLevel{300, 600, 25}));
    EXPECT_EQ(s.level(18), (BlindLevel{15000, 30000, 1000}));
    EXPECT_EQ(s.ante_mode, AnteMode::Classic);
}

TEST(BlindSchedule, rules_6_levels_past_the_last_double) {
    const auto s = default_schedule(TournamentKind::ScheduledMtt, Variant::FiveCardDraw);
    EXPECT_EQ(s.level(19), (BlindLevel{30000, 60000, 2000}));
    EXPECT_EQ(s.level(20), (BlindLevel{60000, 120000, 4000}));
}

TEST(BlindSchedule, doubling_stops_short_of_overflow) {
    const auto s = default_schedule(TournamentKind::ScheduledMtt, Variant::Holdem);
    const auto l = s.level(1000);
    EXPECT_GT(l.big_blind, 0);
    EXPECT_GE(l.big_blind, s.level(60).big_blind);
    EXPECT_EQ(l.small_blind * 2, l.big_blind);
}

TEST(BlindSchedule, rules_6_holdem_has_no_antes_by_default) {
    const auto s = default_schedule(TournamentKind::ScheduledMtt, Variant::Holdem);
    EXPECT_EQ(s.level(7), (BlindLevel{300, 600, 0}));
    EXPECT_EQ(s.ante_mode, AnteMode::None);
}

TEST(BlindSchedule, rules_6_sit_and_go_same_blinds_without_antes) {
    const auto s = default_schedule(TournamentKind::SitAndGo, Variant::FiveCardStud);
    EXPECT_EQ(s.level(9), (BlindLevel{600, 1200, 0}));
}

TEST(BlindSchedule, rules_6_big_blind_ante_is_an_option) {
    const auto s = default_schedule(TournamentKind::ScheduledMtt, Variant::Holdem, true);
    EXPECT_EQ(s.ante_mode, AnteMode::BigBlind);
    EXPECT_EQ(s.level(8).ante, 50);
}

TEST(Structure, rules_6_defaults_by_kind) {
    const auto mtt = default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    EXPECT_EQ(mtt.starting_stack, 5000);
    EXPECT_EQ(mtt.level_duration, 15min);
    EXPECT_EQ(mtt.table_size, 10);
    EXPECT_FALSE(mtt.late_registration);
    EXPECT_FALSE(mtt.reentry);
    const auto sng = default_structure(TournamentKind::SitAndGo, Variant::FiveCardDraw, Betting::Limit);
    EXPECT_EQ(sng.starting_stack, 3000);
    EXPECT_EQ(sng.level_duration, 8min);
    EXPECT_EQ(sng.table_size, 6);
    EXPECT_EQ(validate(mtt), std::nullopt);
}

TEST(Structure, rules_6_validation_names_the_problem) {
    auto s = default_structure(TournamentKind::ScheduledMtt, Variant::FiveCardDraw, Betting::NoLimit);
    s.table_size = 8;
    EXPECT_EQ(validate(s), StructureError::TableSizeOutOfRange);
    s.table_size = 6;
    s.buy_in = BuyIn{40, 5};
    EXPECT_EQ(validate(s), StructureError::BuyInOutOfRange);
    s.freeroll = true;
    EXPECT_EQ(validate(s), std::nullopt);
    s.level_duration = 30s;
    EXPECT_EQ(validate(s), StructureError::LevelTooShort);
}

TEST(Structure, rules_6_sit_and_go_starts_full_or_at_deadline_with_minimum) {
    auto s = default_structure(TournamentKind::SitAndGo, Variant::Holdem, Betting::NoLimit);
    s.min_players = 6;
    s.deadline = 10min;
    EXPECT_EQ(sit_and_go_start(s, 10, 1min), StartDecision::Start);
    EXPECT_EQ(sit_and_go_start(s, 7, 5min), StartDecision::Wait);
    EXPECT_EQ(sit_and_go_start(s, 7, 10min), StartDecision::Start);
    EXPECT_EQ(sit_and_go_start(s, 5, 10min), StartDecision::Cancel);
}

TEST(Structure, rules_6_mtt_starts_at_its_time_with_minimum_or_is_cancelled) {
    auto s = default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    s.min_players = 20;
    EXPECT_EQ(mtt_start(s, 50, false), StartDecision::Wait);
    EXPECT_EQ(mtt_start(s, 50, true), StartDecision::Start);
    EXPECT_EQ(mtt_start(s, 19, true), StartDecision::Cancel);
}

TEST(Structure, rules_6_levels_by_play_time_and_breaks) {
    auto s = default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    EXPECT_EQ(level_at(s, 0min), 1);
    EXPECT_EQ(level_at(s, 14min), 1);
    EXPECT_EQ(level_at(s, 15min), 2);
    EXPECT_EQ(level_at(s, 61min), 5);
    EXPECT_EQ(break_after_hour(1), 10min);
    EXPECT_EQ(break_after_hour(2), 15min);
    EXPECT_EQ(break_after_hour(3), 10min);
    EXPECT_EQ(break_after_hour(7), 10min);
}

TEST(Structure, rules_6_rebuys_at_or_below_starting_stack_during_the_period) {
    auto s = default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    EXPECT_FALSE(may_rebuy(s, 1, 0, 0));  // off by default
    s.rebuys.enabled = true;
    s.rebuys.period_levels = 4;
    s.rebuys.max_rebuys = 2;
    s.rebuys.addon = true;
    EXPECT_TRUE(may_rebuy(s, 1, 0, 0));
    EXPECT_TRUE(may_rebuy(s, 4, 5000, 1));
    EXPECT_FALSE(may_rebuy(s, 4, 5001, 1));
    EXPECT_FALSE(may_rebuy(s, 5, 0, 0));
    EXPECT_FALSE(may_rebuy(s, 2, 0, 2));
    EXPECT_TRUE(may_addon(s, 4, false));
    EXPECT_FALSE(may_addon(s, 4, true));
    EXPECT_FALSE(may_addon(s, 3, false));
}

TEST(Structure, rules_6_late_registration_is_an_option_off_by_default) {
    auto s = default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    EXPECT_FALSE(may_register_late(s, 1));
    s.late_registration = true;
    s.late_registration_levels = 3;
    EXPECT_TRUE(may_register_late(s, 3));
    EXPECT_FALSE(may_register_late(s, 4));
    EXPECT_FALSE(may_reenter(s, 2, true));  // re-entry is its own option
    s.reentry = true;
    EXPECT_TRUE(may_reenter(s, 2, true));
    EXPECT_FALSE(may_reenter(s, 2, false));
    EXPECT_FALSE(may_reenter(s, 4, true));
}

TEST(Structure, rules_6_breaks_after_each_hour_of_play_and_play_time_excludes_them) {
    auto s = default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    auto at = [&](Duration d) { return clock_at(s, d); };
    EXPECT_EQ(at(59min).play_time, 59min);
    EXPECT_FALSE(at(59min).on_break);
    EXPECT_EQ(at(59min).level, 4);
    // 10 min after the first hour of play.
    EXPECT_TRUE(at(60min).on_break);
    EXPECT_EQ(at(60min).break_left, 10min);
    EXPECT_EQ(at(60min).level, 5);  // the level due at 60 min of play starts after the break
    EXPECT_TRUE(at(69min).on_break);
    EXPECT_FALSE(at(70min).on_break);
    EXPECT_EQ(at(70min).play_time, 60min);
    EXPECT_EQ(at(85min).play_time, 75min);
    EXPECT_EQ(at(85min).level, 6);
    // 15 min after the second hour: play 2 h at 2 h 10, the break runs to 2 h 25.
    EXPECT_TRUE(at(130min).on_break);
    EXPECT_EQ(at(130min).break_left, 15min);
    EXPECT_TRUE(at(144min).on_break);
    EXPECT_FALSE(at(145min).on_break);
    EXPECT_EQ(at(145min).play_time, 120min);
    // Then 10 min every further hour: play 3 h at 3 h 25, 4 h at 4 h 35.
    EXPECT_TRUE(at(205min).on_break);
    EXPECT_EQ(at(205min).break_left, 10min);
    EXPECT_FALSE(at(215min).on_break);
    EXPECT_EQ(at(215min).play_time, 180min);
    EXPECT_TRUE(at(275min).on_break);
    EXPECT_EQ(at(285min).play_time, 240min);
    EXPECT_EQ(at(285min).level, 17);
    // A Sit&Go has no breaks: 8-minute levels on all the time.
    auto sng = default_structure(TournamentKind::SitAndGo, Variant::Holdem, Betting::NoLimit);
    EXPECT_FALSE(clock_at(sng, 60min).on_break);
    EXPECT_EQ(clock_at(sng, 64min).play_time, 64min);
    EXPECT_EQ(clock_at(sng, 64min).level, 9);
}

}  // namespace
}  // namespace tavolo::engine
