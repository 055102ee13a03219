// RULES.md §8 by example: what each kind of viewer receives of a hand and sees of a table, in poker
// and in Poker Polacco.
#include <gtest/gtest.h>

#include "engine/view/poker_view.hpp"
#include "engine/view/polacco_view.hpp"
#include "tests/engine/poker/hand_fixture.hpp"
#include "tests/engine/polacco/polacco_fixture.hpp"

namespace tavolo::engine::view {
namespace {

using engine::testing::card_set;
using engine::testing::cards;
using engine::testing::make_setup;
using engine::testing::stacked;

SeenCard one(std::string_view text) {
    return cards(text)[0];
}

template <class E>
std::vector<E> events_of(const Hand& hand) {
    std::vector<E> out;
    for (const HandEvent& e : hand.events())
        if (const auto* x = std::get_if<E>(&e)) out.push_back(*x);
    return out;
}

Table seated(const HandSetup& setup) {
    Table table(setup.table_size);
    for (const SeatSetup& s : setup.seats)
        EXPECT_TRUE(table.sit(s.seat, 100 + s.seat, s.stack).has_value());
    return table;
}

TEST(Rules8, AHoleCardReachesItsOwnerAndAnOperatorAfterTheHandOnly) {
    SeededRandom rng(1);
    Hand hand(make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000, 1000}, 5, 10), rng);
    const CardDealt hole = events_of<CardDealt>(hand).front();
    ASSERT_EQ(hole.target, CardTarget::Player);
    const auto face = [&](const PokerViewer& v) { return std::get<SeenCardDealt>(project(hole, v)).card; };
    EXPECT_EQ(face(PokerViewer::player(hole.seat)), hole.card);
    EXPECT_FALSE(face(PokerViewer::player((hole.seat + 1) % 3)).has_value());
    EXPECT_FALSE(face(PokerViewer::observer()).has_value());
    EXPECT_FALSE(face(PokerViewer::operator_during_hand()).has_value());
    EXPECT_EQ(face(PokerViewer::operator_after_hand()), hole.card);
    // Everyone learns that a card was dealt, and to whom.
    EXPECT_EQ(std::get<SeenCardDealt>(project(hole, PokerViewer::observer())).seat, hole.seat);
}

TEST(Rules8, BurnCardsReachNobodyNotEvenAnOperator) {
    SeededRandom rng(2);
    Hand hand(make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000}, 5, 10), rng);
    while (!hand.is_over())
        ASSERT_TRUE(
            hand.act(hand.to_act(), hand.legal_actions().may_check ? Command{Check{}} : Command{Call{}}));
    int burns = 0;
    for (const CardDealt& c : events_of<CardDealt>(hand)) {
        if (c.target != CardTarget::Burn) continue;
        ++burns;
        for (const PokerViewer& v : {PokerViewer::player(0), PokerViewer::observer(),
                                     PokerViewer::operator_during_hand(), PokerViewer::operator_after_hand()})
            EXPECT_FALSE(std::get<SeenCardDealt>(project(c, v)).card.has_value());
    }
    EXPECT_EQ(burns, 3);
}

TEST(Rules8, DiscardsReachTheirOwnerOthersLearnHowMany) {
    SeededRandom rng(64);
    HandSetup s = make_setup(Variant::FiveCardDraw, Betting::Limit, {1000, 1000, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"AcKcQcJc2d", "2c3c4c5c6d", "AhAsKhKs3d"}, "9s 8s 7s 6s"));
    for (int i = 0; i < 3; ++i)
        ASSERT_TRUE(h.act(h.to_act(), h.legal_actions().may_check ? Command{Check{}} : Command{Call{}}));
    ASSERT_TRUE(h.discard(1, card_set("6d2c3c")));
    const Discarded d = events_of<Discarded>(h).back();
    const SeenDiscarded mine = std::get<SeenDiscarded>(project(d, PokerViewer::player(1)));
    EXPECT_EQ(mine.count, 3);
    EXPECT_EQ(mine.cards[0], one("2c"));
    EXPECT_EQ(mine.cards[2], one("6d"));
    for (const PokerViewer& v : {PokerViewer::player(0), PokerViewer::player(2), PokerViewer::observer(),
                                 PokerViewer::operator_during_hand()}) {
        const SeenDiscarded seen = std::get<SeenDiscarded>(project(d, v));
        EXPECT_EQ(seen.count, 3);  // everyone sees how many
        EXPECT_EQ(seen.cards, (std::array<SeenCard, kMaxHoleCards>{}));
    }
    // The player's own view has the replacements where the discards were; the others' has three
    // hidden cards changed.
    const PokerView his = view_of(seated(s), &h, PokerViewer::player(1));
    // 9s is burnt; 8s, 7s, 6s replace 2c, 3c, 6d in place; 4c 5c stay.
    EXPECT_EQ(his.seats[1].cards,
              (std::array<SeenCard, kMaxHoleCards>{one("8s"), one("7s"), one("4c"), one("5c"), one("6s")}));
    const PokerView theirs = view_of(seated(s), &h, PokerViewer::player(0));
    EXPECT_EQ(theirs.seats[1].card_count, 5);
    EXPECT_EQ(theirs.seats[1].cards, (std::array<SeenCard, kMaxHoleCards>{}));
}

TEST(Rules8, ExposedAllInHandsDiscardInTheOpen) {
    SeededRandom rng(65);
    HandSetup s = make_setup(Variant::FiveCardDraw, Betting::NoLimit, {1000, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"AcKcQcJc2d", "2c3c4c5c6d"}, "9s 8s 7s"));
    ASSERT_TRUE(h.bet_or_raise_to(0, 1000));
    ASSERT_TRUE(h.call(1));
    ASSERT_TRUE(h.discard(1, card_set("6d")));
    const SeenDiscarded seen =
        std::get<SeenDiscarded>(project(events_of<Discarded>(h).back(), PokerViewer::observer()));
    EXPECT_EQ(seen.cards[0], one("6d"));
    const PokerView observer = view_of(seated(s), &h, PokerViewer::observer());
    EXPECT_EQ(observer.seats[1].cards[4], one("8s"));  // the replacement (9s is burnt), face up for all
}

// A folded hand leaves the table in every view, stud up-cards included, and reaches only an
// operator reviewing the hand.
TEST(Rules8, AFoldedHandIsInNoViewButTheOperatorsAfterTheHand) {
    SeededRandom rng(5);
    HandSetup s = make_setup(Variant::FiveCardStud, Betting::Limit, {1000, 1000, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"2c9d", "AhKs", "QcQd"}));
    const Table table = seated(s);
    const SeatIndex folder = h.to_act();
    ASSERT_TRUE(h.fold(folder));
    for (const PokerViewer& v : {PokerViewer::player(folder), PokerViewer::player((folder + 1) % 3),
                                 PokerViewer::observer(), PokerViewer::operator_during_hand()}) {
        const PokerSeatView seat = view_of(table, &h, v).seats[static_cast<std::size_t>(folder)];
        EXPECT_TRUE(seat.folded);
        EXPECT_EQ(seat.card_count, 0) << "viewer role " << static_cast<int>(v.role);
    }
    const PokerSeatView review =
        view_of(table, &h, PokerViewer::operator_after_hand()).seats[static_cast<std::size_t>(folder)];
    EXPECT_EQ(review.card_count, 2);
    EXPECT_TRUE(review.cards[0].has_value());
}

TEST(Rules8, StudUpCardsAndTheBoardAreSeenByEveryone) {
    SeededRandom rng(6);
    HandSetup s = make_setup(Variant::FiveCardStud, Betting::Limit, {1000, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"2c9d", "AhKs"}));
    const PokerView observer = view_of(seated(s), &h, PokerViewer::observer());
    EXPECT_EQ(observer.seats[0].cards[0], SeenCard{}) << "the down card";
    EXPECT_EQ(observer.seats[0].face_up, 0b10);
    EXPECT_TRUE(observer.seats[0].cards[1].has_value());
    EXPECT_TRUE(observer.seats[1].cards[1].has_value());
}

TEST(PokerView, OnlyThePlayerToActGetsHisLegalActionsEveryoneTheDecisionNumber) {
    SeededRandom rng(7);
    HandSetup s = make_setup(Variant::Holdem, Betting::PotLimit, {1000, 1000, 1000}, 5, 10);
    Hand h(s, rng);
    const Table table = seated(s);
    const PokerView mine = view_of(table, &h, PokerViewer::player(h.to_act()));
    ASSERT_TRUE(mine.legal.has_value());
    EXPECT_EQ(mine.legal->min_to, 20);
    EXPECT_EQ(mine.legal->max_to, 35);
    const PokerView other = view_of(table, &h, PokerViewer::player((h.to_act() + 1) % 3));
    EXPECT_FALSE(other.legal.has_value());
    EXPECT_EQ(other.to_act, h.to_act());
    EXPECT_EQ(other.decision, 1);
    EXPECT_EQ(other.small_blind, 5);
    EXPECT_EQ(other.seats[0].entrant, 100);
    EXPECT_EQ(other.pot_total, 15);
}

namespace pl = polacco;
using pl::testing::deck;
using pl::testing::p;

TEST(Rules8Polacco, APlayerSeesHisOwnCardsThenEveryHandAfterTheDoubt) {
    pl::Table table{0, pl::Rules{}, {{1, 0, true}, {2, 0, true}, {3, 0, true}}, 1};
    ASSERT_TRUE(table.start_hand_with_deck(deck("AcAd KcKd QcQd")));
    pl::Hand& hand = *table.hand();
    PolaccoView before_deal = view_of(table, PolaccoViewer::player(1));
    EXPECT_EQ(before_deal.phase, pl::Phase::ChoosingDirection);
    EXPECT_TRUE(before_deal.legal.has_value() && before_deal.legal->choose_direction);
    EXPECT_TRUE(before_deal.seats[0].cards.empty());
    ASSERT_TRUE(hand.choose_direction(1, pl::Direction::Clockwise));
    PolaccoView mine = view_of(table, PolaccoViewer::player(2));
    EXPECT_EQ(mine.seats[0].cards, (std::vector<SeenCard>{SeenCard{}, SeenCard{}}));
    EXPECT_EQ(mine.seats[1].cards, (std::vector<SeenCard>{one("Kc"), one("Kd")}));
    EXPECT_FALSE(mine.legal.has_value()) << "not his turn";
    EXPECT_EQ(view_of(table, PolaccoViewer::observer()).seats[1].cards, mine.seats[0].cards);
    EXPECT_EQ(view_of(table, PolaccoViewer::operator_during_hand()).seats[2].cards, mine.seats[0].cards);
    EXPECT_EQ(view_of(table, PolaccoViewer::operator_after_hand()).seats[2].cards,
              (std::vector<SeenCard>{one("Qc"), one("Qd")}));
    ASSERT_TRUE(hand.declare(1, p("Coppia di K")));
    ASSERT_TRUE(hand.doubt(2));
    PolaccoView after = view_of(table, PolaccoViewer::observer());
    EXPECT_EQ(after.phase, pl::Phase::Ended);
    EXPECT_EQ(after.seats[0].cards, (std::vector<SeenCard>{one("Ac"), one("Ad")}));
    EXPECT_EQ(after.seats[2].cards, (std::vector<SeenCard>{one("Qc"), one("Qd")}));
}

TEST(Rules8Polacco, ADealtCardReachesItsHolderOnlyUntilTheReveal) {
    pl::Table table{0, pl::Rules{}, {{100, 0, true}, {101, 0, true}}, 100};
    ASSERT_TRUE(table.start_hand_with_deck(deck("AsAd KcKh")));
    const auto events = table.hand()->choose_direction(100, pl::Direction::Clockwise).value();
    int dealt = 0;
    for (const pl::Event& e : events) {
        const auto* card = std::get_if<pl::CardDealt>(&e);
        if (!card) continue;
        ++dealt;
        const auto face = [&](const PolaccoViewer& v) { return std::get<pl::CardDealt>(project(e, v)).card; };
        EXPECT_TRUE(face(PolaccoViewer::player(card->to)).has_value());
        EXPECT_FALSE(face(PolaccoViewer::player(card->to == 100 ? 101 : 100)).has_value());
        EXPECT_FALSE(face(PolaccoViewer::observer()).has_value());
        EXPECT_FALSE(face(PolaccoViewer::operator_during_hand()).has_value());
        EXPECT_TRUE(face(PolaccoViewer::operator_after_hand()).has_value());
    }
    EXPECT_EQ(dealt, 4);
}

}  // namespace
}  // namespace tavolo::engine::view
