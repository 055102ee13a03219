// RULES.md §4: button, small and big blind movement over consecutive hands.
#include <gtest/gtest.h>

#include "engine/random.hpp"
#include "tests/engine/tournament/table_support.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine {
namespace {

using testing::dealt;
using testing::play;
using testing::table_with;
using Seats = std::vector<SeatIndex>;

void expect_positions(const HandSetup& h, SeatIndex button, SeatIndex sb, SeatIndex bb) {
    EXPECT_EQ(h.button, button) << "hand " << h.hand_id;
    EXPECT_EQ(h.small_blind_seat, sb) << "hand " << h.hand_id;
    EXPECT_EQ(h.big_blind_seat, bb) << "hand " << h.hand_id;
}

TEST(ButtonAndBlinds, rules_4_everyone_moves_one_seat_per_hand) {
    auto t = table_with({0, 1, 2, 3}, 0);
    expect_positions(play(t), 0, 1, 2);
    expect_positions(play(t), 1, 2, 3);
    expect_positions(play(t), 2, 3, 0);
    expect_positions(play(t), 3, 0, 1);
    expect_positions(play(t), 0, 1, 2);
}

TEST(ButtonAndBlinds, rules_4_blinds_skip_empty_seats) {
    auto t = table_with({1, 4, 7, 9}, 9);
    expect_positions(play(t), 9, 1, 4);
    expect_positions(play(t), 1, 4, 7);
    expect_positions(play(t), 4, 7, 9);
}

TEST(ButtonAndBlinds, rules_4_big_blind_eliminated_gives_a_dead_small_blind) {
    auto t = table_with({0, 1, 2, 3, 4}, 0);
    expect_positions(play(t, {2}), 0, 1, 2);  // the big blind busts
    // The big blind advances to 3; nobody posts the small blind; the button goes to 1 (last small blind).
    auto h2 = play(t);
    expect_positions(h2, 1, kNoSeat, 3);
    EXPECT_EQ(dealt(h2), (Seats{0, 1, 3, 4}));
    // No small blind last hand: the button stays with its holder (1).
    expect_positions(play(t), 1, 3, 4);
    expect_positions(play(t), 3, 4, 0);
    expect_positions(play(t), 4, 0, 1);
}

TEST(ButtonAndBlinds, rules_4_small_blind_eliminated_button_stays) {
    auto t = table_with({0, 1, 2, 3, 4}, 0);
    expect_positions(play(t, {1}), 0, 1, 2);  // the small blind busts
    // The button would go to the last small blind, who is gone: it stays with 0.
    expect_positions(play(t), 0, 2, 3);
    expect_positions(play(t), 2, 3, 4);
    expect_positions(play(t), 3, 4, 0);
}

TEST(ButtonAndBlinds, rules_4_button_eliminated_moves_on_normally) {
    auto t = table_with({0, 1, 2, 3, 4}, 0);
    expect_positions(play(t, {0}), 0, 1, 2);
    expect_positions(play(t), 1, 2, 3);
    expect_positions(play(t), 2, 3, 4);
    expect_positions(play(t), 3, 4, 1);
}

TEST(ButtonAndBlinds, rules_4_both_blinds_eliminated_in_one_hand) {
    auto t = table_with({0, 1, 2, 3, 4}, 0);
    expect_positions(play(t, {1, 2}), 0, 1, 2);
    // Dead small blind, the button stays with 0, the big blind advances to 3.
    expect_positions(play(t), 0, kNoSeat, 3);
    // Still no small blind last hand: the button stays with 0 once more.
    expect_positions(play(t), 0, 3, 4);
    expect_positions(play(t), 3, 4, 0);
}

TEST(ButtonAndBlinds, rules_4_button_and_small_blind_eliminated_button_stays_on_empty_seat) {
    auto t = table_with({0, 1, 2, 3, 4}, 0);
    expect_positions(play(t, {0, 1}), 0, 1, 2);
    auto h2 = play(t);
    expect_positions(h2, 0, 2, 3);  // seat 0 is empty: a dead button
    EXPECT_EQ(dealt(h2), (Seats{2, 3, 4}));
    expect_positions(play(t), 2, 3, 4);
}

TEST(ButtonAndBlinds, rules_4_button_and_big_blind_eliminated_in_one_hand) {
    auto t = table_with({0, 1, 2, 3, 4}, 0);
    expect_positions(play(t, {0, 2}), 0, 1, 2);
    expect_positions(play(t), 1, kNoSeat, 3);  // dead small blind; the button goes to the last small blind
    expect_positions(play(t), 1, 3, 4);        // no small blind last hand: the button stays
    expect_positions(play(t), 3, 4, 1);
}

TEST(ButtonAndBlinds, rules_4_four_to_two_goes_straight_to_heads_up) {
    auto t = table_with({0, 1, 2, 3}, 0);
    expect_positions(play(t, {0, 2}), 0, 1, 2);
    // The big blind advances to 3; heads-up, the other player (1) has the button and the small blind.
    expect_positions(play(t), 1, 1, 3);
    expect_positions(play(t), 3, 3, 1);
}

TEST(ButtonAndBlinds, rules_4_nobody_posts_big_blind_twice_or_skips_it) {
    // Eliminations in every position over a long run: the big blind visits every player in turn.
    auto t = table_with({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 3);
    SeatIndex last_bb = kNoSeat;
    const std::vector<std::set<SeatIndex>> busts = {{}, {4}, {}, {6}, {}, {3, 9}, {}, {}, {8}, {}, {}, {0}};
    for (const auto& b : busts) {
        auto h = play(t, b);
        if (last_bb != kNoSeat) {
            // The big blind is the first player dealt in after the last big blind's seat.
            SeatIndex expected = kNoSeat;
            for (int i = 1; i <= 10 && expected == kNoSeat; ++i)
                for (const auto& s : h.seats)
                    if (s.seat == (last_bb + i) % 10) expected = s.seat;
            EXPECT_EQ(h.big_blind_seat, expected);
        }
        last_bb = h.big_blind_seat;
    }
}

TEST(ButtonAndBlinds, rules_4_heads_up_button_posts_small_blind_and_blinds_alternate) {
    auto t = table_with({2, 7}, 7);
    expect_positions(play(t), 7, 7, 2);
    expect_positions(play(t), 2, 2, 7);
    expect_positions(play(t), 7, 7, 2);
}

TEST(ButtonAndBlinds, rules_4_three_to_two_when_big_blind_busts) {
    auto t = table_with({0, 1, 2}, 0);
    expect_positions(play(t, {2}), 0, 1, 2);
    // Neither posted the big blind: it advances to the next player after seat 2, i.e. 0; 1 has the button.
    expect_positions(play(t), 1, 1, 0);
    expect_positions(play(t), 0, 0, 1);
}

TEST(ButtonAndBlinds, rules_4_three_to_two_when_button_busts) {
    auto t = table_with({0, 1, 2}, 0);
    expect_positions(play(t, {0}), 0, 1, 2);
    // 2 posted the big blind, so 1 posts it now; 2 has the button and the small blind.
    expect_positions(play(t), 2, 2, 1);
}

TEST(ButtonAndBlinds, rules_4_three_to_two_when_small_blind_busts) {
    auto t = table_with({0, 1, 2}, 0);
    expect_positions(play(t, {1}), 0, 1, 2);
    expect_positions(play(t), 2, 2, 0);
}

TEST(ButtonAndBlinds, rules_4_first_hand_heads_up_button_is_small_blind) {
    auto t = table_with({3, 5}, 5);
    expect_positions(play(t), 5, 5, 3);
}

TEST(ButtonAndBlinds, rules_4_arrival_in_the_big_blind_seat_posts_it_and_plays) {
    auto t = table_with({0, 2, 4, 6}, 0);
    expect_positions(play(t), 0, 2, 4);
    ASSERT_TRUE(t.sit(5, 900, 1000).has_value());
    auto h = play(t);
    expect_positions(h, 2, 4, 5);
    EXPECT_EQ(dealt(h), (Seats{0, 2, 4, 5, 6}));
}

TEST(ButtonAndBlinds, rules_4_arrival_between_button_and_big_blind_waits_for_the_button) {
    auto t = table_with({0, 2, 4, 6}, 0);
    expect_positions(play(t), 0, 2, 4);
    ASSERT_TRUE(t.sit(3, 900, 1000).has_value());
    auto h2 = play(t);
    expect_positions(h2, 2, 4, 6);
    EXPECT_EQ(dealt(h2), (Seats{0, 2, 4, 6}));  // 3 sits between the button (2) and the big blind (6)
    auto h3 = play(t);
    expect_positions(h3, 4, 6, 0);
    EXPECT_EQ(dealt(h3), (Seats{0, 2, 3, 4, 6}));  // the button has passed seat 3
}

TEST(ButtonAndBlinds, rules_4_arrival_elsewhere_plays_at_once) {
    auto t = table_with({0, 2, 4, 6}, 0);
    expect_positions(play(t), 0, 2, 4);
    ASSERT_TRUE(t.sit(1, 900, 1000).has_value());
    auto h = play(t);
    expect_positions(h, 2, 4, 6);
    EXPECT_EQ(dealt(h), (Seats{0, 1, 2, 4, 6}));
}

TEST(ButtonAndBlinds, rules_4_arrival_on_the_dead_button_seat_waits) {
    auto t = table_with({0, 2, 4, 6, 8}, 0);
    expect_positions(play(t, {0, 2}), 0, 2, 4);  // button and small blind bust
    ASSERT_TRUE(t.sit(0, 900, 1000).has_value());
    auto h2 = play(t);
    expect_positions(h2, 0, 4, 6);
    EXPECT_EQ(dealt(h2), (Seats{4, 6, 8}));
    auto h3 = play(t);
    expect_positions(h3, 4, 6, 8);
    EXPECT_EQ(dealt(h3), (Seats{0, 4, 6, 8}));
}

TEST(ButtonAndBlinds, rules_4_arrival_at_heads_up_makes_three_with_blinds_in_order) {
    auto t = table_with({0, 1}, 1);
    expect_positions(play(t), 1, 1, 0);
    ASSERT_TRUE(t.sit(2, 900, 1000).has_value());
    // Last hand: 0 big blind, 1 button. The big blind advances to 1; 0 posts the small blind; the
    // button would collide with the big blind, so it goes to the seat before the small blind (2),
    // where the arrival waits: heads-up once more.
    auto h2 = play(t);
    EXPECT_EQ(dealt(h2), (Seats{0, 1}));
    expect_positions(h2, 0, 0, 1);
    auto h3 = play(t);
    EXPECT_EQ(dealt(h3), (Seats{0, 1, 2}));
    expect_positions(h3, 0, 1, 2);
}

TEST(ButtonAndBlinds, rules_4_sitting_out_player_is_dealt_in_and_auto_acts) {
    auto t = table_with({0, 1, 2}, 0);
    ASSERT_TRUE(t.set_sitting_out(1, true).has_value());
    ASSERT_TRUE(t.set_disconnected(2, true).has_value());
    auto h = play(t);
    ASSERT_EQ(h.seats.size(), 3u);
    EXPECT_FALSE(h.seats[0].auto_act);
    EXPECT_TRUE(h.seats[1].auto_act);   // sitting out: folded at once, no clock
    EXPECT_FALSE(h.seats[2].auto_act);  // disconnected: keeps the clock and the time bank (§5)
    EXPECT_EQ(h.small_blind_seat, 1);   // still posts
}

TEST(ButtonDraw, rules_6_button_drawn_by_highest_card_is_fair) {
    std::array<int, 4> wins{};
    SeededRandom rng(7);
    for (int i = 0; i < 4000; ++i) {
        auto t = table_with({1, 3, 5, 8}, 1);
        auto b = t.draw_button(rng);
        ASSERT_TRUE(b.has_value());
        wins[static_cast<std::size_t>(*b == 1 ? 0 : *b == 3 ? 1 : *b == 5 ? 2 : 3)]++;
        EXPECT_TRUE(*b == 1 || *b == 3 || *b == 5 || *b == 8);
    }
    for (int w : wins) {
        EXPECT_GT(w, 850);
        EXPECT_LT(w, 1150);
    }
}

TEST(ButtonAndBlinds, rules_4_drawn_button_holder_gone_before_first_hand_leaves_a_dead_button) {
    auto t = table_with({1, 3, 5, 7}, 3);
    ASSERT_TRUE(t.stand(3).has_value());
    expect_positions(play(t), 3, 5, 7);
    auto h = table_with({1, 3, 5}, 3);
    ASSERT_TRUE(h.stand(3).has_value());
    expect_positions(play(h), 5, 5, 1);  // heads-up: the button must be a player
}

TEST(ButtonAndBlinds, rules_4_first_hand_needs_a_button) {
    Table t(6);
    ASSERT_TRUE(t.sit(0, 1, 100).has_value());
    EXPECT_EQ(refusal_of(t.next_positions()), TableError::NotEnoughPlayers);
    ASSERT_TRUE(t.sit(3, 2, 100).has_value());
    EXPECT_EQ(refusal_of(t.next_positions()), TableError::ButtonNotDrawn);
}

TEST(ButtonAndBlinds, rules_4_antes_pass_into_the_setup) {
    auto t = table_with({0, 1, 2}, 0);
    auto h = t.start_hand(1, Variant::FiveCardStud, Betting::Limit, Stakes{300, 600, 25, AnteMode::Classic});
    ASSERT_TRUE(h.has_value());
    EXPECT_EQ(h->ante, 25);
    EXPECT_EQ(h->ante_mode, AnteMode::Classic);
    EXPECT_EQ(h->small_blind, 300);
    EXPECT_EQ(h->big_blind, 600);
}

TEST(ButtonAndBlinds, rules_4_button_and_both_blinds_bust_together) {
    auto t = table_with({0, 1, 2, 3, 4, 5}, 0);
    expect_positions(play(t, {0, 1, 2}), 0, 1, 2);
    // Big blind to 3; the last big blind (2) is gone: dead small blind; the last small blind (1) is
    // gone: the button stays on seat 0, now empty.
    auto h2 = play(t);
    expect_positions(h2, 0, kNoSeat, 3);
    EXPECT_EQ(dealt(h2), (Seats{3, 4, 5}));
    expect_positions(play(t), 0, 3, 4);  // no small blind last hand: the dead button stays
    expect_positions(play(t), 3, 4, 5);
    expect_positions(play(t), 4, 5, 3);
}

TEST(ButtonAndBlinds, rules_4_big_blind_and_the_next_big_blind_bust_together) {
    auto t = table_with({0, 1, 2, 3, 4, 5}, 0);
    expect_positions(play(t, {2, 3}), 0, 1, 2);
    // The next occupied seat after 2 is now 4: it posts the big blind; nobody skips it.
    auto h2 = play(t);
    expect_positions(h2, 1, kNoSeat, 4);
    EXPECT_EQ(dealt(h2), (Seats{0, 1, 4, 5}));
    expect_positions(play(t), 1, 4, 5);
    expect_positions(play(t), 4, 5, 0);
    expect_positions(play(t), 5, 0, 1);
}

TEST(ButtonAndBlinds, rules_4_three_to_two_after_a_dead_small_blind) {
    auto t = table_with({0, 1, 2, 3}, 0);
    expect_positions(play(t, {2}), 0, 1, 2);
    expect_positions(play(t, {3}), 1, kNoSeat, 3);
    // Heads-up: neither posted the last big blind; it advances to the next player after 3 (0),
    // the other (1) has the button and the small blind; then they alternate.
    expect_positions(play(t), 1, 1, 0);
    expect_positions(play(t), 0, 0, 1);
}

TEST(ButtonAndBlinds, rules_4_arrival_at_heads_up_in_the_big_blind_seat_posts_it) {
    auto t = table_with({0, 4}, 4);
    expect_positions(play(t), 4, 4, 0);
    ASSERT_TRUE(t.sit(2, 900, 1000).has_value());
    // The next occupied seat after the last big blind (0) is the arrival's: it posts the big
    // blind; 0 (last big blind) posts the small blind; 4 (last small blind) has the button.
    auto h2 = play(t);
    EXPECT_EQ(dealt(h2), (Seats{0, 2, 4}));
    expect_positions(h2, 4, 0, 2);
    expect_positions(play(t), 0, 2, 4);
}

TEST(ButtonAndBlinds, rules_6_rebuy_window_busted_big_blind_who_rebuys_posts_the_small_blind) {
    auto t = table_with({0, 1, 2, 3, 4}, 0);
    t.set_rebuy_window(true);
    std::vector<Elimination> out;
    expect_positions(play(t, {2}, &out), 0, 1, 2);
    EXPECT_TRUE(out.empty());  // busted, may still re-buy
    EXPECT_EQ(refusal_of(t.next_positions()), TableError::BustedPlayersPending);
    ASSERT_TRUE(t.add_chips(2, 1000).has_value());
    EXPECT_TRUE(t.settle_busted().empty());
    expect_positions(play(t), 1, 2, 3);
}

TEST(ButtonAndBlinds, rules_6_rebuy_window_busted_big_blind_who_does_not_leaves_a_dead_small_blind) {
    auto t = table_with({0, 1, 2, 3, 4}, 0);
    t.set_rebuy_window(true);
    expect_positions(play(t, {2}), 0, 1, 2);
    const auto gone = t.settle_busted();
    ASSERT_EQ(gone.size(), 1u);
    EXPECT_EQ(gone[0].seat, 2);
    EXPECT_EQ(gone[0].start_chips, 1000);
    EXPECT_EQ(gone[0].seat_from_button, 2);
    expect_positions(play(t), 1, kNoSeat, 3);
}

TEST(ButtonAndBlinds, rules_4_ante_modes_none_classic_and_big_blind) {
    auto t = table_with({0, 1, 2}, 0);
    auto classic =
        t.start_hand(1, Variant::FiveCardDraw, Betting::PotLimit, Stakes{100, 200, 25, AnteMode::Classic});
    ASSERT_TRUE(classic.has_value());
    EXPECT_EQ(classic->ante_mode, AnteMode::Classic);
    EXPECT_EQ(classic->ante, 25);
    ASSERT_TRUE(t.void_hand().has_value());
    auto bb = t.start_hand(2, Variant::Holdem, Betting::NoLimit, Stakes{100, 200, 200, AnteMode::BigBlind});
    ASSERT_TRUE(bb.has_value());
    EXPECT_EQ(bb->ante_mode, AnteMode::BigBlind);
    EXPECT_EQ(bb->ante, 200);
    EXPECT_EQ(bb->big_blind_seat, 2);
    ASSERT_TRUE(t.void_hand().has_value());
    // No ante amount: no ante, whatever the mode says.
    auto none = t.start_hand(3, Variant::Holdem, Betting::NoLimit, Stakes{100, 200, 0, AnteMode::Classic});
    ASSERT_TRUE(none.has_value());
    EXPECT_EQ(none->ante_mode, AnteMode::None);
}

TEST(ButtonAndBlinds, rules_6_balancing_seat_before_the_first_hand_posts_the_big_blind_first) {
    // Button 0, players 0, 3, 6, no hand played: the first hand's small blind is 3, so an arrival
    // at 4 posts the first big blind; seat 1 would only post the small blind.
    auto t = table_with({0, 3, 6}, 0);
    EXPECT_EQ(t.seat_posting_big_blind_soonest(), 4);
    ASSERT_TRUE(t.sit(4, 900, 1000).has_value());
    expect_positions(play(t), 0, 3, 4);
}

}  // namespace
}  // namespace tavolo::engine
