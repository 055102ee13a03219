// Five-card stud, showdown order when the final round is checked through (RULES.md §3, ROOM): the
// highest showing board shows first. Four up-cards are a partial hand: quads > trips > two pair >
// pair > high card, then ranks; no straights or flushes with fewer than five cards; equal boards:
// nearest the button's left. The pot itself goes to the best five cards, down card included.
#include <gtest/gtest.h>

#include "tests/engine/poker/hand_fixture.hpp"

namespace tavolo::engine::testing {
namespace {

// Cards per seat: down card, then the four up-cards in the order dealt.
Hand checked_down_stud(std::uint64_t seed, const std::vector<std::string>& per_seat) {
    SeededRandom rng(seed);
    const HandSetup s =
        make_setup(Variant::FiveCardStud, Betting::NoLimit, std::vector<Chips>(per_seat.size(), 1000), 5, 10);
    Hand h(s, rng, stacked(s, per_seat));
    while (!h.is_over()) {
        const LegalActions la = h.legal_actions();
        EXPECT_TRUE(la.may_check ? h.check(la.seat).has_value() : h.call(la.seat).has_value());
    }
    return h;
}

SeatIndex first_to_show(const Hand& h) {
    for (const HandEvent& e : h.events())
        if (const auto* shown = std::get_if<CardsShown>(&e)) return shown->seat;
    return kNoSeat;
}

TEST(StudShowingBoard, PairShowsBeforeFourCardsToAStraightFlush_NoStraightOrFlushUnderFiveCards) {
    const Hand h = checked_down_stud(81, {"Kc5h6h7h8h", "Qd2c2dJs9c", "3sAcTdKs4c"});
    EXPECT_EQ(first_to_show(h), 1);
}

TEST(StudShowingBoard, QuadsShowBeforeTrips) {
    const Hand h = checked_down_stud(82, {"2cAcAdAhKs", "3c7c7d7h7s", "4dQcJdTs9h"});
    EXPECT_EQ(first_to_show(h), 1);
}

TEST(StudShowingBoard, TripsShowBeforeTwoPair) {
    const Hand h = checked_down_stud(83, {"2cAcAdKhKs", "3c4c4d4hQs", "5dQcJdTs9h"});
    EXPECT_EQ(first_to_show(h), 1);
}

TEST(StudShowingBoard, HigherTwoPairShowsFirst_HighPairDecides) {
    const Hand h = checked_down_stud(84, {"2cQcQdJhJs", "3cKcKd5h5s", "4dAcJdTs9h"});
    EXPECT_EQ(first_to_show(h), 1);
}

TEST(StudShowingBoard, EqualPairsKickerDecides) {
    const Hand h = checked_down_stud(85, {"2c9c9dKhQs", "3h9h9sAd2s", "4dJcTd8s7h"});
    EXPECT_EQ(first_to_show(h), 1);
}

TEST(StudShowingBoard, HighCardsCompareRankByRank) {
    // Seat 1 A-K-Q-8 is nearer the button's left, seat 2 A-K-Q-9 shows higher.
    const Hand h = checked_down_stud(86, {"2c3c5d7h4s", "3hAdKsQh8d", "4dAcKdQs9h"});
    EXPECT_EQ(first_to_show(h), 2);
}

TEST(StudShowingBoard, EqualShowingBoardsNearestButtonsLeftShowsFirst) {
    // Seats 1 and 2 both show A-K-Q-9 in other suits; seat 1 is the first left of the button (0).
    const Hand h = checked_down_stud(87, {"2c3c5d7h4s", "3hAdKsQh9d", "4dAcKdQs9h"});
    EXPECT_EQ(first_to_show(h), 1);
}

TEST(StudShowingBoard, PotGoesToBestFiveCardsDownCardIncluded) {
    // Seat 1 shows the highest board (a pair of queens); seat 2 shows ace-high, its down ace makes aces.
    const Hand h = checked_down_stud(88, {"2c3c5d7h4s", "3hQdQsJh9d", "AdAc5s6d8h"});
    EXPECT_EQ(first_to_show(h), 1);
    EXPECT_EQ(h.stack(2), 1020);
    EXPECT_EQ(h.stack(1), 990);
}

}  // namespace
}  // namespace tavolo::engine::testing
