// The example of engine/README.md ("How the server drives a hand"), compiled and run.
#include <gtest/gtest.h>

#include <cstdio>
#include <variant>

#include "engine/poker/hand.hpp"
#include "engine/poker/visibility.hpp"
#include "engine/random.hpp"

namespace readme {

using namespace tavolo::engine;

// ---- begin: the README example, with main() renamed ----
int main() {
    HandSetup setup;
    setup.variant = Variant::Holdem;
    setup.betting = Betting::NoLimit;
    setup.small_blind = 50;
    setup.big_blind = 100;
    setup.table_size = 6;
    setup.seats = {{.seat = 0, .stack = 5000}, {.seat = 2, .stack = 5000}, {.seat = 4, .stack = 5000}};
    setup.button = 0;
    setup.small_blind_seat = 2;
    setup.big_blind_seat = 4;

    SeededRandom rng(7);  // the server injects a cryptographically secure RandomSource
    Hand hand(setup, rng);
    while (!hand.is_over()) {
        const LegalActions la = hand.legal_actions();  // sent to the player to act
        const Command command = la.may_check ? Command{Check{}} : Command{Call{}};
        auto events = hand.act(la.seat, command);
        if (!events) {  // refused: nothing changed, the player keeps the turn
            std::printf("refused: %s\n", describe(events.error()));
            return 1;
        }
        for (const HandEvent& e : *events) {
            if (const auto* card = std::get_if<CardDealt>(&e); card && may_see(*card, /*observer*/ kNoSeat))
                std::printf("observers see %s\n", card->card.to_string().c_str());
            if (const auto* won = std::get_if<PotAwarded>(&e))
                std::printf("pot %d: %lld chips\n", won->pot_index, static_cast<long long>(won->amount));
        }
    }
    for (const SeatSetup& s : setup.seats)
        std::printf("seat %d: %lld\n", s.seat, static_cast<long long>(hand.stack(s.seat)));
    return 0;
}
// ---- end ----

}  // namespace readme

namespace tavolo::engine {
namespace {

TEST(ReadmeExample, PlaysAHandToTheEndWithNoRefusal) {
    EXPECT_EQ(readme::main(), 0);
}

TEST(ReadmeExample, ObserversSeeBoardAndShownCardsButNeverHoleOrBurnCards) {
    CardDealt hole{.target = CardTarget::Player, .seat = 2, .visibility = Visibility::Owner};
    CardDealt burn{.target = CardTarget::Burn, .visibility = Visibility::Nobody};
    CardDealt board{.target = CardTarget::Board, .visibility = Visibility::Everyone};
    EXPECT_TRUE(may_see(hole, 2));
    EXPECT_FALSE(may_see(hole, 3));
    EXPECT_FALSE(may_see(hole, kNoSeat));
    EXPECT_FALSE(may_see(burn, 2));
    EXPECT_TRUE(may_see(board, kNoSeat));
}

}  // namespace
}  // namespace tavolo::engine
