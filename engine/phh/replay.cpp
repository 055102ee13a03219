#include "engine/phh/replay.hpp"

#include "engine/phh/action.hpp"
#include "engine/phh/concat.hpp"
#include "engine/phh/export.hpp"
#include "engine/phh/parser.hpp"
#include "engine/phh/stacked_deck.hpp"
#include "engine/phh/writer.hpp"
#include "engine/poker/hand.hpp"
#include "engine/random.hpp"

namespace tavolo::engine::phh {
namespace {

ReplayResult failed(std::string reason) {
    ReplayResult r;
    r.outcome = Outcome::Failed;
    r.reason = std::move(reason);
    return r;
}

ReplayResult skipped(SkipReason why, std::string detail) {
    ReplayResult r;
    r.outcome = Outcome::Skipped;
    r.skip_reason = why;
    r.reason = std::move(detail);
    return r;
}

std::string player_name(int p) {
    return concat({"p", std::to_string(p)});
}

// A player whose hidden cards could decide the result: dealt `??` and never folds, or who
// discards hidden cards; 0 for hidden board cards.
std::optional<int> hidden_contender(const std::vector<Action>& actions) {
    for (const Action& a : actions) {
        if (a.type == ActionType::DealBoard && a.has_unknown_cards()) return 0;
        // A hidden discard cannot be made at all: which cards went is unknown.
        if (a.type == ActionType::StandPatDiscard && a.has_unknown_cards()) return a.player;
        if (a.type != ActionType::DealHole || !a.has_unknown_cards()) continue;
        bool folds = false;
        for (const Action& b : actions)
            folds = folds || (b.type == ActionType::Fold && b.player == a.player);
        if (!folds) return a.player;
    }
    return std::nullopt;
}

}  // namespace

ReplayResult replay(const HandHistory& history, ReplayOptions options) {
    auto mapping = map_to_table(history);
    if (!mapping) return skipped(mapping.error().reason, mapping.error().detail);

    std::vector<Action> actions;
    for (std::size_t i = 0; i < history.actions.size(); ++i) {
        auto a = parse_action(history.actions[i]);
        if (!a) return failed(concat({"actions[", std::to_string(i), "]: ", a.error()}));
        if (a->type == ActionType::CompleteBetRaise && !a->amount.is_whole()) {
            return skipped(SkipReason::FractionalChips,
                           concat({"actions[", std::to_string(i), "] '", history.actions[i], "'"}));
        }
        actions.push_back(std::move(*a));
    }
    if (auto p = hidden_contender(actions)) {
        return skipped(SkipReason::UnknownCards,
                       *p == 0 ? std::string("hidden board cards")
                               : concat({"hidden cards of ", player_name(*p),
                                         " that the replay needs (shown down or discarded)"}));
    }

    const HandSetup& setup = mapping->setup;
    auto deck = stacked_deck(setup.variant, actions);
    if (!deck) return failed(deck.error());

    SeededRandom rng(0x7AB0'10'0ULL);  // only shuffles what the history never shows
    Hand hand(setup, rng, *deck);
    if (auto ok = hand.setup_error(); !ok)
        return failed(concat({"the engine refused the setup: ", describe(ok.error())}));

    for (std::size_t i = 0; i < actions.size(); ++i) {
        const Action& a = actions[i];
        const auto where = [&] {
            return concat({"actions[", std::to_string(i), "] '", history.actions[i], "': "});
        };
        switch (a.type) {
            case ActionType::DealHole:
            case ActionType::DealBoard:
            case ActionType::ShowMuck:
            case ActionType::NoOp:
                continue;
            case ActionType::BringIn:
                return failed(concat({where(), "Tavolo's games have no bring-in"}));
            default:
                break;
        }
        const SeatIndex seat = mapping->seat_of_player[static_cast<std::size_t>(a.player - 1)];
        if (hand.is_over()) return failed(concat({where(), "the engine's hand is already over"}));
        if (hand.to_act() != seat) {
            return failed(
                concat({where(), "the engine expects ", player_name(hand.to_act() + 1), " to act"}));
        }
        Command command = Fold{};
        switch (a.type) {
            case ActionType::Fold:
                command = Fold{};
                break;
            case ActionType::CheckCall:
                if (hand.legal_actions().may_check) {
                    command = Check{};
                } else {
                    command = Call{};
                }
                break;
            case ActionType::CompleteBetRaise:
                command = BetOrRaiseTo{*a.amount.chips()};
                break;
            case ActionType::StandPatDiscard: {
                CardSet cards;
                for (const auto& c : a.cards)
                    cards.insert(*c);
                command = Discard{cards};
                break;
            }
            default:
                break;
        }
        if (auto r = hand.act(seat, command); !r) {
            return failed(concat({where(), "refused by the engine: ", describe(r.error())}));
        }
    }
    if (!hand.is_over()) {
        return failed(concat({"the history ends before the hand does (the engine waits for ",
                              player_name(hand.to_act() + 1), ")"}));
    }

    ReplayResult result;
    const auto& expected = *history.finishing_stacks;
    std::string differences;
    for (std::size_t p = 0; p < mapping->seat_of_player.size(); ++p) {
        const Chips engine = hand.stack(mapping->seat_of_player[p]);
        result.engine_stacks.push_back(engine);
        const Chips recorded = *expected[p].chips();
        if (engine != recorded) {
            differences += concat({differences.empty() ? "" : ", ", player_name(static_cast<int>(p) + 1), " ",
                                   std::to_string(recorded), " (engine ", std::to_string(engine), ")"});
        }
    }
    if (options.export_hand) {
        std::vector<std::string> names(static_cast<std::size_t>(setup.table_size));
        if (!history.players.empty()) {
            for (std::size_t p = 0; p < mapping->seat_of_player.size(); ++p) {
                names[static_cast<std::size_t>(mapping->seat_of_player[p])] = history.players[p];
            }
        }
        result.exported =
            history_of_hand(hand, setup, history.players.empty() ? std::span<const std::string>{} : names);
    }
    if (!differences.empty()) {
        result.outcome = Outcome::Failed;
        result.reason = concat({"finishing stacks differ: ", differences});
        return result;
    }
    result.outcome = Outcome::Passed;
    return result;
}

std::string check_export(const ReplayResult& replayed) {
    if (!replayed.exported) return "the replayed hand was not exported";
    const std::string text = write_hand(*replayed.exported);
    auto again = parse_hand(text);
    if (!again) return concat({"the exported hand does not read back: ", again.error().to_string()});
    const auto second = replay(*again);
    if (second.outcome != Outcome::Passed)
        return concat({"the exported hand does not replay: ", second.reason});
    if (second.engine_stacks != replayed.engine_stacks) return "the exported hand replays to other stacks";
    return {};
}

}  // namespace tavolo::engine::phh
