// One hand of Poker Polacco (RULES.md §9): deal, direction, declarations, doubt, penalties.
#include "engine/polacco/hand.hpp"

#include <gtest/gtest.h>

#include "tests/engine/polacco/polacco_fixture.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine::polacco {
namespace {

using testing::deck;
using testing::p;

HandSetup setup(std::vector<HandPlayer> players, PlayerId first, Rules rules = {}) {
    return HandSetup{1, rules, std::move(players), first};
}

std::vector<HandPlayer> players(int n) {
    std::vector<HandPlayer> v;
    for (int i = 0; i < n; ++i)
        v.push_back({100 + i, 0, true});
    return v;
}

template <class E>
int count(const Events& events) {
    int n = 0;
    for (const auto& e : events)
        n += std::holds_alternative<E>(e) ? 1 : 0;
    return n;
}

Hand started(HandSetup s, std::string_view top = "") {
    return Hand::start_with_deck(std::move(s), deck(top)).value();
}

TEST(PolaccoHand, NeedsTwoPlayersAndASeatedFirstSpeaker) {
    EXPECT_EQ(refusal_of(Hand::start_with_deck(setup(players(1), 100), Deck{})),
              PolaccoError::NotEnoughPlayers);
    EXPECT_EQ(refusal_of(Hand::start_with_deck(setup(players(3), 999), Deck{})), PolaccoError::NotSeated);
    Rules nodealer_clockwise;
    nodealer_clockwise.clockwise_only = true;
    EXPECT_EQ(refusal_of(Hand::start_with_deck(setup(players(3), 100, nodealer_clockwise), Deck{})),
              PolaccoError::InvalidRules);
}

// RULES.md §9: at most 7 players a table in no-dealer mode, 9 in casino mode; every seat a different
// player holding 0 to 3 penalties (the fourth eliminates). A hand that breaks this is refused.
// Why a hand could not start, or nothing if it started.
std::optional<PolaccoError> refusal(HandSetup s) {
    auto hand = Hand::start_with_deck(std::move(s), Deck{});
    if (hand) return std::nullopt;
    return hand.error();
}

TEST(PolaccoHand, ATableSeatsAtMostSevenWithoutDealerAndNineInTheCasino) {
    EXPECT_EQ(refusal(setup(players(7), 100)), std::nullopt);
    EXPECT_EQ(refusal(setup(players(8), 100)), PolaccoError::TooManyPlayers);
    Rules casino;
    casino.mode = Mode::Casino;
    EXPECT_EQ(refusal(setup(players(9), 100, casino)), std::nullopt);
    EXPECT_EQ(refusal(setup(players(10), 100, casino)), PolaccoError::TooManyPlayers);
    auto eleven = players(11);
    for (auto& p : eleven)
        p.penalties = 3;  // 55 cards: more than the deck holds
    EXPECT_EQ(refusal(setup(eleven, 100, casino)), PolaccoError::TooManyPlayers);
}

TEST(PolaccoHand, EverySeatIsADifferentPlayerWithAtMostThreePenalties) {
    auto twice = players(3);
    twice[2].player = twice[0].player;
    EXPECT_EQ(refusal(setup(twice, 100)), PolaccoError::DuplicateEntrant);
    auto six_cards = players(3);
    six_cards[1].penalties = kMaxPenalties + 1;
    EXPECT_EQ(refusal(setup(six_cards, 100)), PolaccoError::InvalidPenalties);
    auto negative = players(3);
    negative[1].penalties = -1;
    EXPECT_EQ(refusal(setup(negative, 100)), PolaccoError::InvalidPenalties);
    auto three = players(3);
    three[1].penalties = kMaxPenalties;
    EXPECT_EQ(refusal(setup(three, 100)), std::nullopt);
}

TEST(PolaccoHand, DirectionIsChosenBeforeTheDeal) {
    Hand hand = started(setup(players(3), 101));
    EXPECT_EQ(hand.phase(), Phase::ChoosingDirection);
    EXPECT_EQ(hand.to_act(), 101);
    EXPECT_EQ(count<CardDealt>(hand.events()), 0);
    EXPECT_EQ(refusal_of(hand.declare(101, p("Carta alta 2"))), PolaccoError::DirectionNotChosen);
    EXPECT_EQ(refusal_of(hand.choose_direction(100, Direction::Clockwise)), PolaccoError::NotYourTurn);
    ASSERT_TRUE(hand.choose_direction(101, Direction::Anticlockwise));
    EXPECT_EQ(hand.phase(), Phase::Declaring);
    EXPECT_EQ(refusal_of(hand.choose_direction(101, Direction::Clockwise)),
              PolaccoError::DirectionAlreadyChosen);
}

// Hostile input: a direction value that is neither clockwise nor anticlockwise is refused.
TEST(PolaccoHand, ADirectionOtherThanClockwiseOrAnticlockwiseIsRefused) {
    Hand hand = started(setup(players(3), 101));
    const auto sideways = static_cast<Direction>(7);
    EXPECT_EQ(hand.check_choose_direction(101, sideways), std::unexpected(PolaccoError::InvalidDirection));
    ASSERT_FALSE(hand.choose_direction(101, sideways));
    EXPECT_EQ(hand.phase(), Phase::ChoosingDirection);
    EXPECT_EQ(hand.events().size(), 1U);
    EXPECT_TRUE(hand.choose_direction(101, Direction::Anticlockwise));
}

TEST(PolaccoHand, DealsTwoCardsPlusOnePerPenalty) {
    auto ps = players(3);
    ps[1].penalties = 1;
    ps[2].penalties = 3;
    Hand hand = started(setup(ps, 100));
    auto events = hand.choose_direction(100, Direction::Clockwise).value();
    EXPECT_EQ(count<CardDealt>(events), 2 + 3 + 5);
    EXPECT_EQ(hand.cards_of(100).size(), 2U);
    EXPECT_EQ(hand.cards_of(101).size(), 3U);
    EXPECT_EQ(hand.cards_of(102).size(), 5U);
    EXPECT_EQ(hand.cards_in_play(), 10);
}

TEST(PolaccoHand, APlayerSeesOnlyHisOwnCardsUntilTheReveal) {
    Hand hand = started(setup(players(2), 100), "AsAd KcKh");
    auto events = hand.choose_direction(100, Direction::Clockwise).value();
    for (const auto& e : events) {
        const auto* dealt = std::get_if<CardDealt>(&e);
        if (!dealt) continue;
        // For its holder only (what each viewer receives: tests/engine/view).
        EXPECT_TRUE(dealt->card.has_value());
        EXPECT_EQ(dealt->visibility, Visibility::player(dealt->to));
    }
    EXPECT_EQ(hand.cards_of(100), parse_cards("AsAd").value());
    ASSERT_TRUE(hand.declare(100, p("Coppia di A")));
    auto reveal = hand.doubt(101).value();
    EXPECT_EQ(count<CardsRevealed>(reveal), 2);
    for (const auto& e : reveal) {
        if (const auto* shown = std::get_if<CardsRevealed>(&e); shown && shown->player == 101) {
            EXPECT_EQ(shown->cards, parse_cards("KcKh").value()) << "all hands are shown to everyone";
        }
    }
}

TEST(PolaccoHand, TurnsFollowTheChosenDirection) {
    Hand hand = started(setup(players(4), 101));
    ASSERT_TRUE(hand.choose_direction(101, Direction::Anticlockwise));
    ASSERT_TRUE(hand.declare(101, p("Carta alta 5")));
    EXPECT_EQ(hand.to_act(), 100);
    ASSERT_TRUE(hand.declare(100, p("Carta alta 6")));
    EXPECT_EQ(hand.to_act(), 103);
    Hand cw = started(setup(players(4), 103));
    ASSERT_TRUE(cw.choose_direction(103, Direction::Clockwise));
    ASSERT_TRUE(cw.declare(103, p("Carta alta 5")));
    EXPECT_EQ(cw.to_act(), 100);
}

TEST(PolaccoHand, ClockwiseOnlyFixesTheDirection) {
    Rules rules;
    rules.mode = Mode::Casino;
    rules.clockwise_only = true;
    Hand hand = started(setup(players(3), 102, rules));
    EXPECT_EQ(hand.phase(), Phase::Declaring);
    EXPECT_EQ(hand.direction(), Direction::Clockwise);
    EXPECT_EQ(hand.cards_in_play(), 6);
    EXPECT_EQ(refusal_of(hand.choose_direction(102, Direction::Anticlockwise)), PolaccoError::ClockwiseOnly);
    ASSERT_TRUE(hand.declare(102, p("Carta alta 5")));
    EXPECT_EQ(hand.to_act(), 100);
}

TEST(PolaccoHand, OutOfTurnOrNotHigherIsRefusedAndChangesNothing) {
    Hand hand = started(setup(players(3), 100));
    ASSERT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    ASSERT_TRUE(hand.declare(100, p("Coppia di 9")));
    auto before = hand.events().size();
    EXPECT_EQ(refusal_of(hand.declare(102, p("Tris di A"))), PolaccoError::NotYourTurn);
    EXPECT_EQ(refusal_of(hand.declare(101, p("Coppia di 9"))), PolaccoError::NotHigher);
    EXPECT_EQ(refusal_of(hand.declare(101, p("Coppia di 8"))), PolaccoError::NotHigher);
    EXPECT_EQ(refusal_of(hand.declare(101, p("Carta alta A"))), PolaccoError::NotHigher);
    EXPECT_EQ(refusal_of(hand.doubt(102)), PolaccoError::NotYourTurn);
    EXPECT_EQ(refusal_of(hand.declare(999, p("Tris di A"))), PolaccoError::NotSeated);
    EXPECT_EQ(hand.events().size(), before);
    EXPECT_EQ(hand.to_act(), 101);
    EXPECT_EQ(hand.last_punto(), p("Coppia di 9"));
    EXPECT_TRUE(hand.can_declare(101, p("Coppia di 10")));
}

// Hostile input: a value that is not one of the ladder's declarations is refused with a typed error
// and changes nothing, whether it opens the hand or answers a declaration.
TEST(PolaccoHand, ADeclarationOffTheLadderIsRefusedAndChangesNothing) {
    Hand hand = started(setup(players(3), 100), "7c2d 7h9s KcQd");
    ASSERT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    const auto before = hand.events().size();
    const Punto off = Punto::high_card(static_cast<Rank>(13));
    EXPECT_EQ(hand.check_declare(100, off), std::unexpected(PolaccoError::NotOnLadder));
    ASSERT_FALSE(hand.declare(100, off));
    EXPECT_EQ(hand.timeout(100).value().size(), 1U) << "the clock still works: high card 2";
    const Punto off_above = Punto::four_of_a_kind(static_cast<Rank>(99));
    EXPECT_EQ(hand.check_declare(101, off_above), std::unexpected(PolaccoError::NotOnLadder));
    ASSERT_FALSE(hand.declare(101, off_above));
    EXPECT_EQ(hand.events().size(), before + 1);
    EXPECT_EQ(hand.to_act(), 101);
    EXPECT_EQ(hand.last_punto(), Punto::lowest());
}

// Hostile input, command by command: an unknown player, a player out of turn, a second pass in the
// same turn, anything after the hand ended. Each is a typed error and leaves the hand as it was.
TEST(PolaccoHand, HostileCommandsAreTypedErrorsAndChangeNothing) {
    Rules rules;
    rules.passamano = true;
    Hand hand = started(setup(players(4), 100, rules), "7c2d 7h9s KcQd 3s4s");
    auto unchanged = [&](std::size_t events, PlayerId to_act) {
        EXPECT_EQ(hand.events().size(), events);
        EXPECT_EQ(hand.to_act(), to_act);
    };
    // Unknown player, every command.
    EXPECT_EQ(hand.check_choose_direction(999, Direction::Clockwise),
              std::unexpected(PolaccoError::NotSeated));
    EXPECT_EQ(hand.check_declare(999, Punto::lowest()), std::unexpected(PolaccoError::NotSeated));
    EXPECT_EQ(hand.check_doubt(999), std::unexpected(PolaccoError::NotSeated));
    EXPECT_EQ(hand.check_pass(999), std::unexpected(PolaccoError::NotSeated));
    EXPECT_EQ(hand.check_timeout(999), std::unexpected(PolaccoError::NotSeated));
    ASSERT_FALSE(hand.choose_direction(999, Direction::Clockwise));
    ASSERT_FALSE(hand.timeout(999));
    unchanged(1, 100);
    ASSERT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    const auto dealt = hand.events().size();
    ASSERT_FALSE(hand.declare(999, Punto::lowest()));
    ASSERT_FALSE(hand.doubt(999));
    ASSERT_FALSE(hand.pass(999));
    unchanged(dealt, 100);
    // Out of turn, every command.
    ASSERT_TRUE(hand.declare(100, p("Carta alta 7")));
    for (PlayerId other : {100, 102, 103}) {
        EXPECT_EQ(hand.check_declare(other, p("Coppia di 7")), std::unexpected(PolaccoError::NotYourTurn));
        EXPECT_EQ(hand.check_doubt(other), std::unexpected(PolaccoError::NotYourTurn));
        EXPECT_EQ(hand.check_pass(other), std::unexpected(PolaccoError::NotYourTurn));
        EXPECT_EQ(hand.check_timeout(other), std::unexpected(PolaccoError::NotYourTurn));
        ASSERT_FALSE(hand.declare(other, p("Coppia di 7")));
        ASSERT_FALSE(hand.doubt(other));
        ASSERT_FALSE(hand.pass(other));
        ASSERT_FALSE(hand.timeout(other));
    }
    unchanged(dealt + 1, 101);
    // A double pass: the second is out of turn, and in a later turn the pass is spent.
    ASSERT_TRUE(hand.pass(101));
    EXPECT_EQ(hand.check_pass(101), std::unexpected(PolaccoError::NotYourTurn));
    ASSERT_FALSE(hand.pass(101));
    unchanged(dealt + 2, 102);
    ASSERT_TRUE(hand.doubt(102));
    const auto ended = hand.events().size();
    // After the end, every command from every player.
    for (PlayerId who : {100, 101, 102, 103}) {
        EXPECT_EQ(hand.check_declare(who, p("Poker di A")), std::unexpected(PolaccoError::HandOver));
        EXPECT_EQ(hand.check_doubt(who), std::unexpected(PolaccoError::HandOver));
        EXPECT_EQ(hand.check_pass(who), std::unexpected(PolaccoError::HandOver));
        EXPECT_EQ(hand.check_timeout(who), std::unexpected(PolaccoError::HandOver));
        EXPECT_EQ(hand.check_choose_direction(who, Direction::Anticlockwise),
                  std::unexpected(PolaccoError::HandOver));
        ASSERT_FALSE(hand.declare(who, p("Poker di A")));
        ASSERT_FALSE(hand.doubt(who));
        ASSERT_FALSE(hand.pass(who));
        ASSERT_FALSE(hand.timeout(who));
    }
    EXPECT_EQ(hand.events().size(), ended);
    EXPECT_EQ(hand.to_act(), -1);
    EXPECT_EQ(hand.result()->penalised, 102) << "a seven is there: the doubter pays";
}

TEST(PolaccoHand, TheSameStraightFlushInAnotherSuitIsNotARaise) {
    Hand hand = started(setup(players(2), 100));
    ASSERT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    ASSERT_TRUE(hand.declare(100, p("Scala colore da 6 a 10 di cuori")));
    EXPECT_EQ(refusal_of(hand.declare(101, p("Scala colore da 6 a 10 di picche"))), PolaccoError::NotHigher);
    EXPECT_TRUE(hand.declare(101, p("Scala colore da 7 a J di fiori")));
}

TEST(PolaccoHand, TheFirstSpeakerMustDeclare) {
    Rules rules;
    rules.passamano = true;
    Hand hand = started(setup(players(3), 100, rules));
    ASSERT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    EXPECT_EQ(refusal_of(hand.doubt(100)), PolaccoError::NothingToDoubt);
    EXPECT_EQ(refusal_of(hand.pass(100)), PolaccoError::FirstSpeakerCannotPass);
    auto legal = hand.legal_actions();
    EXPECT_EQ(legal.player, 100);
    EXPECT_TRUE(legal.declare);
    EXPECT_EQ(legal.lowest_declaration, Punto::lowest());
    EXPECT_FALSE(legal.doubt);
    EXPECT_FALSE(legal.pass);
}

TEST(PolaccoHand, DoubtOfAPresentPuntoPenalisesTheDoubter) {
    // 100: 7c 2d; 101: 7h 9s; 102: Kc Qd. Pair of sevens is there.
    Hand hand = started(setup(players(3), 100), "7c2d 7h9s KcQd");
    ASSERT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    ASSERT_TRUE(hand.declare(100, p("Coppia di 7")));
    auto events = hand.doubt(101).value();
    EXPECT_EQ(hand.phase(), Phase::Ended);
    const auto& judged = std::get<Judged>(events[4]);
    EXPECT_TRUE(judged.present);
    EXPECT_EQ(judged.penalised, 101);
    EXPECT_EQ(judged.cards_in_play, 6);
    const auto& result = *hand.result();
    EXPECT_EQ(result.penalised, 101);
    EXPECT_FALSE(result.eliminated);
    EXPECT_EQ(result.next_first_speaker, 101) << "the penalised player speaks first next";
    EXPECT_EQ(result.players[1].penalties, 1);
    EXPECT_EQ(refusal_of(hand.declare(102, p("Tris di 7"))), PolaccoError::HandOver);
}

TEST(PolaccoHand, DoubtOfAnAbsentPuntoPenalisesTheDeclarer) {
    Hand hand = started(setup(players(3), 100), "7c2d 7h9s KcQd");
    ASSERT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    ASSERT_TRUE(hand.declare(100, p("Coppia di 7")));
    ASSERT_TRUE(hand.declare(101, p("Tris di 7")));
    ASSERT_TRUE(hand.doubt(102));
    EXPECT_EQ(hand.result()->penalised, 101);
    EXPECT_EQ(hand.result()->next_first_speaker, 101);
}

TEST(PolaccoHand, TheSixthCardEliminatesAndThePredecessorSpeaksNext) {
    auto ps = players(4);
    ps[2].penalties = 3;  // 102 holds five cards
    // Clockwise from 101: 101 declares, 102 doubts wrongly.
    Hand hand = started(setup(ps, 101), "AcAd 2c3c4c5c6c 7d8d 9h9s");
    ASSERT_TRUE(hand.choose_direction(101, Direction::Clockwise));
    ASSERT_TRUE(hand.declare(101, p("Coppia di A")));
    auto events = hand.doubt(102).value();
    EXPECT_EQ(count<PlayerEliminated>(events), 1);
    const auto& result = *hand.result();
    EXPECT_TRUE(result.eliminated);
    EXPECT_EQ(result.penalised, 102);
    EXPECT_EQ(result.next_first_speaker, 101) << "101 preceded 102 clockwise";
    ASSERT_EQ(result.players.size(), 3U);
    EXPECT_EQ(result.players[2].player, 103);

    // Anticlockwise from 103: 103 declares, 102 doubts wrongly; 103 preceded 102.
    Hand anti = started(setup(ps, 103), "AcAd 2c3c4c5c6c 7d8d 9h9s");
    ASSERT_TRUE(anti.choose_direction(103, Direction::Anticlockwise));
    ASSERT_TRUE(anti.declare(103, p("Carta alta 9")));
    ASSERT_TRUE(anti.doubt(102));
    EXPECT_TRUE(anti.result()->eliminated);
    EXPECT_EQ(anti.result()->next_first_speaker, 103);
}

TEST(PolaccoHand, ThePassIsOncePerTournamentAndNeverBackToTheDeclarer) {
    Rules rules;
    rules.passamano = true;
    Hand hand = started(setup(players(4), 100, rules));
    ASSERT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    ASSERT_TRUE(hand.declare(100, p("Carta alta 3")));
    auto passed = hand.pass(101).value();
    EXPECT_EQ(std::get<Passed>(passed[0]).next, 102);
    EXPECT_EQ(hand.to_act(), 102);
    ASSERT_TRUE(hand.pass(102));
    EXPECT_EQ(hand.to_act(), 103);
    EXPECT_EQ(refusal_of(hand.pass(103)), PolaccoError::PassReturnsToDeclarer);
    ASSERT_TRUE(hand.declare(103, p("Carta alta 4")));
    ASSERT_TRUE(hand.declare(100, p("Carta alta 5")));
    EXPECT_EQ(refusal_of(hand.pass(101)), PolaccoError::PassAlreadyUsed);
    ASSERT_TRUE(hand.doubt(101));
    EXPECT_FALSE(hand.result()->players[1].pass_available);
    EXPECT_FALSE(hand.result()->players[2].pass_available);
    EXPECT_TRUE(hand.result()->players[3].pass_available);
}

TEST(PolaccoHand, HeadsUpAPassAlwaysReturnsToTheDeclarer) {
    Rules rules;
    rules.passamano = true;
    Hand hand = started(setup(players(2), 100, rules));
    ASSERT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    ASSERT_TRUE(hand.declare(100, p("Carta alta 3")));
    EXPECT_EQ(refusal_of(hand.pass(101)), PolaccoError::PassReturnsToDeclarer);
}

TEST(PolaccoHand, ThePassNeedsTheOptionalRule) {
    Hand hand = started(setup(players(3), 100));
    ASSERT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    ASSERT_TRUE(hand.declare(100, p("Carta alta 3")));
    EXPECT_EQ(refusal_of(hand.pass(101)), PolaccoError::PassNotAllowed);
}

Hand four_of_a_kind_doubted(Rules rules, int declarer_penalties, int others_penalties) {
    auto ps = players(3);
    ps[0].penalties = declarer_penalties;
    ps[1].penalties = others_penalties;
    ps[2].penalties = others_penalties;
    // 100 holds two or more nines; the other two nines are with 101.
    Deck d;
    std::vector<Card> top = parse_cards("9c9d").value();
    for (int i = 0; i < declarer_penalties; ++i)
        top.push_back(Card::from_index(51 - i));  // aces, kings
    auto rest = parse_cards("9h9s").value();
    top.insert(top.end(), rest.begin(), rest.end());
    d.stack_top(top);
    Hand hand = Hand::start_with_deck(setup(ps, 100, rules), d).value();
    EXPECT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    EXPECT_TRUE(hand.declare(100, p("Poker di 9")));
    EXPECT_TRUE(hand.doubt(101));
    return hand;
}

TEST(PolaccoHand, BonusRemovesADeclarersPenaltyUnderThirtyCards) {
    Rules rules;
    rules.bonus = true;
    Hand hand = four_of_a_kind_doubted(rules, 2, 0);
    EXPECT_EQ(hand.result()->penalised, 101);
    EXPECT_EQ(hand.result()->bonus_to, 100);
    EXPECT_EQ(hand.result()->players[0].penalties, 1);
    EXPECT_EQ(hand.result()->players[1].penalties, 1);
}

TEST(PolaccoHand, NoBonusWithoutPenaltiesOrTheRuleOrAtThirtyCards) {
    Rules rules;
    rules.bonus = true;
    EXPECT_FALSE(four_of_a_kind_doubted(rules, 0, 0).result()->bonus_to.has_value());
    EXPECT_FALSE(four_of_a_kind_doubted(Rules{}, 1, 0).result()->bonus_to.has_value());
    // Nine players with three penalties each would be 45 cards; here 3 + 2 x 5 = 13: still a bonus.
    EXPECT_TRUE(four_of_a_kind_doubted(rules, 1, 3).result()->bonus_to.has_value());
}

TEST(PolaccoHand, NoBonusWithThirtyCardsInPlay) {
    Rules rules;
    rules.mode = Mode::Casino;
    rules.bonus = true;
    std::vector<HandPlayer> ps;
    for (int i = 0; i < 6; ++i)
        ps.push_back({100 + i, 3, true});  // 6 x 5 = 30 cards
    Hand hand = started(setup(ps, 100, rules), "AcAdAhAs");
    ASSERT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    EXPECT_EQ(hand.cards_in_play(), 30);
    ASSERT_TRUE(hand.declare(100, p("Poker di A")));
    ASSERT_TRUE(hand.doubt(101));
    EXPECT_TRUE(hand.result()->eliminated);
    EXPECT_FALSE(hand.result()->bonus_to.has_value());
}

// The other side of the 30-card boundary: 29 cards in play still earn the bonus (for a straight
// flush too, which names its five cards), even when the doubter's penalty eliminates him.
TEST(PolaccoHand, BonusWithTwentyNineCardsInPlay) {
    Rules rules;
    rules.mode = Mode::Casino;
    rules.bonus = true;
    std::vector<HandPlayer> ps;
    for (int i = 0; i < 6; ++i)
        ps.push_back({100 + i, 3, true});
    ps[0].penalties = 2;  // 4 + 5 x 5 = 29 cards
    Hand hand = started(setup(ps, 100, rules), "9h Th Jh Qh Kh");
    ASSERT_TRUE(hand.choose_direction(100, Direction::Clockwise));
    EXPECT_EQ(hand.cards_in_play(), 29);
    ASSERT_TRUE(hand.declare(100, p("Scala colore da 9 a K di cuori")));
    ASSERT_TRUE(hand.doubt(101));
    EXPECT_EQ(hand.result()->penalised, 101);
    EXPECT_TRUE(hand.result()->eliminated);
    EXPECT_EQ(hand.result()->bonus_to, 100);
    EXPECT_EQ(hand.result()->players[0].penalties, 1);
    EXPECT_EQ(hand.result()->next_first_speaker, 100) << "100 preceded the eliminated 101 clockwise";
}

TEST(PolaccoHand, TimeoutDeclaresTheLowestOrDoubts) {
    Hand hand = started(setup(players(3), 101));
    EXPECT_EQ(refusal_of(hand.timeout(100)), PolaccoError::NotYourTurn);
    auto opening = hand.timeout(101).value();
    EXPECT_EQ(hand.direction(), Direction::Clockwise);
    EXPECT_EQ(hand.last_punto(), Punto::lowest());
    EXPECT_TRUE(std::get<Declared>(opening.back()).by_timeout);
    EXPECT_EQ(hand.to_act(), 102);
    ASSERT_TRUE(hand.timeout(102));
    EXPECT_EQ(hand.phase(), Phase::Ended);
    EXPECT_EQ(count<Doubted>(hand.events()), 1);
}

}  // namespace
}  // namespace tavolo::engine::polacco
