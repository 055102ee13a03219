// Five-card draw (RULES.md §1): first round opens left of the big blind; one burn card, then each
// player still in discards 0-5 from the button's left; the second round opens left of the button;
// a spent stub is refilled from earlier discards, never burns, never the current player's.
#include <gtest/gtest.h>

#include "engine/poker/visibility.hpp"
#include "tests/engine/poker/hand_fixture.hpp"

namespace tavolo::engine::testing {
namespace {

void call_around_first_round(Hand& h, int players) {
    for (int i = 0; i < players; ++i) {
        const LegalActions la = h.legal_actions();
        ASSERT_TRUE(la.betting);
        if (la.may_check) {
            ASSERT_OK(h.check(la.seat));
        } else {
            ASSERT_OK(h.call(la.seat));
        }
    }
}

TEST(Draw, BurnThenDiscardsFromButtonsLeft_ReplacementsSeenByOwnerOnly) {
    SeededRandom rng(61);
    HandSetup s = make_setup(Variant::FiveCardDraw, Betting::Limit, {1000, 1000, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"AcKcQcJc2d", "2c3c4c5c6d", "AhAsKhKs3d"}, "9s 8s 7s 6s"));
    EXPECT_EQ(h.to_act(), 0);  // left of the big blind
    call_around_first_round(h, 3);
    ASSERT_EQ(h.phase(), HandPhase::Drawing);
    LegalActions la = h.legal_actions();
    EXPECT_TRUE(la.drawing);
    EXPECT_EQ(la.seat, 1);
    EXPECT_EQ(la.max_discards, 5);
    EXPECT_REFUSED(h.check(1), RuleError::NotABettingRound);
    EXPECT_REFUSED(h.discard(1, card_set("Ac")), RuleError::BadDiscard);
    EXPECT_REFUSED(h.discard(2, card_set("3d")), RuleError::NotYourTurn);
    const std::size_t before = h.events().size();
    ASSERT_OK(h.discard(1, card_set("6d")));
    const auto events = std::span<const HandEvent>(h.events()).subspan(before);
    ASSERT_EQ(events.size(), 2U);
    const auto& discarded = std::get<Discarded>(events[0]);
    EXPECT_EQ(discarded.count, 1);
    EXPECT_EQ(discarded.cards[0], cards("6d")[0]);
    EXPECT_EQ(discarded.visibility, Visibility::Owner);
    const auto& replacement = std::get<CardDealt>(events[1]);
    EXPECT_EQ(replacement.visibility, Visibility::Owner);
    EXPECT_EQ(replacement.card, cards("8s")[0]);  // 9s was burnt
    EXPECT_EQ(h.hole_cards(1)[4], cards("8s")[0]);
    ASSERT_OK(h.discard(2, card_set("3d")));
    EXPECT_EQ(h.hole_cards(2)[4], cards("7s")[0]);
    ASSERT_OK(h.timeout(0));  // stands pat
    EXPECT_EQ(h.hole_cards(0)[4], cards("2d")[0]);
    ASSERT_EQ(h.phase(), HandPhase::Betting);
    EXPECT_EQ(h.to_act(), 1);                 // left of the button
    EXPECT_EQ(h.legal_actions().min_to, 20);  // after the draw: big bet
    int burns = 0;
    for (const CardDealt& d : events_of<CardDealt>(h))
        burns += d.target == CardTarget::Burn ? 1 : 0;
    EXPECT_EQ(burns, 1);
}

TEST(Draw, StubRunsOut_EarlierDiscardsReshuffled_NeverBurnNorOwnDiscards) {
    SeededRandom rng(62);
    HandSetup s = make_setup(Variant::FiveCardDraw, Betting::NoLimit, std::vector<Chips>(6, 1000), 5, 10);
    Hand h(s, rng);
    call_around_first_round(h, 6);
    ASSERT_EQ(h.phase(), HandPhase::Drawing);
    Card burn{};
    for (const CardDealt& d : events_of<CardDealt>(h))
        if (d.target == CardTarget::Burn) burn = d.card;
    std::vector<CardSet> thrown;
    for (int i = 0; i < 6; ++i) {
        const SeatIndex seat = h.to_act();
        CardSet all;
        for (Card c : h.hole_cards(seat))
            all.insert(c);
        thrown.push_back(all);
        ASSERT_OK(h.discard(seat, all));
        for (Card c : h.hole_cards(seat)) {
            EXPECT_FALSE(all.contains(c)) << "a player got back a card just discarded";
            EXPECT_NE(c, burn);
        }
    }
    const auto reshuffles = events_of<DeckReshuffled>(h);
    ASSERT_EQ(reshuffles.size(), 1U);
    EXPECT_EQ(reshuffles[0].cards, 20);  // the discards of the four players served before the fifth
    CardSet in_hands;
    for (SeatIndex seat = 0; seat < 6; ++seat)
        for (Card c : h.hole_cards(seat)) {
            EXPECT_FALSE(in_hands.contains(c));
            in_hands.insert(c);
        }
    EXPECT_EQ(in_hands.size(), 30);
}

TEST(Draw, AllInPlayersStillDraw) {
    SeededRandom rng(63);
    HandSetup s = make_setup(Variant::FiveCardDraw, Betting::NoLimit, {1000, 1000, 1000}, 5, 10);
    Hand h(s, rng);
    ASSERT_OK(h.bet_or_raise_to(0, 1000));
    ASSERT_OK(h.call(1));
    ASSERT_OK(h.fold(2));
    ASSERT_EQ(h.phase(), HandPhase::Drawing);
    EXPECT_EQ(h.to_act(), 1);
    ASSERT_OK(h.discard(1, CardSet{}));
    ASSERT_OK(h.discard(0, CardSet{}));
    EXPECT_TRUE(h.is_over());
    EXPECT_EQ(h.total_chips(), 3000);
}

TEST(Draw, DiscardedCardsSeenByTheirOwnerOnly_OthersAndObserversSeeTheCount) {
    SeededRandom rng(64);
    HandSetup s = make_setup(Variant::FiveCardDraw, Betting::Limit, {1000, 1000, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"AcKcQcJc2d", "2c3c4c5c6d", "AhAsKhKs3d"}, "9s 8s 7s 6s"));
    call_around_first_round(h, 3);
    ASSERT_OK(h.discard(1, card_set("6d2c3c")));
    const auto discards = events_of<Discarded>(h);
    ASSERT_EQ(discards.size(), 1U);
    const Discarded& d = discards[0];
    EXPECT_EQ(d.seat, 1);
    ASSERT_EQ(d.count, 3);
    // In hand order, as the replacements follow.
    EXPECT_EQ(d.cards[0], cards("2c")[0]);
    EXPECT_EQ(d.cards[1], cards("3c")[0]);
    EXPECT_EQ(d.cards[2], cards("6d")[0]);
    EXPECT_TRUE(may_see(d, 1));
    EXPECT_FALSE(may_see(d, 0));
    EXPECT_FALSE(may_see(d, kNoSeat));
    EXPECT_EQ(as_seen_by(d, 1).cards, d.cards);
    for (SeatIndex viewer : {0, 2, kNoSeat}) {
        const Discarded seen = as_seen_by(d, viewer);
        EXPECT_EQ(seen.seat, 1);
        EXPECT_EQ(seen.count, 3);  // everyone sees how many
        EXPECT_EQ(seen.cards, (std::array<Card, kMaxHoleCards>{})) << "viewer " << viewer;
    }
    // Standing pat: a Discarded with no cards.
    ASSERT_OK(h.discard(2, CardSet{}));
    EXPECT_EQ(events_of<Discarded>(h).back().count, 0);
}

TEST(Draw, ExposedAllInHandsDiscardInTheOpen) {
    SeededRandom rng(65);
    HandSetup s = make_setup(Variant::FiveCardDraw, Betting::NoLimit, {1000, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"AcKcQcJc2d", "2c3c4c5c6d"}, "9s 8s 7s"));
    ASSERT_OK(h.bet_or_raise_to(0, 1000));
    ASSERT_OK(h.call(1));
    ASSERT_EQ(h.phase(), HandPhase::Drawing);
    ASSERT_OK(h.discard(1, card_set("6d")));
    const Discarded d = events_of<Discarded>(h).back();
    EXPECT_EQ(d.visibility, Visibility::Everyone);
    EXPECT_EQ(as_seen_by(d, kNoSeat).cards[0], cards("6d")[0]);
    EXPECT_EQ(events_of<CardDealt>(h).back().visibility, Visibility::Everyone);
}

}  // namespace
}  // namespace tavolo::engine::testing
