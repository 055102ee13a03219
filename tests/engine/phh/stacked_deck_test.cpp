// The stacked deck follows the engine's deal order (engine/poker/hand.hpp, DEAL ORDER).
#include "engine/phh/stacked_deck.hpp"

#include <gtest/gtest.h>

using namespace tavolo::engine;
using namespace tavolo::engine::phh;

namespace {

std::vector<Action> actions(std::initializer_list<const char*> texts) {
    std::vector<Action> out;
    for (const char* t : texts)
        out.push_back(*parse_action(t));
    return out;
}

std::string cards(const std::vector<Card>& deck) {
    return to_string(deck);
}

}  // namespace

TEST(PhhStackedDeck, HoldemDealsRoundByRoundThenBurnsBeforeEachStreet) {
    auto deck = stacked_deck(Variant::Holdem, actions({"d dh p1 AsKs", "d dh p2 QhQd", "d dh p3 7c2d", "p3 f",
                                                       "d db Th9h8h", "d db 2s", "d db 3s"}));
    ASSERT_TRUE(deck) << deck.error();
    ASSERT_EQ(deck->size(), 6u + 3 + 5);
    // Hole cards: first cards of p1..p3, then second cards.
    EXPECT_EQ(Card::parse("As"), (*deck)[0]);
    EXPECT_EQ(Card::parse("Qh"), (*deck)[1]);
    EXPECT_EQ(Card::parse("7c"), (*deck)[2]);
    EXPECT_EQ(Card::parse("Ks"), (*deck)[3]);
    // Burn (cards nobody holds, lowest first: 2c, 2h, 3c), flop, burn, turn, burn, river.
    EXPECT_EQ(Card::parse("2c"), (*deck)[6]);
    EXPECT_EQ(Card::parse("Th"), (*deck)[7]);
    EXPECT_EQ(Card::parse("2h"), (*deck)[10]);
    EXPECT_EQ(Card::parse("2s"), (*deck)[11]);
    EXPECT_EQ(Card::parse("3c"), (*deck)[12]);
    EXPECT_EQ(Card::parse("3s"), (*deck)[13]);
}

TEST(PhhStackedDeck, UnknownCardsAreFilledWithCardsNobodyHolds) {
    auto deck = stacked_deck(Variant::Holdem, actions({"d dh p1 ????", "d dh p2 2c2d"}));
    ASSERT_TRUE(deck);
    EXPECT_EQ(cards(*deck), "2h2c2s2d");  // p1 gets 2h and 2s
}

TEST(PhhStackedDeck, StudDealsTheDownCardsThenTheUpCardsThenOneUpCardPerStreet) {
    auto deck =
        stacked_deck(Variant::FiveCardStud,
                     actions({"d dh p1 AsKs", "d dh p2 QhQd", "p1 cc", "p2 cc", "d dh p1 2c", "d dh p2 3c"}));
    ASSERT_TRUE(deck);
    EXPECT_EQ(cards(*deck), "AsQhKsQd2c3c");
}

TEST(PhhStackedDeck, DrawBurnsOnceThenServesEachPlayerAtOnce) {
    auto deck = stacked_deck(Variant::FiveCardDraw,
                             actions({"d dh p1 AsKsQsJs2d", "d dh p2 2h3h4h5h7c", "p1 cc", "p2 cc",
                                      "p1 sd 2d", "d dh p1 Ts", "p2 sd 7c", "d dh p2 6h"}));
    ASSERT_TRUE(deck) << deck.error();
    EXPECT_EQ(cards(*deck), "As2hKs3hQs4hJs5h2d7c2cTs6h");
}

TEST(PhhStackedDeck, ACardDealtTwiceIsAnError) {
    auto deck = stacked_deck(Variant::Holdem, actions({"d dh p1 AsKs", "d dh p2 AsQd"}));
    ASSERT_FALSE(deck);
    EXPECT_EQ(deck.error(), "As is dealt twice");
}

TEST(PhhStackedDeck, ADrawThatReshufflesTheDiscardsIsExplained) {
    auto deck =
        stacked_deck(Variant::FiveCardDraw, actions({"d dh p1 AsKsQsJs2d", "d dh p2 2h3h4h5h7c", "p1 sd 2d",
                                                     "d dh p1 Ts", "p2 sd 7c", "d dh p2 2d"}));
    ASSERT_FALSE(deck);
    EXPECT_NE(deck.error().find("2d is discarded and dealt again"), std::string::npos) << deck.error();
}

TEST(PhhStackedDeck, DealLinesAreStackedInPositionOrderWhateverTheFileOrder) {
    // The engine deals p1 first (the first player left of the button), whatever order the lines are in.
    auto deck = stacked_deck(Variant::Holdem, actions({"d dh p3 7c2d", "d dh p1 AsKs", "d dh p2 QhQd"}));
    ASSERT_TRUE(deck) << deck.error();
    EXPECT_EQ(cards(*deck), "AsQh7cKsQd2d");
}

TEST(PhhStackedDeck, AStudRunoutInOneBlockIsDealtStreetByStreet) {
    // All-in on the 1st round: the shows, then the 2nd, 3rd and 4th rounds one after the other.
    auto deck = stacked_deck(
        Variant::FiveCardStud,
        actions({"d dh p1 AsKs", "d dh p2 QhQd", "p1 cbr 100", "p2 cc", "p1 sm AsKs", "p2 sm QhQd",
                 "d dh p1 2c", "d dh p2 3c", "d dh p1 4c", "d dh p2 5c", "d dh p1 6c", "d dh p2 7c"}));
    ASSERT_TRUE(deck) << deck.error();
    EXPECT_EQ(cards(*deck), "AsQhKsQd2c3c4c5c6c7c");
}

TEST(PhhStackedDeck, TheDrawBurnsEvenWhenEveryoneStandsPat) {
    // The engine burns a card before the draw in any case: the deck must hold it, or the engine would
    // take one from its random source.
    auto deck = stacked_deck(Variant::FiveCardDraw, actions({"d dh p1 AsKsQsJs2d", "d dh p2 2h3h4h5h7c",
                                                             "p1 cc", "p2 cc", "p1 sd", "p2 sd"}));
    ASSERT_TRUE(deck) << deck.error();
    EXPECT_EQ(cards(*deck), "As2hKs3hQs4hJs5h2d7c2c");
}
