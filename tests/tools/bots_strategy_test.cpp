// The bots' strategies (tools/bots/strategy.hpp) choose only what the server allows: every decision of
// random hands of every game and betting structure (hold'em, stud, draw x no-limit, pot-limit, limit)
// and of Poker Polacco tables is answered by the strategy from the legal actions as the wire carries
// them, sent through the wire form of an Action and back (server/protocol's action_of), and the real
// engine accepts it. Each strategy also plays its own way (calling never folds or raises; tight does
// not raise a weak hand; random uses every kind of action and both ends of the amounts).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <vector>

#include "engine/view/poker_view.hpp"
#include "engine/view/polacco_view.hpp"
#include "server/protocol/client_action.hpp"
#include "server/protocol/poker_events.hpp"
#include "server/protocol/polacco_events.hpp"
#include "tests/engine/poker/random_play.hpp"
#include "tools/bots/strategy.hpp"

namespace tavolo::bots {
namespace {

using namespace engine;
namespace protocol = server::protocol;
namespace pl = engine::polacco;
using engine::testing::cycled_game;
using engine::testing::random_player_count;
using engine::testing::random_setup;

const protocol::TableAddress kTable{8, 1};

std::vector<std::uint32_t> faces(std::span<const Card> cards) {
    std::vector<std::uint32_t> out;
    for (Card c : cards)
        out.push_back(protocol::face_of(c));
    return out;
}

// What a bot's choice does at each decision, tallied for the strategy's own checks.
struct Choices {
    std::map<v1::PokerCommand::CommandCase, int> kinds;
    int at_min = 0;
    int at_max = 0;
    int weak_raises = 0;
    int folds_when_check_was_free = 0;
    int discards = 0;
};

// The strategy's answer to the decision of `hand`, as a client sends it and the table parses it.
Command choose_over_the_wire(Strategy strategy, const Hand& hand, Rng& rng, Choices& choices) {
    const LegalActions la = hand.legal_actions();
    const auto pending = view::pending_decision(hand, view::PokerViewer::player(la.seat));
    if (!pending) {
        ADD_FAILURE() << "no decision pending for the seat to act";
        return Fold{};
    }
    const v1::TableEvent event = protocol::table_event(*pending, kTable, hand.hand_id());
    const v1::PokerLegalActions& legal = event.poker_decision().legal();
    const auto own = faces(hand.hole_cards(la.seat));
    const auto board = faces(hand.board());
    v1::Action action;
    protocol::set_table(action.mutable_table(), kTable);
    action.set_hand(hand.hand_id());
    action.set_decision(legal.decision());
    *action.mutable_poker() = choose_poker(strategy, legal, own, board, rng);

    const v1::PokerCommand& c = action.poker();
    ++choices.kinds[c.command_case()];
    if (c.has_bet_or_raise_to()) {
        choices.at_min += c.bet_or_raise_to() == legal.min_to();
        choices.at_max += c.bet_or_raise_to() == legal.max_to();
        choices.weak_raises += !strong_hand(own, board);
    }
    choices.folds_when_check_was_free += c.has_fold() && legal.may_check();
    if (c.has_discard()) choices.discards += c.discard().cards_size();

    v1::Action back;
    EXPECT_TRUE(back.ParseFromString(action.SerializeAsString()));
    auto parsed = protocol::action_of(back, protocol::TableGame::Poker);
    EXPECT_TRUE(parsed.has_value()) << (parsed ? "" : parsed.error().message) << " "
                                    << action.ShortDebugString();
    if (!parsed) return Fold{};
    EXPECT_EQ(parsed->decision, hand.decision());
    return std::get<Command>(parsed->command);
}

Choices play_poker(Strategy strategy, std::uint64_t seed) {
    SeededRandom rng(seed);
    Rng bot(seed);
    Choices choices;
    for (int i = 0; i < 180; ++i) {
        const auto [variant, betting] = cycled_game(i);
        HandSetup setup = random_setup(rng, variant, betting, random_player_count(rng, variant));
        setup.hand_id = i + 1;  // the wire's hand numbers start at 1
        Hand hand;
        hand.reset(setup, rng);
        EXPECT_TRUE(hand.setup_error().has_value());
        for (int command = 0; !hand.is_over() && command < 500; ++command) {
            const LegalActions la = hand.legal_actions();
            const Command chosen = choose_over_the_wire(strategy, hand, bot, choices);
            const auto done = hand.act(la.seat, chosen, la.decision);
            EXPECT_TRUE(done.has_value()) << to_string(strategy) << " hand " << i << " command " << command
                                          << ": the engine refused the strategy's choice";
            if (!done) return choices;
        }
        EXPECT_TRUE(hand.is_over());
    }
    return choices;
}

TEST(BotsStrategy, RandomChoosesOnlyLegalActionsAndAmountsInEveryStructure) {
    const Choices c = play_poker(Strategy::Random, 11);
    for (auto kind : {v1::PokerCommand::kFold, v1::PokerCommand::kCheck, v1::PokerCommand::kCall,
                      v1::PokerCommand::kBetOrRaiseTo, v1::PokerCommand::kDiscard})
        EXPECT_GT(c.kinds.count(kind) ? c.kinds.at(kind) : 0, 0) << "random never chose kind " << kind;
    EXPECT_GT(c.at_min, 0);
    EXPECT_GT(c.at_max, 0);
    EXPECT_GT(c.discards, 0);
}

TEST(BotsStrategy, CallingChecksOrCallsAndStandsPat) {
    const Choices c = play_poker(Strategy::Calling, 12);
    EXPECT_EQ(c.kinds.count(v1::PokerCommand::kBetOrRaiseTo), 0u);
    EXPECT_EQ(c.folds_when_check_was_free, 0);
    EXPECT_EQ(c.discards, 0);
    EXPECT_GT(c.kinds.at(v1::PokerCommand::kCall), 0);
    EXPECT_GT(c.kinds.at(v1::PokerCommand::kCheck), 0);
}

TEST(BotsStrategy, TightRaisesOnlyStrongHandsAndFoldsWeakOnes) {
    const Choices c = play_poker(Strategy::Tight, 13);
    EXPECT_EQ(c.weak_raises, 0);
    EXPECT_EQ(c.folds_when_check_was_free, 0);
    EXPECT_GT(c.kinds.at(v1::PokerCommand::kFold), 0);
    EXPECT_GT(c.kinds.at(v1::PokerCommand::kBetOrRaiseTo), 0);
    EXPECT_GT(c.discards, 0);
}

TEST(BotsStrategy, StrongHandIsAPairWithOwnCardsOrTwoHighCardsBeforeTheBoard) {
    // Faces: rank * 4 + suit, ranks 0 = 2 ... 12 = A.
    const std::uint32_t seven_c = 5 * 4, seven_d = 5 * 4 + 1, two_c = 0, ace_s = 12 * 4 + 3,
                        king_h = 11 * 4 + 2, jack_d = 9 * 4 + 1, ten_c = 8 * 4, nine_h = 7 * 4 + 2;
    EXPECT_TRUE(strong_hand(std::vector<std::uint32_t>{seven_c, seven_d}, {}));
    EXPECT_TRUE(strong_hand(std::vector<std::uint32_t>{ace_s, two_c}, {}));
    EXPECT_TRUE(strong_hand(std::vector<std::uint32_t>{king_h, jack_d}, {}));
    EXPECT_FALSE(strong_hand(std::vector<std::uint32_t>{ten_c, nine_h}, {}));
    EXPECT_TRUE(strong_hand(std::vector<std::uint32_t>{seven_c, two_c}, std::vector<std::uint32_t>{seven_d}));
    // A pair on the board alone is everyone's, not strength; high cards count only before the board.
    EXPECT_FALSE(strong_hand(std::vector<std::uint32_t>{ace_s, king_h},
                             std::vector<std::uint32_t>{seven_c, seven_d, two_c}));
}

// ---- Poker Polacco -------------------------------------------------------------------------------------

struct PolaccoChoices {
    std::map<v1::PolaccoCommand::CommandCase, int> kinds;
    int above_lowest = 0;
};

void play_polacco(Strategy strategy, std::uint64_t seed, PolaccoChoices& choices) {
    SeededRandom rng(seed);
    Rng bot(seed);
    for (int t = 0; t < 20; ++t) {
        pl::Rules rules;
        rules.mode = t % 2 ? pl::Mode::Casino : pl::Mode::NoDealer;
        rules.passamano = true;
        rules.clockwise_only = rules.mode == pl::Mode::Casino && t % 3 == 0;
        const int n =
            2 + static_cast<int>(rng.uniform_below(static_cast<std::uint64_t>(rules.table_max() - 1)));
        std::vector<pl::HandPlayer> seats;
        for (int i = 0; i < n; ++i)
            seats.push_back({10 + i, static_cast<int>(rng.uniform_below(4)), true});
        pl::Table table{t, rules, seats, 10};
        for (int h = 0; h < 8 && table.players() >= 2; ++h) {
            ASSERT_TRUE(table.start_hand(rng).has_value());
            for (int command = 0; table.hand()->phase() != pl::Phase::Ended; ++command) {
                pl::Hand& hand = *table.hand();
                const pl::LegalActions la = hand.legal_actions();
                const auto pending = view::pending_decision(hand, view::PolaccoViewer::player(la.player));
                ASSERT_TRUE(pending.has_value());
                const v1::TableEvent event = protocol::table_event(*pending, kTable, hand.hand_number());
                const v1::PolaccoLegalActions& legal = event.polacco_decision().legal();
                const view::PolaccoView seen = view::view_of(table, view::PolaccoViewer::player(la.player));
                std::vector<std::uint32_t> own;
                for (const auto& seat : seen.seats)
                    if (seat.player == la.player)
                        for (const auto& card : seat.cards)
                            if (card) own.push_back(protocol::face_of(*card));
                v1::Action action;
                protocol::set_table(action.mutable_table(), kTable);
                action.set_hand(hand.hand_number());
                action.set_decision(legal.decision());
                *action.mutable_polacco() = choose_polacco(strategy, legal, own, bot);
                ++choices.kinds[action.polacco().command_case()];
                if (action.polacco().has_declare())
                    choices.above_lowest += protocol::punto_of(action.polacco().declare())->step() >
                                            la.lowest_declaration->step();
                auto parsed = protocol::action_of(action, protocol::TableGame::Polacco);
                ASSERT_TRUE(parsed.has_value()) << parsed.error().message << " " << action.ShortDebugString();
                auto done = protocol::act(hand, la.player,
                                          std::get<protocol::PolaccoCommand>(parsed->command), la.decision);
                ASSERT_TRUE(done.has_value()) << to_string(strategy) << " table " << t << " hand " << h
                                              << " command " << command << ": " << action.ShortDebugString();
            }
            ASSERT_TRUE(table.finish_hand().has_value());
        }
    }
}

TEST(BotsStrategy, Rules9EveryStrategyAnswersPolaccoDecisionsTheEngineAccepts) {
    for (Strategy strategy : {Strategy::Random, Strategy::Calling, Strategy::Tight}) {
        PolaccoChoices choices;
        play_polacco(strategy, 40 + static_cast<std::uint64_t>(strategy), choices);
        ASSERT_FALSE(::testing::Test::HasFatalFailure()) << to_string(strategy);
        EXPECT_GT(choices.kinds[v1::PolaccoCommand::kDeclare], 0) << to_string(strategy);
        EXPECT_GT(choices.kinds[v1::PolaccoCommand::kDoubt], 0) << to_string(strategy);
        if (strategy == Strategy::Random) {
            EXPECT_GT(choices.kinds[v1::PolaccoCommand::kPass], 0);
            EXPECT_GT(choices.kinds[v1::PolaccoCommand::kChooseDirection], 0);
            EXPECT_GT(choices.above_lowest, 0);
        } else {
            EXPECT_EQ(choices.above_lowest, 0) << to_string(strategy) << " declares the lowest it may";
            EXPECT_EQ(choices.kinds[v1::PolaccoCommand::kPass], 0) << to_string(strategy);
        }
    }
}

TEST(BotsStrategy, StrategyNamesAreTheCommandLines) {
    for (Strategy s : {Strategy::Random, Strategy::Calling, Strategy::Tight})
        EXPECT_EQ(strategy_of(to_string(s)), s);
    EXPECT_FALSE(strategy_of("Random").has_value());
    EXPECT_FALSE(strategy_of("").has_value());
}

}  // namespace
}  // namespace tavolo::bots
