#include "engine/phh/replay.hpp"

#include "engine/phh/action.hpp"
#include "engine/phh/concat.hpp"
#include "engine/phh/deal_check.hpp"
#include "engine/phh/export.hpp"
#include "engine/phh/field_check.hpp"
#include "engine/phh/parser.hpp"
#include "engine/phh/shown_text.hpp"
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

ReplayResult failed_at(const HandHistory& history, std::size_t i, std::string_view reason) {
    ReplayResult r =
        failed(concat({"actions[", std::to_string(i), "] ", shown_text(history.actions[i]), ": ", reason}));
    if (i < history.action_lines.size()) r.line = history.action_lines[i];
    return r;
}

// One line of the history against the engine.
std::expected<void, std::string> replay_line(const Action& a, const TableMapping& mapping, Hand& hand,
                                             DealCheck& deals) {
    switch (a.type) {
        case ActionType::NoOp:
            return {};
        case ActionType::DealHole:
            return deals.claim_hole(a, hand);
        case ActionType::DealBoard:
            return deals.claim_board(a, hand);
        case ActionType::ShowMuck:
            return deals.check_show(a, hand);
        case ActionType::BringIn:
            return std::unexpected(std::string("Tavolo's games have no bring-in"));
        default:
            break;
    }
    if (auto ok = deals.all_claimed(hand, "before this action"); !ok) return ok;
    const SeatIndex seat = mapping.seat_of_player[static_cast<std::size_t>(a.player - 1)];
    if (hand.is_over()) return std::unexpected(std::string("the engine's hand is already over"));
    if (hand.to_act() != seat)
        return std::unexpected(concat({"the engine expects ", player_name(hand.to_act() + 1), " to act"}));
    Command command = Fold{};
    switch (a.type) {
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
    if (auto r = hand.act(seat, command); !r)
        return std::unexpected(concat({"refused by the engine: ", describe(r.error())}));
    if (a.type == ActionType::StandPatDiscard) deals.discard(a);
    if (auto ok = deals.observe(hand); !ok) return ok;
    if (hand.random_draws() > 0) {
        return std::unexpected(
            std::string("the engine had to pick a card at random, which a replay never does: the history "
                        "lacks cards the engine needs"));
    }
    return {};
}

// What each player collected from the middle: pots won plus an uncalled bet returned.
std::vector<Chips> winnings_by_seat(const Hand& hand) {
    std::vector<Chips> won(static_cast<std::size_t>(kMaxSeats), 0);
    for (const HandEvent& event : hand.events()) {
        if (const auto* pot = std::get_if<PotAwarded>(&event)) {
            for (int w = 0; w < pot->winners; ++w) {
                won[static_cast<std::size_t>(pot->seats[static_cast<std::size_t>(w)])] +=
                    pot->shares[static_cast<std::size_t>(w)];
            }
        } else if (const auto* back = std::get_if<UncalledReturned>(&event)) {
            won[static_cast<std::size_t>(back->seat)] += back->amount;
        }
    }
    return won;
}

// "p2 1001 (engine 1000), p3 999 (engine 1000)", or empty when every entry matches.
std::string differences(const std::vector<Decimal>& recorded, const std::vector<Chips>& engine) {
    if (recorded.size() != engine.size()) {
        return concat(
            {std::to_string(recorded.size()), " entries for ", std::to_string(engine.size()), " players"});
    }
    std::string out;
    for (std::size_t p = 0; p < engine.size(); ++p) {
        if (recorded[p] == Decimal::whole(engine[p])) continue;
        out += concat({out.empty() ? "" : ", ", player_name(static_cast<int>(p) + 1), " ",
                       recorded[p].to_string(), " (engine ", std::to_string(engine[p]), ")"});
    }
    return out;
}

ReplayResult compare_result(const HandHistory& history, const TableMapping& mapping, const Hand& hand,
                            ReplayOptions options) {
    ReplayResult result;
    const std::vector<Chips> won = winnings_by_seat(hand);
    for (const SeatIndex seat : mapping.seat_of_player) {
        result.engine_stacks.push_back(hand.stack(seat));
        result.engine_winnings.push_back(won[static_cast<std::size_t>(seat)]);
    }
    if (options.export_hand) {
        const HandSetup& setup = mapping.setup;
        std::vector<std::string> names(static_cast<std::size_t>(setup.table_size));
        if (!history.players.empty()) {
            for (std::size_t p = 0; p < mapping.seat_of_player.size(); ++p)
                names[static_cast<std::size_t>(mapping.seat_of_player[p])] = history.players[p];
        }
        result.exported =
            history_of_hand(hand, setup, history.players.empty() ? std::span<const std::string>{} : names);
    }
    if (options.keep_events) {
        result.events.assign(hand.events().begin(), hand.events().end());
        result.mapping = mapping;
    }
    std::string reason;
    if (auto d = differences(*history.finishing_stacks, result.engine_stacks); !d.empty())
        reason = concat({"finishing stacks differ: ", d});
    if (history.winnings) {
        if (auto d = differences(*history.winnings, result.engine_winnings); !d.empty())
            reason += concat({reason.empty() ? "" : "; ", "winnings differ: ", d});
    }
    result.outcome = reason.empty() ? Outcome::Passed : Outcome::Failed;
    result.reason = std::move(reason);
    return result;
}

}  // namespace

ReplayResult replay(const HandHistory& history, ReplayOptions options) {
    auto mapping = map_to_table(history);
    if (!mapping) return skipped(mapping.error().reason, mapping.error().detail);
    if (auto problem = check_optional_fields(history)) {
        ReplayResult r = failed(std::move(problem->reason));
        r.line = problem->line;
        return r;
    }

    std::vector<Action> actions;
    for (std::size_t i = 0; i < history.actions.size(); ++i) {
        auto a = parse_action(history.actions[i]);
        if (!a) return failed_at(history, i, a.error());
        if (a->player > history.player_count()) {
            return failed_at(history, i,
                             concat({player_name(a->player), " does not exist (",
                                     std::to_string(history.player_count()), " players)"}));
        }
        if (a->type == ActionType::CompleteBetRaise && !a->amount.is_whole()) {
            return skipped(SkipReason::FractionalChips,
                           concat({"actions[", std::to_string(i), "] ", shown_text(history.actions[i])}));
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
    if (auto problem = repeated_card(actions)) return failed_at(history, problem->index, problem->reason);
    if (auto problem = first_deal_problem(setup.variant, history.player_count(), actions))
        return failed_at(history, problem->index, problem->reason);
    auto deck = stacked_deck(setup.variant, actions);
    if (!deck) return failed(deck.error());

    // The deck holds every card the engine may deal; it draws its random words at the start like any
    // hand, but using one (hand.random_draws()) fails the replay.
    SeededRandom rng(0x7AB0'10'0ULL);
    Hand hand(setup, rng, *deck);
    if (auto ok = hand.setup_error(); !ok)
        return failed(concat({"the engine refused the setup: ", describe(ok.error())}));
    DealCheck deals(mapping->seat_of_player, deck->size());
    if (auto ok = deals.observe(hand); !ok) return failed(concat({"before the first action: ", ok.error()}));

    for (std::size_t i = 0; i < actions.size(); ++i) {
        if (auto ok = replay_line(actions[i], *mapping, hand, deals); !ok)
            return failed_at(history, i, ok.error());
    }
    if (!hand.is_over()) {
        return failed(concat({"the history ends before the hand does (the engine waits for ",
                              player_name(hand.to_act() + 1), ")"}));
    }
    if (auto ok = deals.all_claimed(hand, "by the end of the history"); !ok) return failed(ok.error());
    return compare_result(history, *mapping, hand, options);
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
