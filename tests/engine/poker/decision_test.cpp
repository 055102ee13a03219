// Decision numbers (issue 9, DESIGN.md "Protocol": actions name the decision they answer) and copies
// of a hand that are independent of the original (a server tries an action on a copy).
#include <gtest/gtest.h>

#include <vector>

#include "tests/engine/poker/hand_fixture.hpp"
#include "tests/engine/poker/random_play.hpp"

namespace tavolo::engine::testing {
namespace {

int decisions_taken(std::span<const HandEvent> events) {
    int n = 0;
    for (const HandEvent& e : events)
        n += std::holds_alternative<Acted>(e) || std::holds_alternative<Discarded>(e) ? 1 : 0;
    return n;
}

TEST(DecisionNumbers, TheFirstDecisionIsOneAndLegalActionsReportIt) {
    SeededRandom rng(1);
    Hand hand(make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000, 1000}, 5, 10), rng);
    EXPECT_EQ(hand.decision(), 1);
    EXPECT_EQ(hand.legal_actions().decision, 1);
    ASSERT_TRUE(hand.act(hand.to_act(), Call{}, 1).has_value());
    EXPECT_EQ(hand.decision(), 2);
    EXPECT_EQ(hand.legal_actions().decision, 2);
}

TEST(DecisionNumbers, AStaleDecisionIsRefusedWithItsOwnErrorAndChangesNothing) {
    SeededRandom rng(2);
    Hand hand(make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000, 1000}, 5, 10), rng);
    ASSERT_TRUE(hand.act(hand.to_act(), Call{}, 1).has_value());
    const Snapshot before = snapshot(hand, 10);
    // The next player answers what he saw before the call: decision 1.
    auto stale = hand.act(hand.to_act(), Call{}, 1);
    ASSERT_FALSE(stale.has_value());
    EXPECT_EQ(stale.error(), RuleError::StaleDecision);
    EXPECT_EQ(snapshot(hand, 10), before);
    EXPECT_FALSE(hand.verify(hand.to_act(), Call{}, 3).has_value());  // nor a decision not yet reached
    EXPECT_TRUE(hand.verify(hand.to_act(), Call{}, 2).has_value());
    EXPECT_STREQ(name(RuleError::StaleDecision), "StaleDecision");
    EXPECT_EQ(stale_decision_message(1, 2),
              "this action answers decision 1 but the hand is at decision 2: refresh and act again");
}

TEST(DecisionNumbers, ADuplicatedActionIsRefusedTheSecondTime) {
    SeededRandom rng(3);
    // Heads-up, so the same player is to act again after the reply: the duplicate is his turn too.
    Hand hand(make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000}, 5, 10), rng);
    const SeatIndex button = hand.to_act();
    ASSERT_TRUE(hand.act(button, BetOrRaiseTo{30}, 1).has_value());
    ASSERT_TRUE(hand.act(hand.to_act(), BetOrRaiseTo{90}, 2).has_value());
    ASSERT_EQ(hand.to_act(), button);
    const Snapshot before = snapshot(hand, 10);
    auto again = hand.act(button, BetOrRaiseTo{30}, 1);  // the first message, delivered twice
    ASSERT_FALSE(again.has_value());
    EXPECT_EQ(again.error(), RuleError::StaleDecision);
    EXPECT_EQ(snapshot(hand, 10), before);
}

TEST(DecisionNumbers, AClockThatFiresAfterThePlayerActedIsRefused) {
    SeededRandom rng(4);
    Hand hand(make_setup(Variant::FiveCardDraw, Betting::Limit, {1000, 1000, 1000}, 5, 10), rng);
    const DecisionNumber armed = hand.decision();
    ASSERT_TRUE(hand.act(hand.to_act(), Call{}, armed).has_value());
    auto late = hand.act(hand.to_act(), Timeout{}, armed);
    ASSERT_FALSE(late.has_value());
    EXPECT_EQ(late.error(), RuleError::StaleDecision);
}

// Sitting-out players' automatic actions are decision points too, so the number is always one
// more than the decisions taken, whoever took them.
TEST(DecisionNumbers, OneMoreThanTheActionsAndDiscardsInEveryRandomHand) {
    SeededRandom rng(5);
    Hand hand;
    for (int i = 0; i < 900; ++i) {
        const auto [v, b] = cycled_game(i);
        const HandSetup setup = random_setup(rng, v, b, random_player_count(rng, v));
        ASSERT_TRUE(hand.reset(setup, rng).has_value());
        for (;;) {
            ASSERT_EQ(hand.decision(), 1 + decisions_taken(hand.events()));
            if (hand.is_over()) break;
            const LegalActions la = hand.legal_actions();
            ASSERT_EQ(la.decision, hand.decision());
            ASSERT_TRUE(hand.act(la.seat, random_legal(rng, hand, la), la.decision).has_value());
        }
    }
}

std::vector<HandEvent> copy_events(std::span<const HandEvent> events) {
    return {events.begin(), events.end()};
}

bool same_events(std::span<const HandEvent> a, std::span<const HandEvent> b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].index() != b[i].index()) return false;
        // Cards and chips decide the comparison: the dealt card, or the stacks at the end.
        if (const auto* c = std::get_if<CardDealt>(&a[i]); c && c->card != std::get<CardDealt>(b[i]).card)
            return false;
        if (const auto* e = std::get_if<HandEnded>(&a[i]); e && e->stacks != std::get<HandEnded>(b[i]).stacks)
            return false;
    }
    return true;
}

// A copy of a hand shares nothing with it: acting on the copy leaves the original as it was, and
// the original, the copy and a hand that was never copied deal the same cards for the same commands.
TEST(HandCopy, ACopyActedOnLeavesTheOriginalUnchangedAndDealsTheSameCards) {
    SeededRandom choices(6);
    for (int i = 0; i < 450; ++i) {
        const auto [v, b] = cycled_game(i);
        const HandSetup setup = random_setup(choices, v, b, random_player_count(choices, v));
        const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(i);

        // The reference: never copied. Record its commands.
        SeededRandom deck_rng(seed);
        Hand reference(setup, deck_rng);
        std::vector<Command> commands;
        while (!reference.is_over()) {
            const LegalActions la = reference.legal_actions();
            commands.push_back(random_legal(choices, reference, la));
            ASSERT_TRUE(reference.act(la.seat, commands.back()).has_value());
        }

        SeededRandom same_rng(seed);
        Hand original(setup, same_rng);
        const std::size_t split = commands.empty() ? 0 : choices.uniform_below(commands.size());
        std::size_t k = 0;
        for (; k < split; ++k)
            ASSERT_TRUE(original.act(original.to_act(), commands[k]).has_value());
        Hand copy = original;
        const Snapshot at_copy = snapshot(original, setup.table_size);
        const auto events_at_copy = copy_events(original.events());
        for (std::size_t j = k; j < commands.size(); ++j)
            ASSERT_TRUE(copy.act(copy.to_act(), commands[j]).has_value());
        ASSERT_EQ(snapshot(original, setup.table_size), at_copy) << "hand " << i;
        ASSERT_TRUE(same_events(original.events(), events_at_copy));
        for (std::size_t j = k; j < commands.size(); ++j)
            ASSERT_TRUE(original.act(original.to_act(), commands[j]).has_value());

        ASSERT_TRUE(same_events(copy.events(), reference.events())) << "hand " << i;
        ASSERT_TRUE(same_events(original.events(), reference.events())) << "hand " << i;
        ASSERT_EQ(copy.stacks_by_seat(), reference.stacks_by_seat());
    }
}

// Nothing the hand does after it starts touches the injected source.
TEST(HandCopy, TheRandomSourceIsUsedOnlyWhenTheHandStarts) {
    SeededRandom rng(7);
    SeededRandom twin(7);
    Hand hand(make_setup(Variant::FiveCardDraw, Betting::PotLimit, {500, 500, 500, 500, 500, 500}, 5, 10),
              rng);
    Hand same(make_setup(Variant::FiveCardDraw, Betting::PotLimit, {500, 500, 500, 500, 500, 500}, 5, 10),
              twin);
    while (!hand.is_over()) {
        const LegalActions la = hand.legal_actions();
        // Everyone discards everything: the stub runs out and the discards are reshuffled.
        const Command c = la.drawing ? Command{Discard{[&] {
            CardSet all;
            for (Card card : hand.hole_cards(la.seat))
                all.insert(card);
            return all;
        }()}}
                                     : Command{la.may_check ? Command{Check{}} : Command{Call{}}};
        ASSERT_TRUE(hand.act(la.seat, c).has_value());
    }
    bool reshuffled = false;
    for (const HandEvent& e : hand.events())
        reshuffled = reshuffled || std::holds_alternative<DeckReshuffled>(e);
    EXPECT_TRUE(reshuffled);
    EXPECT_EQ(rng.next_u64(), twin.next_u64());
}

}  // namespace
}  // namespace tavolo::engine::testing
