// A client's Action as an engine command (issue 10): malformed ones are refused with the protocol's
// code before they reach a hand; the hand's own refusals (stale decision, out of turn, amount out of
// range) map onto the same codes.
#include <gtest/gtest.h>

#include "server/protocol/client_action.hpp"
#include "tests/engine/poker/hand_fixture.hpp"

namespace tavolo::server::protocol {
namespace {

namespace pl = engine::polacco;

v1::Action poker_action() {
    v1::Action action;
    action.mutable_table()->set_tournament_id(9);
    action.mutable_table()->set_table(1);
    action.set_hand(3);
    action.set_decision(2);
    action.mutable_poker()->mutable_call();
    return action;
}

v1::ErrorCode code_of(const v1::Action& action, TableGame game = TableGame::Poker) {
    const auto parsed = action_of(action, game);
    if (parsed) return v1::ERROR_CODE_UNSPECIFIED;
    EXPECT_FALSE(parsed.error().message.empty());
    return parsed.error().code;
}

TEST(ClientAction, AWellFormedPokerActionNamesTableHandDecisionAndCommand) {
    v1::Action action = poker_action();
    action.mutable_poker()->set_bet_or_raise_to(600);
    const auto parsed = action_of(action, TableGame::Poker);
    ASSERT_TRUE(parsed.has_value());
    EXPECT_EQ(parsed->table, (TableAddress{9, 1}));
    EXPECT_EQ(parsed->hand, 3);
    EXPECT_EQ(parsed->decision, 2);
    const auto& command = std::get<engine::Command>(parsed->command);
    ASSERT_TRUE(std::holds_alternative<engine::BetOrRaiseTo>(command));
    EXPECT_EQ(std::get<engine::BetOrRaiseTo>(command).amount, 600);
}

TEST(ClientAction, EachPokerCommandBecomesItsEngineCommand) {
    const auto command_of = [](void (*set)(v1::PokerCommand*)) {
        v1::Action action = poker_action();
        set(action.mutable_poker());
        return std::get<engine::Command>(action_of(action, TableGame::Poker).value().command);
    };
    EXPECT_TRUE(
        std::holds_alternative<engine::Fold>(command_of([](v1::PokerCommand* c) { c->mutable_fold(); })));
    EXPECT_TRUE(
        std::holds_alternative<engine::Check>(command_of([](v1::PokerCommand* c) { c->mutable_check(); })));
    EXPECT_TRUE(
        std::holds_alternative<engine::Call>(command_of([](v1::PokerCommand* c) { c->mutable_call(); })));
    EXPECT_TRUE(std::holds_alternative<engine::ShowCards>(
        command_of([](v1::PokerCommand* c) { c->mutable_show(); })));
    const engine::Command discard = command_of([](v1::PokerCommand* c) {
        c->mutable_discard()->add_cards(51);
        c->mutable_discard()->add_cards(0);
    });
    ASSERT_TRUE(std::holds_alternative<engine::Discard>(discard));
    EXPECT_EQ(std::get<engine::Discard>(discard).cards.size(), 2);
    EXPECT_TRUE(std::get<engine::Discard>(discard).cards.contains(*engine::Card::parse("As")));
    const engine::Command stand_pat = command_of([](v1::PokerCommand* c) { c->mutable_discard(); });
    EXPECT_EQ(std::get<engine::Discard>(stand_pat).cards.size(), 0);
}

TEST(ClientAction, AnActionNamingNoTableIsRefusedAsUnknownTable) {
    v1::Action action = poker_action();
    action.clear_table();
    EXPECT_EQ(code_of(action), v1::ERROR_CODE_UNKNOWN_TABLE);
    action = poker_action();
    action.mutable_table()->set_table(-1);
    EXPECT_EQ(code_of(action), v1::ERROR_CODE_UNKNOWN_TABLE);
}

TEST(ClientAction, MissingOrOutOfRangeFieldsAreRefusedAsBadField) {
    v1::Action action = poker_action();
    action.set_hand(0);
    EXPECT_EQ(code_of(action), v1::ERROR_CODE_BAD_FIELD);
    action = poker_action();
    action.set_decision(-4);
    EXPECT_EQ(code_of(action), v1::ERROR_CODE_BAD_FIELD);
    action = poker_action();
    action.clear_poker();
    EXPECT_EQ(code_of(action), v1::ERROR_CODE_BAD_FIELD);
    action = poker_action();
    action.mutable_poker()->clear_command();
    EXPECT_EQ(code_of(action), v1::ERROR_CODE_BAD_FIELD);
    // A command of the other game.
    EXPECT_EQ(code_of(poker_action(), TableGame::Polacco), v1::ERROR_CODE_BAD_FIELD);
}

TEST(ClientAction, DiscardsOutsideTheDeckOrListedTwiceAreRefusedAsBadField) {
    v1::Action action = poker_action();
    action.mutable_poker()->mutable_discard()->add_cards(52);
    EXPECT_EQ(code_of(action), v1::ERROR_CODE_BAD_FIELD);
    action = poker_action();
    action.mutable_poker()->mutable_discard()->add_cards(7);
    action.mutable_poker()->mutable_discard()->add_cards(7);
    EXPECT_EQ(code_of(action), v1::ERROR_CODE_BAD_FIELD);
    action = poker_action();
    for (std::uint32_t c = 0; c < 6; ++c)
        action.mutable_poker()->mutable_discard()->add_cards(c);
    EXPECT_EQ(code_of(action), v1::ERROR_CODE_BAD_FIELD);
}

TEST(ClientAction, ABetOfNoChipsOrPastTheLimitIsRefusedAsIllegalAmount) {
    for (std::int64_t amount : {std::int64_t{0}, std::int64_t{-50}, engine::kMaxTotalChips + 1}) {
        v1::Action action = poker_action();
        action.mutable_poker()->set_bet_or_raise_to(amount);
        EXPECT_EQ(code_of(action), v1::ERROR_CODE_ILLEGAL_AMOUNT) << amount;
    }
}

v1::Action polacco_action() {
    v1::Action action = poker_action();
    action.mutable_polacco()->mutable_doubt();
    return action;
}

TEST(ClientAction, PolaccoCommandsAreCheckedForDirectionAndLadder) {
    EXPECT_TRUE(std::holds_alternative<Doubt>(
        std::get<PolaccoCommand>(action_of(polacco_action(), TableGame::Polacco).value().command)));
    EXPECT_EQ(code_of(polacco_action(), TableGame::Poker), v1::ERROR_CODE_BAD_FIELD);

    v1::Action action = polacco_action();
    action.mutable_polacco()->set_choose_direction(v1::DIRECTION_UNSPECIFIED);
    EXPECT_EQ(code_of(action, TableGame::Polacco), v1::ERROR_CODE_BAD_FIELD);

    const auto declare = [](v1::PuntoKind kind, std::uint32_t primary, std::uint32_t secondary,
                            std::uint32_t suit) {
        v1::Action a = polacco_action();
        v1::Punto* p = a.mutable_polacco()->mutable_declare();
        p->set_kind(kind);
        p->set_primary_rank(primary);
        p->set_secondary_rank(secondary);
        p->set_suit(suit);
        return a;
    };
    EXPECT_EQ(code_of(declare(v1::PUNTO_KIND_PAIR, 5, 5, 0), TableGame::Polacco), v1::ERROR_CODE_UNSPECIFIED);
    EXPECT_EQ(code_of(declare(v1::PUNTO_KIND_UNSPECIFIED, 5, 5, 0), TableGame::Polacco),
              v1::ERROR_CODE_BAD_FIELD);
    EXPECT_EQ(code_of(declare(v1::PUNTO_KIND_PAIR, 13, 13, 0), TableGame::Polacco), v1::ERROR_CODE_BAD_FIELD);
    EXPECT_EQ(code_of(declare(v1::PUNTO_KIND_TWO_PAIR, 9, 9, 0), TableGame::Polacco),
              v1::ERROR_CODE_BAD_FIELD);
    EXPECT_EQ(code_of(declare(v1::PUNTO_KIND_STRAIGHT, 1, 1, 0), TableGame::Polacco),
              v1::ERROR_CODE_BAD_FIELD);
    EXPECT_EQ(code_of(declare(v1::PUNTO_KIND_STRAIGHT_FLUSH, 12, 12, 4), TableGame::Polacco),
              v1::ERROR_CODE_BAD_FIELD);
    EXPECT_EQ(code_of(declare(static_cast<v1::PuntoKind>(40), 5, 5, 0), TableGame::Polacco),
              v1::ERROR_CODE_BAD_FIELD);
}

// The hand's refusals, for an action that passed the message checks.
// The whole path of a client's action: the message parsed, then acted with the decision it names; the
// hand's refusal mapped to the protocol's code.
v1::ErrorCode played(engine::Hand& hand, engine::SeatIndex seat, v1::Action action) {
    const auto parsed = action_of(action, TableGame::Poker);
    if (!parsed) return parsed.error().code;
    auto done = hand.act(seat, std::get<engine::Command>(parsed->command), parsed->decision);
    return done ? v1::ERROR_CODE_UNSPECIFIED : refusal_of(done.error()).code;
}

TEST(ClientAction, TheHandsRefusalsMapToStaleDecisionNotYourTurnAndIllegalAmount) {
    using namespace engine;
    SeededRandom rng(3);
    Hand hand(engine::testing::make_setup(Variant::Holdem, Betting::NoLimit, {1000, 1000, 1000}, 5, 10), rng);
    ASSERT_TRUE(hand.setup_error().has_value());
    const LegalActions la = hand.legal_actions();
    const auto action = [&](DecisionNumber decision, void (*set)(v1::PokerCommand*, const LegalActions&)) {
        v1::Action a = poker_action();
        a.set_hand(hand.hand_id());
        a.set_decision(decision);
        set(a.mutable_poker(), la);
        return a;
    };
    const auto call = [](v1::PokerCommand* c, const LegalActions&) { c->mutable_call(); };

    EXPECT_EQ(played(hand, la.seat, action(la.decision + 1, call)), v1::ERROR_CODE_STALE_DECISION);
    EXPECT_EQ(played(hand, (la.seat + 1) % 3, action(la.decision, call)), v1::ERROR_CODE_NOT_YOUR_TURN);
    EXPECT_EQ(
        played(hand, la.seat,
               action(la.decision, [](v1::PokerCommand* c,
                                      const LegalActions& l) { c->set_bet_or_raise_to(l.max_to + 1); })),
        v1::ERROR_CODE_ILLEGAL_AMOUNT);
    EXPECT_EQ(
        played(hand, la.seat,
               action(la.decision, [](v1::PokerCommand* c,
                                      const LegalActions& l) { c->set_bet_or_raise_to(l.min_to - 1); })),
        v1::ERROR_CODE_ILLEGAL_AMOUNT);
    EXPECT_EQ(
        played(hand, la.seat,
               action(la.decision, [](v1::PokerCommand* c, const LegalActions&) { c->mutable_check(); })),
        v1::ERROR_CODE_ILLEGAL_ACTION);
    EXPECT_EQ(hand.decision(), la.decision) << "a refused action changed the hand";

    // Applied once: the same action again (a double click, a resend after a reconnect) is stale.
    EXPECT_EQ(played(hand, la.seat, action(la.decision, call)), v1::ERROR_CODE_UNSPECIFIED);
    EXPECT_EQ(played(hand, la.seat, action(la.decision, call)), v1::ERROR_CODE_STALE_DECISION);
}

TEST(ClientAction, APolaccoCommandNamingAnOldDecisionIsStale) {
    pl::HandSetup setup;
    setup.hand_number = 1;
    setup.players = {{1, 0, true}, {2, 0, true}, {3, 0, true}};
    setup.first_speaker = 1;
    engine::SeededRandom rng(7);
    auto hand = pl::Hand::start(setup, rng);
    ASSERT_TRUE(hand.has_value());
    const pl::LegalActions legal = hand->legal_actions();
    ASSERT_TRUE(legal.choose_direction);
    auto stale = act(*hand, legal.player, ChooseDirection{pl::Direction::Clockwise}, legal.decision + 1);
    ASSERT_FALSE(stale.has_value());
    EXPECT_EQ(refusal_of(stale.error()).code, v1::ERROR_CODE_STALE_DECISION);
    auto wrong_player = act(*hand, 2, ChooseDirection{pl::Direction::Clockwise}, legal.decision);
    ASSERT_FALSE(wrong_player.has_value());
    EXPECT_EQ(refusal_of(wrong_player.error()).code, v1::ERROR_CODE_NOT_YOUR_TURN);
    ASSERT_TRUE(
        act(*hand, legal.player, ChooseDirection{pl::Direction::Clockwise}, legal.decision).has_value());
}

}  // namespace
}  // namespace tavolo::server::protocol
