// RULES.md §4, §6, §7: a table restored after a restart goes on exactly as it would have. One test per
// piece of between-hands state that the snapshot's columns alone (seats, stacks, one status, button)
// lost before the engine state was saved; each also shows that the columns alone give another game.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "engine/table/table_state.hpp"
#include "tests/engine/tournament/restart_support.hpp"
#include "tests/engine/tournament/table_support.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine {
namespace {

using testing::from_columns_only;
using testing::play;
using testing::restarted;
using testing::setup_line;
using testing::table_with;

// The next `n` hands of a copy of `t`, nobody busting.
std::vector<std::string> next_hands(Table t, int n) {
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i)
        out.push_back(setup_line(play(t)));
    return out;
}

void expect_same_game_after_restart(const Table& t, int hands = 6) {
    EXPECT_EQ(next_hands(restarted(t), hands), next_hands(t, hands));
}

void expect_columns_alone_lose_it(const Table& t, int hands = 6) {
    EXPECT_NE(next_hands(from_columns_only(t), hands), next_hands(t, hands));
}

TEST(TableRestart, rules_4_dead_small_blind_survives_a_restart) {
    auto t = table_with({0, 1, 2, 3, 4}, 0);
    play(t, {2});  // the big blind busts: next hand has no small blind, the button goes to 1
    expect_same_game_after_restart(t);
    auto r = restarted(t);
    auto h = play(r);
    EXPECT_EQ(h.small_blind_seat, kNoSeat);
    EXPECT_EQ(h.big_blind_seat, 3);
    EXPECT_EQ(h.button, 1);
    expect_columns_alone_lose_it(t);
}

TEST(TableRestart, rules_4_button_stays_when_the_last_small_blind_left_across_a_restart) {
    auto t = table_with({0, 1, 2, 3, 4}, 0);
    play(t, {1});  // the small blind busts: the button stays with 0
    auto r = restarted(t);
    auto h = play(r);
    EXPECT_EQ(h.button, 0);
    EXPECT_EQ(h.small_blind_seat, 2);
    EXPECT_EQ(h.big_blind_seat, 3);
    expect_same_game_after_restart(t);
    expect_columns_alone_lose_it(t);
}

TEST(TableRestart, rules_4_big_blind_advances_from_the_last_big_blind_across_a_restart) {
    auto t = table_with({0, 3, 5}, 0);
    play(t);  // button 0, small blind 3, big blind 5
    auto r = restarted(t);
    EXPECT_EQ(play(r).big_blind_seat, 0) << "nobody posts the big blind twice in a row";
    expect_same_game_after_restart(t);
    expect_columns_alone_lose_it(t);
}

TEST(TableRestart, rules_4_heads_up_big_blind_alternates_across_a_restart) {
    auto t = table_with({2, 7}, 2);
    play(t);  // 2 has the button and the small blind, 7 the big blind
    auto r = restarted(t);
    EXPECT_EQ(play(r).big_blind_seat, 2);
    expect_same_game_after_restart(t);
}

TEST(TableRestart, rules_4_arrival_waits_for_the_button_across_a_restart) {
    auto t = table_with({0, 2, 4, 6}, 0);
    play(t);                                      // button 0, blinds 2 and 4; next: button 2, blinds 4 and 6
    ASSERT_TRUE(t.sit(3, 50, 1000).has_value());  // between the button and the big blind: waits
    ASSERT_TRUE(t.at(3).waiting);
    auto r = restarted(t);
    EXPECT_TRUE(r.at(3).waiting);
    EXPECT_EQ(testing::dealt(play(r)), (std::vector<SeatIndex>{0, 2, 4, 6}));
    expect_same_game_after_restart(t);
    expect_columns_alone_lose_it(t);
}

TEST(TableRestart, rules_6_exclusion_keeps_its_hands_left_across_a_restart) {
    auto t = table_with({0, 1, 2}, 0);
    ASSERT_EQ(t.apply(Sanction{SanctionKind::Exclusion, 1, 1})->excluded_hands, 3);
    play(t);  // one hand of three folded
    auto r = restarted(t);
    EXPECT_EQ(r.at(1).excluded_hands, 2);
    EXPECT_TRUE(play(r).seats[1].auto_act);
    EXPECT_TRUE(play(r).seats[1].auto_act);
    EXPECT_FALSE(play(r).seats[1].auto_act);
    expect_same_game_after_restart(t);
    expect_columns_alone_lose_it(t);
}

TEST(TableRestart, rules_4_sitting_out_and_disconnected_survive_a_restart) {
    auto t = table_with({0, 1, 2, 3}, 0);
    play(t);
    ASSERT_TRUE(t.set_sitting_out(1, true).has_value());
    ASSERT_TRUE(t.set_disconnected(1, true).has_value());
    ASSERT_TRUE(t.set_disconnected(3, true).has_value());
    auto r = restarted(t);
    EXPECT_TRUE(r.at(1).sitting_out);
    EXPECT_TRUE(r.at(1).disconnected);
    EXPECT_TRUE(r.at(3).disconnected);
    EXPECT_FALSE(r.at(3).sitting_out);
    expect_same_game_after_restart(t);
}

TEST(TableRestart, rules_6_busted_player_may_still_rebuy_after_a_restart) {
    auto t = table_with({0, 1, 2, 3}, 0, 10, 5000);
    t.set_rebuy_window(true);
    play(t, {1, 3});  // both may re-buy until the next hand
    auto r = restarted(t);
    EXPECT_TRUE(r.rebuy_window());
    EXPECT_EQ(r.player_count(), 4);
    EXPECT_EQ(refusal_of(r.next_positions()), TableError::BustedPlayersPending);
    ASSERT_TRUE(r.add_chips(1, 5000).has_value());
    ASSERT_TRUE(t.add_chips(1, 5000).has_value());
    // Seat 3 did not re-buy: eliminated, ranked by its chips at the start of the hand it lost (§6).
    auto gone = r.settle_busted();
    auto expected = t.settle_busted();
    ASSERT_EQ(gone.size(), 1U);
    EXPECT_EQ(gone[0].entrant, expected[0].entrant);
    EXPECT_EQ(gone[0].start_chips, 5000);
    EXPECT_EQ(gone[0].start_chips, expected[0].start_chips);
    EXPECT_EQ(gone[0].seat_from_button, expected[0].seat_from_button);
    expect_same_game_after_restart(t);
    EXPECT_EQ(from_columns_only(t).player_count(), 3) << "the columns alone lose the busted seat";
}

TEST(TableRestart, rules_6_rebuy_window_stays_open_across_a_restart) {
    auto t = table_with({0, 1, 2}, 0);
    t.set_rebuy_window(true);
    auto r = restarted(t);
    std::vector<Elimination> out;
    play(r, {2}, &out);
    EXPECT_TRUE(out.empty()) << "a player busting while re-buys are open keeps the seat";
    EXPECT_TRUE(r.at(2).busted);
    EXPECT_FALSE(from_columns_only(t).rebuy_window());
}

TEST(TableRestart, hands_played_survive_a_restart) {
    auto t = table_with({0, 1, 2}, 0);
    for (int i = 0; i < 5; ++i)
        play(t);
    EXPECT_EQ(restarted(t).hands_played(), 5);
    EXPECT_EQ(restarted(t).snapshot(), t.snapshot());
}

TEST(TableRestart, a_table_before_its_first_hand_keeps_its_drawn_button) {
    auto t = table_with({1, 4, 8}, 4);
    expect_same_game_after_restart(t);
    EXPECT_FALSE(restarted(t).started());
    Table empty(6);
    auto r = restarted(empty);
    EXPECT_EQ(r.size(), 6);
    EXPECT_EQ(r.player_count(), 0);
    EXPECT_EQ(refusal_of(r.next_positions()), TableError::NotEnoughPlayers);
}

TEST(TableRestart, rules_7_snapshot_is_refused_during_a_hand) {
    auto t = table_with({0, 1, 2}, 0);
    ASSERT_TRUE(t.start_hand(1, Variant::Holdem, Betting::NoLimit, Stakes{25, 50, 0}).has_value());
    EXPECT_EQ(refusal_of(t.snapshot()), TableError::HandInProgress);
    auto other = table_with({0, 1}, 1);
    EXPECT_EQ(refusal_of(t.restore(*other.snapshot())), TableStateError::HandInProgress);
    EXPECT_TRUE(t.in_hand()) << "a refused restore changes nothing";
    ASSERT_TRUE(t.void_hand().has_value());
    EXPECT_TRUE(t.snapshot().has_value());
}

TEST(TableRestart, restore_replaces_a_table_between_hands) {
    auto source = table_with({0, 1, 2, 3}, 2);
    play(source, {3});
    Table t(4);
    ASSERT_TRUE(t.restore(*source.snapshot()).has_value());
    EXPECT_EQ(t.snapshot(), source.snapshot());
    EXPECT_EQ(next_hands(t, 4), next_hands(source, 4));
}

// Each broken state is refused with its own error, and the table keeps what it had.
TEST(TableRestart, restore_refuses_a_state_no_table_can_be_in) {
    auto t = table_with({0, 1, 2, 3}, 0);
    play(t, {2});
    const TableState good = *t.snapshot();
    ASSERT_TRUE(validate(good).has_value());
    struct Case {
        const char* what;
        void (*spoil)(TableState&);
        TableStateError error;
    };
    const Case cases[] = {
        {"size 1", [](TableState& s) { s.size = 1; }, TableStateError::TableSizeOutOfRange},
        {"size 11", [](TableState& s) { s.size = 11; }, TableStateError::TableSizeOutOfRange},
        {"seat past the table", [](TableState& s) { s.seats[0].seat = 10; }, TableStateError::SeatOutOfRange},
        {"seat below zero", [](TableState& s) { s.seats[0].seat = -1; }, TableStateError::SeatOutOfRange},
        {"seat twice", [](TableState& s) { s.seats[1].seat = s.seats[0].seat; },
         TableStateError::SeatListedTwice},
        {"entrant below zero", [](TableState& s) { s.seats[0].player.entrant = -1; },
         TableStateError::InvalidEntrant},
        {"entrant twice", [](TableState& s) { s.seats[1].player.entrant = s.seats[0].player.entrant; },
         TableStateError::EntrantSeatedTwice},
        {"negative stack", [](TableState& s) { s.seats[0].player.stack = -5; },
         TableStateError::NegativeChips},
        {"negative start", [](TableState& s) { s.seats[0].start_chips = -5; },
         TableStateError::NegativeChips},
        // Saved text may say stack=9223372036854775807: restored, the table's total would overflow.
        {"stack past the limit", [](TableState& s) { s.seats[0].player.stack = kMaxTotalChips + 1; },
         TableStateError::ChipsOverLimit},
        {"start past the limit", [](TableState& s) { s.seats[0].start_chips = kMaxTotalChips + 1; },
         TableStateError::ChipsOverLimit},
        {"no chips, not busted", [](TableState& s) { s.seats[0].player.stack = 0; },
         TableStateError::BustedMismatch},
        {"busted with chips", [](TableState& s) { s.seats[0].player.busted = true; },
         TableStateError::BustedMismatch},
        {"negative exclusion", [](TableState& s) { s.seats[0].player.excluded_hands = -1; },
         TableStateError::NegativeExclusion},
        {"negative hands", [](TableState& s) { s.hands_played = -1; },
         TableStateError::HandsPlayedOutOfRange},
        {"hands at the 64-bit maximum",
         [](TableState& s) { s.hands_played = std::numeric_limits<std::int64_t>::max(); },
         TableStateError::HandsPlayedOutOfRange},
        {"button past the table", [](TableState& s) { s.button.seat = 10; }, TableStateError::SeatOutOfRange},
        {"big blind past the table", [](TableState& s) { s.last_big_blind.seat = 10; },
         TableStateError::SeatOutOfRange},
        {"big blind without holder", [](TableState& s) { s.last_big_blind.entrant = kNoEntrant; },
         TableStateError::HolderMismatch},
        {"small blind holder without seat",
         [](TableState& s) {
             s.last_small_blind = {kNoSeat, 101};
         },
         TableStateError::HolderMismatch},
        {"one player on both blinds",
         [](TableState& s) {
             s.last_small_blind = {1, 102};
         },
         TableStateError::HolderMismatch},
        {"both blinds on one seat",
         [](TableState& s) {
             s.last_small_blind = {2, 101};
         },
         TableStateError::HolderMismatch},
        {"holder below -1", [](TableState& s) { s.button.entrant = -7; }, TableStateError::InvalidEntrant},
        {"started without big blind", [](TableState& s) { s.last_big_blind = {}; },
         TableStateError::NoBigBlindAfterHands},
    };
    for (const Case& c : cases) {
        TableState bad = good;
        c.spoil(bad);
        EXPECT_EQ(refusal_of(validate(bad)), c.error) << c.what;
        Table target = table_with({5, 6}, 5);
        const auto before = target.snapshot();
        auto refused = target.restore(bad);
        ASSERT_FALSE(refused.has_value()) << c.what;
        EXPECT_EQ(refused.error(), c.error) << c.what;
        EXPECT_EQ(target.snapshot(), before) << c.what << ": a refused restore changes nothing";
        EXPECT_EQ(refusal_of(Table::restored(bad)), c.error) << c.what;
        EXPECT_STRNE(to_string(c.error), "unknown table state error");
    }
}

// The example of engine/tournament/README.md ("Restarting a table"), as written there.
TEST(TableRestart, readme_example_restarts_a_table) {
    auto table = table_with({0, 1, 2, 3}, 0);
    play(table, {2});
    TableState state = table.snapshot().value();
    std::string saved = encode_table_state(state);
    auto read = decode_table_state(saved);
    ASSERT_TRUE(read.has_value());
    auto table2 = Table::restored(*read);
    ASSERT_TRUE(table2.has_value());
    EXPECT_EQ(next_hands(*table2, 3), next_hands(table, 3));
}

}  // namespace
}  // namespace tavolo::engine
