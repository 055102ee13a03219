// A recorded Poker Polacco hand (the engine's events, seen whole) checked against the engine: a true
// record passes, and a record that contradicts itself fails at the event that is wrong, with why.
// Polacco has no hand-history format; this is its counterpart of the PHH replay.
#include "engine/polacco/record_check.hpp"

#include <gtest/gtest.h>

#include "tests/engine/polacco/polacco_fixture.hpp"

namespace tavolo::engine::polacco {
namespace {

using testing::deck;
using testing::p;

HandSetup three_players() {
    return HandSetup{7, Rules{}, {{100, 0, true}, {101, 1, true}, {102, 0, true}}, 100};
}

// 100 chooses clockwise and holds 7c 7d; 101 (one penalty) holds Ah Kh 2s; 102 holds 3c 4c. 100
// declares a pair of sevens, 101 a pair of aces, 102 doubts: there is one ace at the table, so the
// pair of aces is absent and 101 takes a penalty.
Events played_hand() {
    Hand hand = Hand::start_with_deck(three_players(), deck("7c7dAhKh2s3c4c")).value();
    EXPECT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    EXPECT_TRUE(hand.declare(100, p("Coppia di 7")));
    EXPECT_TRUE(hand.declare(101, p("Coppia di A")));
    EXPECT_TRUE(hand.doubt(102));
    EXPECT_EQ(hand.phase(), Phase::Ended);
    return hand.events();
}

template <class E>
std::size_t index_of(const Events& events, int nth = 0) {
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (std::holds_alternative<E>(events[i]) && nth-- == 0) return i;
    }
    ADD_FAILURE() << "no such event";
    return 0;
}

}  // namespace

TEST(PolaccoRecordCheck, ATrueRecordPasses) {
    const Events record = played_hand();
    const auto ok = check_record(three_players(), record);
    EXPECT_TRUE(ok) << (ok ? "" : ok.error().reason);
}

TEST(PolaccoRecordCheck, RandomHandsWithTimeoutsAndPassesReplayToTheSameEvents) {
    SeededRandom rng(15);
    Rules rules;
    rules.passamano = true;
    for (int h = 0; h < 300; ++h) {
        HandSetup setup{h, rules, {}, 10};
        const int n = 2 + static_cast<int>(rng.uniform_below(6));
        for (int i = 0; i < n; ++i)
            setup.players.push_back(
                {10 + i, static_cast<int>(rng.uniform_below(4)), rng.uniform_below(2) == 0});
        auto hand = Hand::start(setup, rng);
        ASSERT_TRUE(hand);
        while (hand->phase() != Phase::Ended) {
            const LegalActions la = hand->legal_actions();
            const auto r = rng.uniform_below(10);
            if (r == 0) {
                ASSERT_TRUE(hand->timeout(la.player));
            } else if (la.choose_direction) {
                ASSERT_TRUE(hand->choose_direction(la.player,
                                                   r % 2 ? Direction::Clockwise : Direction::Anticlockwise));
            } else if (la.pass && r == 1) {
                ASSERT_TRUE(hand->pass(la.player));
            } else if (la.declare && la.lowest_declaration && (r < 6 || !la.doubt)) {
                ASSERT_TRUE(hand->declare(la.player, *la.lowest_declaration));
            } else {
                ASSERT_TRUE(hand->doubt(la.player));
            }
        }
        const auto ok = check_record(setup, hand->events());
        ASSERT_TRUE(ok) << "hand " << h << ": event " << ok.error().event << ": " << ok.error().reason;
    }
}

TEST(PolaccoRecordCheck, RevealedCardsThatDifferFromTheCardsDealtFail) {
    Events record = played_hand();
    const std::size_t at = index_of<CardsRevealed>(record, 1);
    std::get<CardsRevealed>(record[at]).cards[0] = Card::parse("As").value();
    const auto r = check_record(three_players(), record);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().event, at);
    EXPECT_EQ(r.error().reason,
              "the record says CardsRevealed of player 101 AsKh2s; the engine says CardsRevealed of player "
              "101 AhKh2s");
}

TEST(PolaccoRecordCheck, AWrongVerdictFails) {
    Events record = played_hand();
    const std::size_t at = index_of<Judged>(record);
    auto& judged = std::get<Judged>(record[at]);
    judged.present = true;
    judged.penalised = 102;
    const auto r = check_record(three_players(), record);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().event, at);
    EXPECT_NE(r.error().reason.find(
                  "the record says Judged 'pair of aces' present, penalised player 102; the engine "
                  "says Judged 'pair of aces' absent, penalised player 101"),
              std::string::npos)
        << r.error().reason;
}

TEST(PolaccoRecordCheck, APenaltyToTheWrongPlayerFails) {
    Events record = played_hand();
    const std::size_t at = index_of<PenaltyGiven>(record);
    std::get<PenaltyGiven>(record[at]).player = 100;
    const auto r = check_record(three_players(), record);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().event, at);
}

TEST(PolaccoRecordCheck, ADeclarationThatIsNotHigherIsRefused) {
    Events record = played_hand();
    const std::size_t at = index_of<Declared>(record, 1);
    std::get<Declared>(record[at]).punto = p("Coppia di 5");
    const auto r = check_record(three_players(), record);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().event, at);
    EXPECT_NE(r.error().reason.find("Declared by player 101 'pair of fives': refused by the engine: "),
              std::string::npos)
        << r.error().reason;
}

TEST(PolaccoRecordCheck, ACardDealtTwiceFails) {
    Events record = played_hand();
    const std::size_t at = index_of<CardDealt>(record, 1);
    std::get<CardDealt>(record[at]).card = Card::parse("7c").value();
    const auto r = check_record(three_players(), record);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().event, at);
    EXPECT_EQ(r.error().reason, "7c is dealt twice");
}

TEST(PolaccoRecordCheck, ARecordThatStopsEarlyOrRunsOnFails) {
    Events shorter = played_hand();
    shorter.pop_back();  // HandEnded
    const auto early = check_record(three_players(), shorter);
    ASSERT_FALSE(early);
    EXPECT_EQ(early.error().event, shorter.size());
    EXPECT_NE(early.error().reason.find("the record stops early"), std::string::npos) << early.error().reason;

    Events longer = played_hand();
    longer.push_back(Passed{102, 100});
    const auto more = check_record(three_players(), longer);
    ASSERT_FALSE(more);
    EXPECT_EQ(more.error().event, longer.size() - 1);
}

TEST(PolaccoRecordCheck, AHiddenCardCannotBeChecked) {
    Events record = played_hand();
    const std::size_t at = index_of<CardDealt>(record);
    std::get<CardDealt>(record[at]).card.reset();  // as an observer receives it: no face
    const auto r = check_record(three_players(), record);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().event, at);
}

}  // namespace tavolo::engine::polacco
