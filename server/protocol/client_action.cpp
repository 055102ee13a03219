#include "server/protocol/client_action.hpp"

#include <string>
#include <vector>

namespace tavolo::server::protocol {

namespace {

namespace pl = engine::polacco;

std::unexpected<Refusal> refuse(v1::ErrorCode code, std::string message) {
    return std::unexpected(Refusal{code, std::move(message)});
}

std::expected<engine::Command, Refusal> poker_command_of(const v1::PokerCommand& command) {
    switch (command.command_case()) {
        case v1::PokerCommand::kFold:
            return engine::Fold{};
        case v1::PokerCommand::kCheck:
            return engine::Check{};
        case v1::PokerCommand::kCall:
            return engine::Call{};
        case v1::PokerCommand::kShow:
            return engine::ShowCards{};
        case v1::PokerCommand::kBetOrRaiseTo: {
            const std::int64_t to = command.bet_or_raise_to();
            if (to <= 0 || to > engine::kMaxTotalChips)
                return refuse(v1::ERROR_CODE_ILLEGAL_AMOUNT,
                              "bet_or_raise_to is " + std::to_string(to) +
                                  ": name your total bet for the round, at least the legal min_to");
            return engine::BetOrRaiseTo{to};
        }
        case v1::PokerCommand::kDiscard: {
            const auto& faces = command.discard().cards();
            if (faces.size() > engine::kMaxHoleCards)
                return refuse(v1::ERROR_CODE_BAD_FIELD,
                              "a discard lists " + std::to_string(faces.size()) +
                                  " cards: list at most five of the cards you hold");
            std::vector<int> numbers;
            for (std::uint32_t face : faces) {
                if (!card_of(face))
                    return refuse(v1::ERROR_CODE_BAD_FIELD,
                                  "card " + std::to_string(face) + " is not a card: faces are 0..51");
                numbers.push_back(static_cast<int>(face));
            }
            auto discard = engine::discard_of(numbers);
            if (!discard) return std::unexpected(refusal_of(discard.error()));
            return *discard;
        }
        case v1::PokerCommand::COMMAND_NOT_SET:
            break;
    }
    return refuse(v1::ERROR_CODE_BAD_FIELD,
                  "the poker command is empty: fold, check, call, bet_or_raise_to, "
                  "discard or show");
}

std::expected<PolaccoCommand, Refusal> polacco_command_of(const v1::PolaccoCommand& command) {
    switch (command.command_case()) {
        case v1::PolaccoCommand::kChooseDirection: {
            const auto direction = direction_of(command.choose_direction());
            if (!direction)
                return refuse(v1::ERROR_CODE_BAD_FIELD,
                              "choose_direction names no direction: send "
                              "DIRECTION_CLOCKWISE or DIRECTION_ANTICLOCKWISE");
            return ChooseDirection{*direction};
        }
        case v1::PolaccoCommand::kDeclare: {
            const auto punto = punto_of(command.declare());
            if (!punto)
                return refuse(
                    v1::ERROR_CODE_BAD_FIELD,
                    "the Punto declared is not on the ladder: check its kind, ranks (0..12) and suit "
                    "(0..3)");
            return Declare{*punto};
        }
        case v1::PolaccoCommand::kDoubt:
            return Doubt{};
        case v1::PolaccoCommand::kPass:
            return Pass{};
        case v1::PolaccoCommand::COMMAND_NOT_SET:
            break;
    }
    return refuse(v1::ERROR_CODE_BAD_FIELD,
                  "the Polacco command is empty: choose_direction, declare, doubt or pass");
}

}  // namespace

std::expected<ClientAction, Refusal> action_of(const v1::Action& action, TableGame game) {
    if (!action.has_table() || action.table().tournament_id() <= 0 || action.table().table() < 0)
        return refuse(v1::ERROR_CODE_UNKNOWN_TABLE,
                      "the action names no table: set table to the TableRef of "
                      "the table's snapshot");
    if (action.hand() < 1 || action.decision() < 1)
        return refuse(v1::ERROR_CODE_BAD_FIELD,
                      "hand " + std::to_string(action.hand()) + ", decision " +
                          std::to_string(action.decision()) +
                          ": both start at 1; copy them from the latest snapshot or "
                          "decision");
    ClientAction out{table_of(action.table()), action.hand(), action.decision(), engine::Fold{}};
    switch (action.command_case()) {
        case v1::Action::kPoker: {
            if (game != TableGame::Poker)
                return refuse(v1::ERROR_CODE_BAD_FIELD,
                              "a poker command at a Poker Polacco table: send polacco");
            auto command = poker_command_of(action.poker());
            if (!command) return std::unexpected(std::move(command.error()));
            out.command = *command;
            return out;
        }
        case v1::Action::kPolacco: {
            if (game != TableGame::Polacco)
                return refuse(v1::ERROR_CODE_BAD_FIELD,
                              "a Poker Polacco command at a poker table: send poker");
            auto command = polacco_command_of(action.polacco());
            if (!command) return std::unexpected(std::move(command.error()));
            out.command = *command;
            return out;
        }
        case v1::Action::COMMAND_NOT_SET:
            break;
    }
    return refuse(v1::ERROR_CODE_BAD_FIELD, "the action has no command: set poker or polacco");
}

std::expected<pl::Events, pl::PolaccoError> act(pl::Hand& hand, pl::PlayerId player,
                                                const PolaccoCommand& command,
                                                engine::DecisionNumber decision) {
    struct Apply {
        pl::Hand& hand;
        pl::PlayerId player;
        engine::DecisionNumber decision;
        auto operator()(const ChooseDirection& c) const {
            return hand.choose_direction(player, c.direction, decision);
        }
        auto operator()(const Declare& c) const { return hand.declare(player, c.punto, decision); }
        auto operator()(const Doubt&) const { return hand.doubt(player, decision); }
        auto operator()(const Pass&) const { return hand.pass(player, decision); }
    };
    return std::visit(Apply{hand, player, decision}, command);
}

}  // namespace tavolo::server::protocol
