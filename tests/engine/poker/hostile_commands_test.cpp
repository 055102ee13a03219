// What a hostile client can send (RULES.md §2: "an illegal action ... is refused with a clear error
// and changes nothing; the player keeps the turn"): amounts of 0, negative, above the stack, at the
// limits of the integer type; commands out of turn, from seats not dealt in, in the wrong round,
// after the hand ended; discards of cards not held or of card numbers that do not exist. Each is
// refused with its typed error and the hand is exactly as before.
#include <gtest/gtest.h>

#include <limits>

#include "tests/engine/poker/random_play.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine::testing {
namespace {

constexpr Chips kMax = std::numeric_limits<Chips>::max();
constexpr Chips kMin = std::numeric_limits<Chips>::min();

void expect_refused_unchanged(Hand& h, SeatIndex seat, const Command& command, RuleError error) {
    const Snapshot before = snapshot(h, 10);
    const LegalActions la = h.legal_actions();
    const auto r = h.act(seat, command);
    ASSERT_FALSE(r.has_value()) << "seat " << seat << " command " << command.index() << " accepted";
    EXPECT_EQ(r.error(), error) << name(r.error());
    EXPECT_FALSE(h.can(seat, command));
    EXPECT_EQ(snapshot(h, 10), before);
    EXPECT_EQ(h.legal_actions().seat, la.seat);
    EXPECT_EQ(h.legal_actions().min_to, la.min_to);
}

TEST(HostileCommands, BetAmountsZeroNegativeAboveStackAndIntegerLimitsRefused_Rules2) {
    for (Betting betting : {Betting::NoLimit, Betting::PotLimit, Betting::Limit}) {
        SeededRandom rng(91);
        Hand h(make_setup(Variant::Holdem, betting, {1000, 1000, 1000}, 5, 10), rng);
        ASSERT_EQ(h.to_act(), 0);
        for (Chips amount : {Chips{0}, Chips{-1}, Chips{-1000}, kMin, Chips{10}, Chips{19}})
            expect_refused_unchanged(h, 0, BetOrRaiseTo{amount}, RuleError::BelowMinimum);
        for (Chips amount : {Chips{1001}, Chips{1} << 40, kMax, kMax - 1})
            expect_refused_unchanged(h, 0, BetOrRaiseTo{amount}, RuleError::MoreThanStack);
        if (betting != Betting::NoLimit)
            expect_refused_unchanged(h, 0, BetOrRaiseTo{h.legal_actions().max_to + 1},
                                     RuleError::AboveMaximum);
        EXPECT_EQ(h.total_chips(), 3000);
    }
}

TEST(HostileCommands, OutOfTurnAndUnknownSeatsRefused) {
    SeededRandom rng(92);
    Hand h(make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000, 1000}, 5, 10), rng);
    const Command all[] = {Fold{}, Check{}, Call{}, BetOrRaiseTo{100}, Timeout{}};
    for (const Command& c : all) {
        expect_refused_unchanged(h, 1, c, RuleError::NotYourTurn);
        expect_refused_unchanged(h, 2, c, RuleError::NotYourTurn);
        for (SeatIndex seat : {3, 9, 10, 99, -1, kNoSeat, std::numeric_limits<SeatIndex>::min(),
                               std::numeric_limits<SeatIndex>::max()})
            expect_refused_unchanged(h, seat, c, RuleError::UnknownSeat);
    }
}

TEST(HostileCommands, CommandsAfterTheHandEndedRefused) {
    SeededRandom rng(93);
    Hand h(make_setup(Variant::FiveCardDraw, Betting::NoLimit, {1000, 1000, 1000}, 5, 10), rng);
    ASSERT_OK(h.fold(0));
    ASSERT_OK(h.fold(1));
    ASSERT_TRUE(h.is_over());
    const Command all[] = {Fold{}, Check{}, Call{}, BetOrRaiseTo{100}, Timeout{}, Discard{}};
    for (const Command& c : all)
        for (SeatIndex seat : {0, 1, 2})
            expect_refused_unchanged(h, seat, c, RuleError::HandOver);
    // Only the uncontested winner may show, once; a folded player may not.
    expect_refused_unchanged(h, 0, ShowCards{}, RuleError::CannotShow);
    ASSERT_OK(h.act(2, ShowCards{}));
    expect_refused_unchanged(h, 2, ShowCards{}, RuleError::CannotShow);
}

TEST(HostileCommands, DiscardsOfCardsNotHeldOrNonexistentRefused_HandUnchanged) {
    SeededRandom rng(94);
    HandSetup s = make_setup(Variant::FiveCardDraw, Betting::Limit, {1000, 1000, 1000}, 5, 10);
    Hand h(s, rng, stacked(s, {"AcKcQcJc2d", "2c3c4c5c6d", "AhAsKhKs3d"}));
    for (int i = 0; i < 3; ++i) {
        const LegalActions la = h.legal_actions();
        ASSERT_OK(la.may_check ? h.check(la.seat) : h.call(la.seat));
    }
    ASSERT_EQ(h.phase(), HandPhase::Drawing);
    ASSERT_EQ(h.to_act(), 1);
    // A card another player holds, a card in the deck, one held and one not.
    expect_refused_unchanged(h, 1, Discard{card_set("Ac")}, RuleError::BadDiscard);
    expect_refused_unchanged(h, 1, Discard{card_set("9h")}, RuleError::BadDiscard);
    expect_refused_unchanged(h, 1, Discard{card_set("6d9h")}, RuleError::BadDiscard);
    // Bits that are no card at all (52..63), alone or with held cards.
    expect_refused_unchanged(h, 1, Discard{CardSet{std::uint64_t{1} << 60}}, RuleError::BadDiscard);
    expect_refused_unchanged(h, 1, Discard{CardSet{card_set("6d").bits() | (std::uint64_t{1} << 52)}},
                             RuleError::BadDiscard);
    expect_refused_unchanged(h, 1, Discard{CardSet{~std::uint64_t{0}}}, RuleError::BadDiscard);
    // Out of turn, and betting during the draw.
    expect_refused_unchanged(h, 2, Discard{card_set("3d")}, RuleError::NotYourTurn);
    expect_refused_unchanged(h, 1, Check{}, RuleError::NotABettingRound);
    expect_refused_unchanged(h, 1, BetOrRaiseTo{20}, RuleError::NotABettingRound);
    ASSERT_OK(h.discard(1, card_set("6d")));
    // After the draw: discarding again is refused.
    ASSERT_OK(h.discard(2, CardSet{}));
    ASSERT_OK(h.discard(0, CardSet{}));
    ASSERT_EQ(h.phase(), HandPhase::Betting);
    expect_refused_unchanged(h, h.to_act(), Discard{CardSet{}}, RuleError::NotADrawRound);
}

TEST(HostileCommands, RaiseWhenNotReopenedOrCappedRefused) {
    // Limit: bet and three raises, then a fourth raise is refused for everyone.
    SeededRandom rng(95);
    Hand h(make_setup(Variant::Holdem, Betting::Limit, {1000, 1000, 1000, 1000}, 5, 10), rng);
    ASSERT_OK(h.bet_or_raise_to(3, 20));
    ASSERT_OK(h.bet_or_raise_to(0, 30));
    ASSERT_OK(h.bet_or_raise_to(1, 40));
    expect_refused_unchanged(h, 2, BetOrRaiseTo{50}, RuleError::RaiseCapReached);
    expect_refused_unchanged(h, 2, BetOrRaiseTo{1000}, RuleError::RaiseCapReached);
}

TEST(HostileCommands, DiscardListWithDuplicateOrNonCardNumbersRefusedBeforeTheHand) {
    const int twice[] = {4, 9, 4};
    EXPECT_EQ(refusal_of(discard_of(twice)), RuleError::DuplicateCard);
    for (int bad :
         {-1, 52, 63, 64, 255, 1000, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()}) {
        const int list[] = {3, bad};
        EXPECT_EQ(refusal_of(discard_of(list)), RuleError::NotACard) << bad;
    }
    const int good[] = {51, 0, 17};
    const auto d = discard_of(good);
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(d->cards.size(), 3);
    EXPECT_TRUE(d->cards.contains(Card::from_index(51)));
    EXPECT_TRUE(discard_of({}).has_value());  // standing pat
    EXPECT_EQ(discard_of({}).value().cards.size(), 0);
}

}  // namespace
}  // namespace tavolo::engine::testing
