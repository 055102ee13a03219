#pragma once
// A client's v1::Action as an engine command with the hand and decision it answers, checked for
// everything the message alone can tell (a table named, positive hand and decision numbers, a command
// of the table's game, amounts and cards in range, a Punto on the ladder). What only the hand can
// judge (whose turn, the current decision, the legal amounts) is the engine's: the table actor acts
// with the decision number and maps the engine's refusal with refusal_of().
#include <expected>
#include <variant>

#include "engine/decision.hpp"
#include "engine/poker/commands.hpp"
#include "engine/polacco/hand.hpp"
#include "server/protocol/refusal.hpp"
#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::protocol {

// Poker Polacco's commands as records (the engine's Hand has one member function per command).
struct ChooseDirection {
    engine::polacco::Direction direction = engine::polacco::Direction::Clockwise;
};
struct Declare {
    engine::polacco::Punto punto = engine::polacco::Punto::lowest();
};
struct Doubt {};
struct Pass {};
using PolaccoCommand = std::variant<ChooseDirection, Declare, Doubt, Pass>;

// The game a table plays, as far as its commands go.
enum class TableGame { Poker, Polacco };

struct ClientAction {
    TableAddress table;
    engine::HandId hand = 0;
    engine::DecisionNumber decision = 0;
    std::variant<engine::Command, PolaccoCommand> command;
};

// The action, or why it is refused: UNKNOWN_TABLE (no table named), BAD_FIELD (no command, hand or
// decision below 1, a command of the other game, a card outside 0..51 or listed twice, more than five
// discards, an unknown direction, a Punto off the ladder), ILLEGAL_AMOUNT (a bet or raise of no chips,
// or above the engine's limit on any total).
std::expected<ClientAction, Refusal> action_of(const v1::Action& action, TableGame game);

// Applies a Polacco command to the hand, naming the decision it answers.
std::expected<engine::polacco::Events, engine::polacco::PolaccoError> act(engine::polacco::Hand& hand,
                                                                          engine::polacco::PlayerId player,
                                                                          const PolaccoCommand& command,
                                                                          engine::DecisionNumber decision);

}  // namespace tavolo::server::protocol
