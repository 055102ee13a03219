// Rules that hold in every game x betting structure: the opening bet, all-in run-outs with every
// hand exposed, uncalled bets returned, chips conserved, hands reaching showdown with full hands.
#include <gtest/gtest.h>

#include <tuple>

#include "tests/engine/poker/hand_fixture.hpp"

namespace tavolo::engine::testing {
namespace {

class EveryGame : public ::testing::TestWithParam<std::tuple<Variant, Betting>> {
  protected:
    Variant variant() const { return std::get<0>(GetParam()); }
    Betting betting() const { return std::get<1>(GetParam()); }
    HandSetup setup(std::vector<Chips> stacks) const {
        return make_setup(variant(), betting(), std::move(stacks), 50, 100);
    }
    // Answers the draw by standing pat; betting decisions by `decide`.
    template <class F>
    void play_out(Hand& h, F decide) {
        for (int guard = 0; !h.is_over() && guard < 200; ++guard) {
            const LegalActions la = h.legal_actions();
            if (la.drawing) {
                ASSERT_OK(h.discard(la.seat, CardSet{}));
            } else {
                ASSERT_OK(h.act(la.seat, decide(la)));
            }
        }
        ASSERT_TRUE(h.is_over());
    }
};

TEST_P(EveryGame, MinimumOpeningBetAfterFirstRoundIsBigBlindOrSmallBet) {
    SeededRandom rng(81);
    Hand h(setup({10000, 10000, 10000}), rng);
    // Call around to the second round.
    while (h.street() == 0 && !h.is_over()) {
        const LegalActions la = h.legal_actions();
        if (la.drawing) break;
        ASSERT_OK(la.may_check ? h.check(la.seat) : h.call(la.seat));
    }
    if (h.phase() == HandPhase::Drawing)
        while (h.phase() == HandPhase::Drawing)
            ASSERT_OK(h.discard(h.to_act(), CardSet{}));
    const LegalActions la = h.legal_actions();
    ASSERT_TRUE(la.betting);
    EXPECT_FALSE(la.is_raise);
    const Chips unit = (betting() == Betting::Limit && variant() == Variant::FiveCardDraw) ? 200 : 100;
    EXPECT_EQ(la.min_to, unit);
    EXPECT_REFUSED(h.bet_or_raise_to(la.seat, unit - 1), RuleError::BelowMinimum);
    const Chips max_to = betting() == Betting::Limit ? unit : betting() == Betting::PotLimit ? 300 : 9900;
    EXPECT_EQ(la.max_to, max_to);
}

TEST_P(EveryGame, AllInRunOutExposesEveryHandAndDealsTheRest) {
    SeededRandom rng(82);
    Hand h(setup({150, 150, 150}), rng);
    play_out(h, [](const LegalActions& la) -> Command {
        if (la.may_bet_or_raise) return BetOrRaiseTo{la.max_to};
        return la.may_call ? Command{Call{}} : Command{Check{}};
    });
    // Seat 0 moves in for 150 (the maximum in every structure), the others call all-in.
    const auto shown = events_of<CardsShown>(h);
    ASSERT_EQ(shown.size(), 3U);
    for (const CardsShown& s : shown)
        EXPECT_TRUE(s.all_in_exposure);
    for (SeatIndex seat : {0, 1, 2}) {
        EXPECT_FALSE(h.folded(seat));
        EXPECT_EQ(h.hole_cards(seat).size(), variant() == Variant::Holdem ? 2U : 5U);
    }
    EXPECT_EQ(h.board().size(), variant() == Variant::Holdem ? 5U : 0U);
    EXPECT_EQ(h.total_chips(), 450);
    EXPECT_EQ(h.pot_total(), 0);
}

TEST_P(EveryGame, EveryoneFoldsToABet_UncalledBetReturnedNothingShown) {
    SeededRandom rng(83);
    Hand h(setup({10000, 10000, 10000}), rng);
    bool bet_made = false;
    play_out(h, [&](const LegalActions& la) -> Command {
        if (!bet_made && la.may_bet_or_raise) {
            bet_made = true;
            return BetOrRaiseTo{la.min_to};
        }
        return Fold{};
    });
    EXPECT_TRUE(events_of<CardsShown>(h).empty());
    EXPECT_FALSE(events_of<UncalledReturned>(h).empty());
    const auto awards = events_of<PotAwarded>(h);
    ASSERT_EQ(awards.size(), 1U);
    EXPECT_FALSE(awards[0].showdown);
    EXPECT_EQ(awards[0].amount, 250);  // both blinds and the bettor's matched 100
    EXPECT_EQ(h.total_chips(), 30000);
}

TEST_P(EveryGame, CheckedDownHandReachesShowdownAndPaysThePot) {
    SeededRandom rng(84);
    Hand h(setup({10000, 10000, 10000, 10000}), rng);
    play_out(h, [](const LegalActions& la) -> Command {
        return la.may_check ? Command{Check{}} : Command{Call{}};
    });
    const auto ended = events_of<HandEnded>(h);
    ASSERT_EQ(ended.size(), 1U);
    EXPECT_TRUE(ended[0].showdown);
    Chips paid = 0;
    for (const PotAwarded& a : events_of<PotAwarded>(h))
        for (int w = 0; w < a.winners; ++w)
            paid += a.shares[w];
    EXPECT_EQ(paid, 400);
    EXPECT_FALSE(events_of<CardsShown>(h).empty());
}

INSTANTIATE_TEST_SUITE_P(
    GamesAndStructures, EveryGame,
    ::testing::Combine(::testing::Values(Variant::Holdem, Variant::FiveCardStud, Variant::FiveCardDraw),
                       ::testing::Values(Betting::NoLimit, Betting::PotLimit, Betting::Limit)));

}  // namespace
}  // namespace tavolo::engine::testing
