// Five-card draw (RULES.md §1): first round opens left of the big blind; one burn card, then each
// player still in discards 0-5 from the button's left; the second round opens left of the button;
// a spent stub is refilled from earlier discards, never burns, never the current player's.
#include <gtest/gtest.h>

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
    // The owner only (what each viewer receives: tests/engine/view).
    EXPECT_EQ(d.visibility, Visibility::Owner);
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
    EXPECT_EQ(d.cards[0], cards("6d")[0]);
    EXPECT_EQ(events_of<CardDealt>(h).back().visibility, Visibility::Everyone);
}

}  // namespace
}  // namespace tavolo::engine::testing

namespace tavolo::engine::testing {
namespace {

// Random six-handed draws with heavy discarding: players draw in turn from the button's left
// (folded players skipped, all-in players included); nobody is dealt the burn card, a card of
// the stub twice, or back a card just discarded; a reshuffle holds only earlier players' discards.
TEST(Draw, PropertyDrawOrderAndReshuffleOverRandomHands) {
    SeededRandom rng(66);
    Hand hand;
    int reshuffles = 0;
    for (int i = 0; i < 3000 && !HasFailure(); ++i) {
        const int players = 2 + static_cast<int>(rng.uniform_below(5));
        HandSetup s =
            make_setup(Variant::FiveCardDraw, Betting::PotLimit, std::vector<Chips>(players, 1000), 5, 10);
        s.button = static_cast<SeatIndex>(rng.uniform_below(static_cast<std::uint64_t>(players)));
        ASSERT_TRUE(hand.reset(s, rng).has_value());
        while (hand.phase() == HandPhase::Betting) {
            const LegalActions la = hand.legal_actions();
            const auto r = rng.uniform_below(10);
            if (r == 0 && la.may_bet_or_raise) {
                ASSERT_OK(
                    hand.bet_or_raise_to(la.seat, la.all_in_to <= la.max_to ? la.all_in_to : la.max_to));
            } else if (r == 1) {
                ASSERT_OK(hand.fold(la.seat));
            } else {
                ASSERT_OK(la.may_check ? hand.check(la.seat) : hand.call(la.seat));
            }
        }
        if (hand.phase() != HandPhase::Drawing) continue;
        std::vector<SeatIndex> expected_order;
        for (SeatIndex seat : deal_order(s))
            if (!hand.folded(seat)) expected_order.push_back(seat);
        Card burn{};
        for (const CardDealt& d : events_of<CardDealt>(hand))
            if (d.target == CardTarget::Burn) burn = d.card;
        CardSet dealt_before;  // every card dealt before the draw (hands of all players)
        for (const CardDealt& d : events_of<CardDealt>(hand))
            if (d.target == CardTarget::Player) dealt_before.insert(d.card);
        CardSet earlier_discards;
        CardSet replacements;
        std::vector<SeatIndex> order;
        while (hand.phase() == HandPhase::Drawing) {
            const SeatIndex seat = hand.to_act();
            order.push_back(seat);
            CardSet d;
            for (Card c : hand.hole_cards(seat))
                if (rng.uniform_below(4) != 0) d.insert(c);
            const std::size_t before = hand.events().size();
            ASSERT_OK(hand.discard(seat, d));
            bool reshuffled = false;
            for (const HandEvent& e : std::span<const HandEvent>(hand.events()).subspan(before)) {
                if (std::holds_alternative<DeckReshuffled>(e)) reshuffled = true;
                const auto* c = std::get_if<CardDealt>(&e);
                if (!c) continue;
                EXPECT_NE(c->card, burn);
                EXPECT_FALSE(d.contains(c->card)) << "dealt back a card just discarded";
                EXPECT_FALSE(replacements.contains(c->card)) << "a replacement dealt twice";
                if (dealt_before.contains(c->card)) {
                    EXPECT_TRUE(earlier_discards.contains(c->card)) << "reshuffled a card not yet discarded";
                }
                replacements.insert(c->card);
            }
            reshuffles += reshuffled ? 1 : 0;
            earlier_discards = CardSet{earlier_discards.bits() | d.bits()};
        }
        EXPECT_EQ(order, expected_order) << "hand " << i;
        CardSet held;
        for (SeatIndex seat : expected_order)
            for (Card c : hand.hole_cards(seat)) {
                EXPECT_FALSE(held.contains(c));
                held.insert(c);
            }
    }
    EXPECT_GT(reshuffles, 100);
}

}  // namespace
}  // namespace tavolo::engine::testing
