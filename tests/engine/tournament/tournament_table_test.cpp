// RULES.md §6: a table applies its director's messages (engine/tournament/tournament_table.hpp)
// and reports what it is; what cannot apply is refused with a typed error and changes nothing.
#include <gtest/gtest.h>

#include "engine/tournament/tournament_table.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine {
namespace {

ReportedSeat seated(SeatIndex seat, EntrantId entrant, Chips stack) {
    TablePlayer p;
    p.entrant = entrant;
    p.stack = stack;
    return ReportedSeat{seat, p};
}

// Table 3 with entrants 10, 11, 12 in seats 0, 2, 4 and the blinds of level 1.
TournamentTable open_table(RandomSource& rng) {
    TournamentTable t(3);
    OpenTable open{3,
                   6,
                   Variant::Holdem,
                   Betting::NoLimit,
                   {seated(0, 10, 1000), seated(2, 11, 1000), seated(4, 12, 1000)}};
    EXPECT_TRUE(t.apply(open, rng).has_value());
    EXPECT_TRUE(t.apply(SetLevel{3, 1, Stakes{25, 50, 0}}, rng).has_value());
    return t;
}

// Plays the started hand: `loser` loses everything to the first other player dealt in.
void play(TournamentTable& t, SeatIndex loser = kNoSeat) {
    HandSetup setup;
    ASSERT_TRUE(t.start_hand(setup).has_value());
    std::vector<Chips> stacks;
    Chips pot = 0;
    for (const auto& s : setup.seats) {
        stacks.push_back(s.seat == loser ? 0 : s.stack);
        if (s.seat == loser) pot += s.stack;
    }
    for (std::size_t i = 0; i < stacks.size(); ++i)
        if (setup.seats[i].seat != loser) {
            stacks[i] += pot;
            break;
        }
    ASSERT_TRUE(t.finish_hand(stacks).has_value());
}

TEST(TableMessages, rules_6_a_new_table_seats_its_players_and_draws_the_button) {
    SeededRandom rng(1);
    auto t = open_table(rng);
    EXPECT_TRUE(t.open());
    EXPECT_EQ(t.table().player_count(), 3);
    EXPECT_NE(t.table().button(), kNoSeat);
    const TableReport r = t.report();
    EXPECT_EQ(r.table, 3);
    EXPECT_EQ(r.players.size(), 3u);
    EXPECT_EQ(r.empty_seats, (std::vector<SeatIndex>{1, 3, 5}));
    EXPECT_EQ(r.next_big_blind, t.table().next_big_blind_seat());
    EXPECT_EQ(r.big_blind_soonest, t.table().seat_posting_big_blind_soonest());
    EXPECT_FALSE(r.in_hand);
}

TEST(TableMessages, a_message_for_another_or_an_unopened_table_is_refused) {
    SeededRandom rng(1);
    TournamentTable t(3);
    EXPECT_EQ(refusal_of(t.apply(StartHand{3, 1, false}, rng)).problem, ApplyProblem::NotOpen);
    auto open = open_table(rng);
    EXPECT_EQ(refusal_of(open.apply(StartHand{4, 1, false}, rng)).problem, ApplyProblem::WrongTable);
    EXPECT_EQ(refusal_of(open.apply(OpenTable{3, 6, Variant::Holdem, Betting::NoLimit, {}}, rng)).problem,
              ApplyProblem::AlreadyOpen);
    HandSetup setup;
    EXPECT_EQ(refusal_of(open.start_hand(setup)).problem,
              ApplyProblem::NoHandToStart);  // the director's word first
}

TEST(TableMessages, rules_6_a_moved_player_keeps_his_state_at_the_new_table) {
    SeededRandom rng(1);
    auto a = open_table(rng);
    ASSERT_TRUE(a.set_sitting_out(2, true).has_value());
    ASSERT_TRUE(a.sanction(Sanction{SanctionKind::Exclusion, 2, 2}).has_value());
    const TablePlayer before = a.table().at(2);
    ASSERT_TRUE(a.apply(StandUp{3, 2, 11, 1, false}, rng).has_value());
    EXPECT_FALSE(a.table().occupied(2));
    TournamentTable b(5);
    ASSERT_TRUE(
        b.apply(
             OpenTable{5, 6, Variant::Holdem, Betting::NoLimit, {seated(0, 20, 1000), seated(1, 21, 1000)}},
             rng)
            .has_value());
    ASSERT_TRUE(b.apply(SeatPlayer{5, 4, before, 1, false}, rng).has_value());
    EXPECT_EQ(b.table().at(4).entrant, 11);
    EXPECT_TRUE(b.table().at(4).sitting_out);
    EXPECT_EQ(b.table().at(4).excluded_hands, before.excluded_hands);
}

TEST(TableMessages, rules_6_seat_changes_wait_for_the_end_of_the_hand) {
    SeededRandom rng(1);
    auto t = open_table(rng);
    ASSERT_TRUE(t.apply(StartHand{3, 1, false}, rng).has_value());
    HandSetup setup;
    ASSERT_TRUE(t.start_hand(setup).has_value());
    const auto up = t.apply(StandUp{3, 2, 11, 1, false}, rng);
    ASSERT_FALSE(up.has_value());
    EXPECT_EQ(up.error(), (ApplyError{ApplyProblem::TableRefused, TableError::HandInProgress}));
    const auto sit = t.apply(SeatPlayer{3, 5, seated(5, 30, 500).player, 2, true}, rng);
    ASSERT_FALSE(sit.has_value());
    EXPECT_EQ(sit.error().table, TableError::HandInProgress);
    EXPECT_EQ(t.table().player_count(), 3);
    EXPECT_TRUE(t.report().in_hand);
}

TEST(TableMessages, a_stand_up_naming_someone_else_is_refused) {
    SeededRandom rng(1);
    auto t = open_table(rng);
    EXPECT_EQ(refusal_of(t.apply(StandUp{3, 2, 12, 1, false}, rng)).problem, ApplyProblem::WrongEntrant);
    EXPECT_EQ(refusal_of(t.apply(StandUp{3, 1, 12, 1, false}, rng)).problem,
              ApplyProblem::WrongEntrant);  // empty
    EXPECT_EQ(t.table().player_count(), 3);
}

TEST(TableMessages, rules_6_a_new_level_applies_from_the_next_hand) {
    SeededRandom rng(1);
    auto t = open_table(rng);
    ASSERT_TRUE(t.apply(StartHand{3, 1, false}, rng).has_value());
    HandSetup first;
    ASSERT_TRUE(t.start_hand(first).has_value());
    ASSERT_TRUE(t.apply(SetLevel{3, 2, Stakes{50, 100, 0}}, rng).has_value());  // during the hand
    EXPECT_EQ(first.big_blind, 50);
    std::vector<Chips> same;
    for (const auto& s : first.seats)
        same.push_back(s.stack);
    ASSERT_TRUE(t.finish_hand(same).has_value());
    ASSERT_TRUE(t.apply(StartHand{3, 2, false}, rng).has_value());
    HandSetup second;
    ASSERT_TRUE(t.start_hand(second).has_value());
    EXPECT_EQ(second.big_blind, 100);
    EXPECT_EQ(second.hand_id, 2);
}

// A message delivered twice, or overtaken by a newer one (a retry after a reconnect): the table
// never deals a hand number again, nor goes back to an older level.
TEST(TableMessages, a_start_hand_or_level_older_than_the_tables_is_refused_as_stale) {
    SeededRandom rng(1);
    auto t = open_table(rng);
    const auto stale = [&](const DirectorMessage& m) {
        auto applied = t.apply(m, rng);
        return !applied.has_value() && applied.error().problem == ApplyProblem::Stale;
    };
    ASSERT_TRUE(t.apply(StartHand{3, 5, false}, rng).has_value());
    play(t);
    EXPECT_TRUE(stale(StartHand{3, 5, false}));  // again
    EXPECT_TRUE(stale(StartHand{3, 4, false}));  // older
    HandSetup none;
    EXPECT_FALSE(t.start_hand(none).has_value());  // nothing to deal
    ASSERT_TRUE(t.apply(SetLevel{3, 3, Stakes{75, 150, 0}}, rng).has_value());
    EXPECT_TRUE(stale(SetLevel{3, 2, Stakes{50, 100, 0}}));
    ASSERT_TRUE(t.apply(StartHand{3, 6, false}, rng).has_value());
    HandSetup next;
    ASSERT_TRUE(t.start_hand(next).has_value());
    EXPECT_EQ(next.hand_id, 6);
    EXPECT_EQ(next.big_blind, 150);
}

TEST(TableMessages, rules_6_the_report_after_a_hand_names_the_eliminated_once) {
    SeededRandom rng(1);
    auto t = open_table(rng);
    ASSERT_TRUE(t.apply(StartHand{3, 7, false}, rng).has_value());
    play(t, 4);
    const TableReport r = t.report();
    EXPECT_EQ(r.finished_hand, 7);
    ASSERT_EQ(r.eliminated.size(), 1u);
    EXPECT_EQ(r.eliminated[0].entrant, 12);
    EXPECT_EQ(r.players.size(), 2u);
    const TableReport again = t.report();
    EXPECT_EQ(again.finished_hand, 0);
    EXPECT_TRUE(again.eliminated.empty());
}

TEST(TableMessages, rules_6_a_busted_player_who_does_not_rebuy_is_eliminated_with_the_report) {
    SeededRandom rng(1);
    auto t = open_table(rng);
    ASSERT_TRUE(t.apply(StartHand{3, 1, true}, rng).has_value());  // re-buys open
    play(t, 4);
    EXPECT_TRUE(t.table().at(4).busted);  // may still re-buy
    ASSERT_TRUE(t.buy(4, Purchase::Rebuy, 1000).has_value());
    TableReport r = t.report();
    EXPECT_TRUE(r.eliminated.empty());
    ASSERT_EQ(r.bought.size(), 1u);
    EXPECT_EQ(r.bought[0].entrant, 12);
    ASSERT_TRUE(t.apply(StartHand{3, 2, true}, rng).has_value());
    play(t, 4);
    r = t.report();  // no re-buy this time: out
    ASSERT_EQ(r.eliminated.size(), 1u);
    EXPECT_EQ(r.eliminated[0].entrant, 12);
}

TEST(TableMessages, rules_6_an_addon_offered_during_a_hand_is_bought_after_it) {
    SeededRandom rng(1);
    auto t = open_table(rng);
    ASSERT_TRUE(t.apply(StartHand{3, 1, true}, rng).has_value());
    HandSetup setup;
    ASSERT_TRUE(t.start_hand(setup).has_value());
    ASSERT_TRUE(t.apply(OfferAddOn{3, 1000}, rng).has_value());  // the re-buy period ended meanwhile
    EXPECT_EQ(t.addon_offer(), 1000);
    EXPECT_EQ(refusal_of(t.buy(0, Purchase::AddOn, 1000)), TableError::HandInProgress);
    std::vector<Chips> same;
    for (const auto& s : setup.seats)
        same.push_back(s.stack);
    ASSERT_TRUE(t.finish_hand(same).has_value());
    ASSERT_TRUE(t.buy(0, Purchase::AddOn, 1000).has_value());
    EXPECT_EQ(t.table().at(0).stack, 2000);
    ASSERT_TRUE(t.apply(StartHand{3, 2, false}, rng).has_value());
    ASSERT_TRUE(t.start_hand(setup).has_value());
    EXPECT_FALSE(t.addon_offer());  // the offer ends when the next hand starts
    EXPECT_FALSE(t.table().rebuy_window());
}

}  // namespace
}  // namespace tavolo::engine
