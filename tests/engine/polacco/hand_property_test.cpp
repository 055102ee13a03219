// Random play of many Poker Polacco hands, with illegal commands mixed in, checking after every
// command the invariants of RULES.md §9.
#include <gtest/gtest.h>

#include "engine/polacco/hand.hpp"
#include "tests/engine/property_count.hpp"

namespace tavolo::engine::polacco {
namespace {

TEST(PolaccoHandProperty, RandomCommandsKeepTheRules) {
    SeededRandom rng{99};
    const int kHands = testing::property_count(20000);
    int hands = 0;
    int refused = 0;
    for (int h = 0; h < kHands; ++h) {
        Rules rules;
        rules.mode = rng.uniform_below(2) ? Mode::Casino : Mode::NoDealer;
        rules.passamano = rng.uniform_below(2);
        rules.bonus = rng.uniform_below(2);
        rules.clockwise_only = rules.mode == Mode::Casino && rng.uniform_below(3) == 0;
        const int n =
            2 + static_cast<int>(rng.uniform_below(static_cast<std::uint64_t>(rules.table_max() - 1)));
        std::vector<HandPlayer> players;
        for (int i = 0; i < n; ++i) {
            players.push_back({i, static_cast<int>(rng.uniform_below(4)), rng.uniform_below(3) != 0});
        }
        const PlayerId first = static_cast<PlayerId>(rng.uniform_below(static_cast<std::uint64_t>(n)));
        Hand hand = Hand::start(HandSetup{h, rules, players, first}, rng).value();
        int commands = 0;
        while (hand.phase() != Phase::Ended) {
            ASSERT_LT(++commands, 1000) << "a hand must end";
            const LegalActions legal = hand.legal_actions();
            ASSERT_NE(legal.player, -1);
            // An arbitrary command from an arbitrary player: accepted exactly when the verifier says so,
            // and a refusal changes nothing.
            const PlayerId who = static_cast<PlayerId>(rng.uniform_below(static_cast<std::uint64_t>(n)));
            const Punto punto =
                *Punto::from_declaration(static_cast<int>(rng.uniform_below(kLadderDeclarations)));
            const auto before = hand.events().size();
            std::expected<Events, PolaccoError> done;
            bool allowed = false;
            switch (rng.uniform_below(6)) {
                case 0:
                    allowed = hand.can_choose_direction(who, Direction::Anticlockwise);
                    done = hand.choose_direction(who, Direction::Anticlockwise);
                    break;
                case 1:
                case 2:
                    allowed = hand.can_declare(who, punto);
                    done = hand.declare(who, punto);
                    break;
                case 3:
                    allowed = hand.can_doubt(who);
                    done = hand.doubt(who);
                    break;
                case 4:
                    allowed = hand.can_pass(who);
                    done = hand.pass(who);
                    break;
                default:
                    allowed = hand.check_timeout(who).has_value();
                    done = hand.timeout(who);
                    break;
            }
            ASSERT_EQ(done.has_value(), allowed);
            if (!done) {
                ++refused;
                ASSERT_EQ(hand.events().size(), before);
                ASSERT_EQ(hand.to_act(), legal.player);
                continue;
            }
            if (who != legal.player) FAIL() << "a command out of turn was accepted";
        }
        ++hands;
        // Cards: 2 + penalties each, all distinct.
        CardSet all;
        int dealt = 0;
        for (const auto& p : players) {
            const auto& cards = hand.cards_of(p.player);
            ASSERT_EQ(static_cast<int>(cards.size()), kInitialCards + p.penalties);
            for (Card c : cards)
                all.insert(c);
            dealt += static_cast<int>(cards.size());
        }
        ASSERT_EQ(all.size(), dealt);
        // Exactly one penalty, to the doubter if the Punto is there, else to the declarer.
        const HandResult& result = *hand.result();
        const bool present = hand.last_punto()->present_in(all);
        int doubts = 0;
        PlayerId doubter = -1;
        for (const auto& e : hand.events()) {
            if (const auto* d = std::get_if<Doubted>(&e)) {
                ++doubts;
                doubter = d->by;
            }
        }
        ASSERT_EQ(doubts, 1);
        ASSERT_EQ(result.penalised, present ? doubter : hand.last_declarer());
        const auto& before = players[static_cast<std::size_t>(result.penalised)];
        ASSERT_EQ(result.eliminated, before.penalties == kMaxPenalties);
        ASSERT_EQ(result.players.size(), players.size() - (result.eliminated ? 1U : 0U));
        int total_before = 0;
        int total_after = 0;
        for (const auto& p : players)
            total_before += p.penalties;
        for (const auto& p : result.players)
            total_after += p.penalties;
        const int removed = result.bonus_to ? 1 : 0;
        ASSERT_EQ(total_after, total_before + 1 - removed - (result.eliminated ? kMaxPenalties + 1 : 0));
        // The next first speaker is still at the table.
        bool seated = false;
        for (const auto& p : result.players)
            seated = seated || p.player == result.next_first_speaker;
        ASSERT_TRUE(seated);
        // The reveal shows every hand to everyone.
        int revealed_hands = 0;
        for (const auto& e : hand.events()) {
            if (const auto* shown = std::get_if<CardsRevealed>(&e)) {
                ASSERT_EQ(shown->cards, hand.cards_of(shown->player));
                ++revealed_hands;
            }
        }
        ASSERT_EQ(revealed_hands, n);
    }
    EXPECT_EQ(hands, kHands);
    EXPECT_GT(refused, kHands);
}

}  // namespace
}  // namespace tavolo::engine::polacco
