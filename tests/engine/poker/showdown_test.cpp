// Showdown and pots (RULES.md §3): who shows first, show or muck, all-in exposure, hands won
// without showdown never revealed, uncalled bets returned.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/engine/poker/hand_fixture.hpp"

namespace tavolo::engine::testing {
namespace {

// Seat 0 aces, seat 1 kings, seat 2 seven-high; board 3c 4s 8d 9h Qs (burns 2c 2d 2h).
HandSetup three_handed() {
    return make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000, 1000}, 5, 10);
}
std::vector<Card> three_handed_deck(const HandSetup& s) {
    return stacked(s, {"AcAd", "KcKd", "7h2s"}, "2c 3c4s8d 2d 9h 2h Qs");
}

void limp_and_check_to_river(Hand& h) {
    ASSERT_NO_FATAL_FAILURE(limp_and_check_through(h, 2));
    ASSERT_EQ(h.street(), 3);
}

std::vector<SeatIndex> showdown_sequence(const Hand& h) {
    std::vector<SeatIndex> seq;
    for (const HandEvent& e : h.events()) {
        if (const auto* s = std::get_if<CardsShown>(&e)) seq.push_back(s->seat);
        if (const auto* m = std::get_if<Mucked>(&e)) seq.push_back(static_cast<SeatIndex>(100 + m->seat));
    }
    return seq;
}

TEST(Showdown, LastAggressorOnFinalRoundShowsFirst_LoserWhoCannotWinMucks) {
    SeededRandom rng(71);
    const HandSetup s = three_handed();
    Hand h(s, rng, three_handed_deck(s));
    limp_and_check_to_river(h);
    ASSERT_OK(h.check(1));
    ASSERT_OK(h.bet_or_raise_to(2, 10));
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.call(1));
    ASSERT_TRUE(h.is_over());
    // Seat 2 shows (the bettor), seat 0 shows aces, seat 1's kings cannot win: mucked.
    EXPECT_EQ(showdown_sequence(h), (std::vector<SeatIndex>{2, 0, 101}));
    EXPECT_EQ(h.stack(0), 1040);
}

TEST(Showdown, CheckedThroughFirstActiveLeftOfButtonShowsFirst) {
    SeededRandom rng(72);
    const HandSetup s = three_handed();
    Hand h(s, rng, three_handed_deck(s));
    limp_and_check_to_river(h);
    for (SeatIndex seat : {1, 2, 0})
        ASSERT_OK(h.check(seat));
    ASSERT_TRUE(h.is_over());
    EXPECT_EQ(showdown_sequence(h), (std::vector<SeatIndex>{1, 102, 0}));
    const auto ended = events_of<HandEnded>(h);
    ASSERT_EQ(ended.size(), 1U);
    EXPECT_TRUE(ended[0].showdown);
    EXPECT_EQ(ended[0].stacks[0], 1020);
}

TEST(Showdown, HandThatTiesTheBestShownHandIsShownAndSplits) {
    SeededRandom rng(70);
    const HandSetup s = three_handed();
    // Seats 0 and 1 both make six-high straights; seat 2 has a pair of twos.
    Hand h(s, rng, stacked(s, {"2c3d", "2d3c", "2h2s"}, "Ac 4h5d6c Ad Kd Ah Qs"));
    limp_and_check_to_river(h);
    ASSERT_OK(h.check(1));
    ASSERT_OK(h.bet_or_raise_to(2, 10));
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.call(1));
    EXPECT_EQ(showdown_sequence(h), (std::vector<SeatIndex>{2, 0, 1}));
    const auto awards = events_of<PotAwarded>(h);
    ASSERT_EQ(awards.size(), 1U);
    EXPECT_EQ(awards[0].winners, 2);
    EXPECT_EQ(h.stack(0), h.stack(1));
}

TEST(Showdown, PlayerSettingAlwaysShowShowsALosingHand) {
    SeededRandom rng(73);
    HandSetup s = three_handed();
    s.seats[2].always_show = true;
    Hand h(s, rng, three_handed_deck(s));
    limp_and_check_to_river(h);
    for (SeatIndex seat : {1, 2, 0})
        ASSERT_OK(h.check(seat));
    EXPECT_EQ(showdown_sequence(h), (std::vector<SeatIndex>{1, 2, 0}));
}

TEST(Showdown, AllInHandsExposedBeforeRemainingCardsAreDealt) {
    SeededRandom rng(74);
    const HandSetup s = three_handed();
    Hand h(s, rng, three_handed_deck(s));
    ASSERT_OK(h.bet_or_raise_to(0, 1000));
    ASSERT_OK(h.call(1));
    ASSERT_OK(h.fold(2));
    ASSERT_TRUE(h.is_over());
    std::size_t first_board = 0, last_exposure = 0;
    int exposures = 0;
    for (std::size_t i = 0; i < h.events().size(); ++i) {
        if (const auto* d = std::get_if<CardDealt>(&h.events()[i]);
            d && d->target == CardTarget::Board && first_board == 0)
            first_board = i;
        if (const auto* c = std::get_if<CardsShown>(&h.events()[i])) {
            EXPECT_TRUE(c->all_in_exposure);
            last_exposure = i;
            ++exposures;
        }
    }
    EXPECT_EQ(exposures, 2);
    EXPECT_LT(last_exposure, first_board);
    EXPECT_EQ(h.stack(0), 2010);
    EXPECT_TRUE(events_of<Mucked>(h).empty());
}

TEST(Showdown, HandWonWithoutShowdownIsNeverRevealed_WinnerMayChooseToShow) {
    SeededRandom rng(75);
    const HandSetup s = three_handed();
    Hand h(s, rng, three_handed_deck(s));
    ASSERT_OK(h.bet_or_raise_to(0, 30));
    ASSERT_OK(h.fold(1));
    ASSERT_OK(h.fold(2));
    ASSERT_TRUE(h.is_over());
    EXPECT_TRUE(events_of<CardsShown>(h).empty());
    EXPECT_TRUE(events_of<Mucked>(h).empty());
    for (const CardDealt& d : events_of<CardDealt>(h))
        EXPECT_NE(d.visibility, Visibility::Everyone);
    const auto returned = events_of<UncalledReturned>(h);
    ASSERT_EQ(returned.size(), 1U);
    EXPECT_EQ(returned[0].seat, 0);
    EXPECT_EQ(returned[0].amount, 20);
    EXPECT_EQ(h.stack(0), 1015);
    EXPECT_REFUSED(h.act(1, ShowCards{}), RuleError::CannotShow);
    ASSERT_OK(h.act(0, ShowCards{}));
    ASSERT_EQ(events_of<CardsShown>(h).size(), 1U);
    EXPECT_REFUSED(h.act(0, ShowCards{}), RuleError::CannotShow);
}

TEST(Showdown, UncalledPartOfAllInReturnedWhenCallerIsShort) {
    SeededRandom rng(76);
    HandSetup s = make_setup(Variant::Holdem, Betting::NoLimit, {1000, 300, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"AcAd", "KcKd", "7h2s"}, "2c 3c4s8d 2d 9h 2h Qs"));
    ASSERT_OK(h.bet_or_raise_to(0, 1000));
    ASSERT_OK(h.call(1));  // all-in for 300
    ASSERT_OK(h.fold(2));
    const auto returned = events_of<UncalledReturned>(h);
    ASSERT_EQ(returned.size(), 1U);
    EXPECT_EQ(returned[0].seat, 0);
    EXPECT_EQ(returned[0].amount, 700);
    EXPECT_EQ(h.stack(0), 1000 + 300 + 10);
    EXPECT_EQ(h.stack(1), 0);
}

TEST(Showdown, ThreeWayAllInFormsMainAndSidePotsEachWonByBestEligibleHand) {
    SeededRandom rng(77);
    HandSetup s = make_setup(Variant::Holdem, Betting::NoLimit, {200, 500, 1000, 1000}, 5, 10);
    // Seat 1 best (aces) but only covers 500; seat 0 second (kings) covers 200; seat 2 third.
    Hand h(s, rng, stacked(s, {"KhKs", "AcAd", "QcQd", "7h2s"}, "2c 3c4s8d 2d 9h 2h Js"));
    ASSERT_OK(h.fold(3));
    ASSERT_OK(h.bet_or_raise_to(0, 200));
    ASSERT_OK(h.bet_or_raise_to(1, 500));
    ASSERT_OK(h.call(2));
    ASSERT_TRUE(h.is_over());
    // Main pot 600 (seats 0,1,2): aces. Side pot 600 (seats 1,2): aces.
    // Seat 2's 500 of 1000 bet nothing above 500: nothing returned beyond the call.
    EXPECT_EQ(h.stack(1), 1200);
    EXPECT_EQ(h.stack(0), 0);
    EXPECT_EQ(h.stack(2), 500);
    EXPECT_EQ(h.total_chips(), 2700);
}

TEST(AutoAct, SittingOutSeatIsFoldedWhenFacingABetAndCheckedWhenFree_Apt16_13) {
    SeededRandom rng(78);
    HandSetup s = make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000, 1000, 1000}, 5, 10);
    s.seats[2].auto_act = true;  // the big blind
    s.seats[3].auto_act = true;  // first to act pre-flop
    Hand h(s, rng);
    // Seat 3 was folded at once, with no clock.
    EXPECT_TRUE(h.folded(3));
    EXPECT_EQ(h.to_act(), 0);
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.call(1));
    // The big blind's option: checked automatically; the flop is dealt.
    EXPECT_FALSE(h.folded(2));
    EXPECT_EQ(h.street(), 1);
    const auto acted = events_of<Acted>(h);
    ASSERT_EQ(acted.size(), 4U);
    EXPECT_EQ(acted[0].action, Action::Fold);
    EXPECT_TRUE(acted[0].automatic);
    EXPECT_EQ(acted[3].action, Action::Check);
    EXPECT_TRUE(acted[3].automatic);
    EXPECT_EQ(h.to_act(), 1);
    ASSERT_OK(h.bet_or_raise_to(1, 10));
    EXPECT_TRUE(h.folded(2));  // facing a bet: folded
}

TEST(AutoAct, TimeoutFoldsFacingABetAndChecksWhenFree) {
    SeededRandom rng(79);
    Hand h(make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000, 1000}, 5, 10), rng);
    ASSERT_OK(h.timeout(0));
    EXPECT_TRUE(h.folded(0));
    ASSERT_OK(h.call(1));
    ASSERT_OK(h.timeout(2));
    EXPECT_FALSE(h.folded(2));
    EXPECT_EQ(h.street(), 1);
}

}  // namespace
}  // namespace tavolo::engine::testing
