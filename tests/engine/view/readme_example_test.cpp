// The example of engine/README.md ("How the server drives a hand"), compiled and run.
#include <gtest/gtest.h>

#include <cstdio>
#include <variant>

#include "engine/poker/hand.hpp"
#include "engine/random.hpp"
#include "engine/view/card_visibility.hpp"
#include "engine/view/poker_projection.hpp"

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
        auto events = hand.act(la.seat, command, la.decision);  // the decision it answers
        if (!events) {  // refused: nothing changed, the player keeps the turn
            std::printf("refused: %s\n", describe(events.error()));
            return 1;
        }
        for (const HandEvent& e : *events) {
            // Each viewer receives the event projected for him: here, an observer.
            const view::PokerSeen seen = view::project(e, view::PokerViewer::observer());
            if (const auto* card = std::get_if<view::SeenCardDealt>(&seen); card && card->card)
                std::printf("observers see %s\n", card->card->to_string().c_str());
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
    using view::may_see;
    const auto observer = view::PokerViewer::observer();
    EXPECT_TRUE(may_see(Visibility::Owner, 2, view::PokerViewer::player(2)));
    EXPECT_FALSE(may_see(Visibility::Owner, 2, view::PokerViewer::player(3)));
    EXPECT_FALSE(may_see(Visibility::Owner, 2, observer));
    EXPECT_FALSE(may_see(Visibility::Nobody, kNoSeat, view::PokerViewer::player(2)));
    EXPECT_TRUE(may_see(Visibility::Everyone, kNoSeat, observer));
}

}  // namespace
}  // namespace tavolo::engine
