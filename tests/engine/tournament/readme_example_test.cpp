// The example of engine/tournament/README.md, played to the end with the engine's Hand.
#include <gtest/gtest.h>

#include "engine/poker/hand.hpp"
#include "engine/table/table.hpp"

namespace tavolo::engine {
namespace {

TEST(ReadmeExample, a_table_drives_hands_and_reports_eliminations) {
    SeededRandom rng(42);
    Table table(10);
    ASSERT_TRUE(table.sit(0, 7, 5000).has_value());
    ASSERT_TRUE(table.sit(4, 8, 5000).has_value());
    ASSERT_TRUE(table.sit(6, 9, 5000).has_value());
    ASSERT_TRUE(table.draw_button(rng).has_value());

    HandSetup setup;
    for (HandId id = 1; id <= 20 && table.player_count() >= 2; ++id) {
        ASSERT_TRUE(
            table.start_hand(id, Variant::Holdem, Betting::NoLimit, Stakes{25, 50, 0}, setup).has_value());
        Hand hand(setup, rng);
        ASSERT_TRUE(hand.setup_error().has_value());
        while (!hand.is_over()) {
            const auto legal = hand.legal_actions();
            // Everyone shoves or calls: somebody busts soon.
            if (legal.may_bet_or_raise)
                ASSERT_TRUE(hand.act(legal.seat, BetOrRaiseTo{legal.max_to}).has_value());
            else if (legal.may_call)
                ASSERT_TRUE(hand.act(legal.seat, Call{}).has_value());
            else
                ASSERT_TRUE(hand.act(legal.seat, Check{}).has_value());
        }
        std::vector<Chips> finals;
        for (const auto& s : setup.seats)
            finals.push_back(hand.stack(s.seat));
        auto busted = table.finish_hand(finals);
        ASSERT_TRUE(busted.has_value());
        EXPECT_EQ(table.total_chips(), 15000);
    }
    EXPECT_EQ(table.player_count(), 1);
}

}  // namespace
}  // namespace tavolo::engine
