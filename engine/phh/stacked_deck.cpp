#include "engine/phh/stacked_deck.hpp"

#include <optional>

#include "engine/phh/concat.hpp"

namespace tavolo::engine::phh {

std::expected<std::vector<Card>, std::string> stacked_deck(Variant variant, std::span<const Action> actions) {
    std::vector<CardToken> order;
    int hole_runs = 0;
    std::size_t i = 0;
    while (i < actions.size()) {
        const Action& a = actions[i];
        if (a.type == ActionType::DealBoard) {
            if (variant == Variant::Holdem) order.push_back(std::nullopt);  // the burn
            order.insert(order.end(), a.cards.begin(), a.cards.end());
            ++i;
            continue;
        }
        if (a.type != ActionType::DealHole) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < actions.size() && actions[end].type == ActionType::DealHole)
            ++end;
        const std::span<const Action> run = actions.subspan(i, end - i);
        const bool player_by_player = variant == Variant::FiveCardDraw && hole_runs > 0;
        if (variant == Variant::FiveCardDraw && hole_runs == 1)
            order.push_back(std::nullopt);  // the draw's burn
        if (player_by_player) {
            for (const Action& d : run)
                order.insert(order.end(), d.cards.begin(), d.cards.end());
        } else {
            std::size_t rounds = 0;
            for (const Action& d : run)
                rounds = std::max(rounds, d.cards.size());
            for (std::size_t r = 0; r < rounds; ++r) {
                for (const Action& d : run) {
                    if (r < d.cards.size()) order.push_back(d.cards[r]);
                }
            }
        }
        ++hole_runs;
        i = end;
    }

    CardSet discarded;
    for (const Action& a : actions) {
        if (a.type != ActionType::StandPatDiscard) continue;
        for (const auto& c : a.cards) {
            if (c) discarded.insert(*c);
        }
    }
    CardSet used;
    for (const auto& c : order) {
        if (!c) continue;
        if (used.contains(*c)) {
            if (discarded.contains(*c)) {
                return std::unexpected(
                    concat({c->to_string(),
                            " is discarded and dealt again: the draw reshuffled the discards, "
                            "which is random and cannot be stacked"}));
            }
            return std::unexpected(concat({c->to_string(), " is dealt twice"}));
        }
        used.insert(*c);
    }
    if (order.size() > static_cast<std::size_t>(kDeckSize))
        return std::unexpected(std::string("more than 52 cards are dealt"));
    std::vector<Card> deck;
    int next_free = 0;
    for (const auto& c : order) {
        if (c) {
            deck.push_back(*c);
            continue;
        }
        while (used.contains(Card::from_index(next_free)))
            ++next_free;
        const Card filler = Card::from_index(next_free);
        used.insert(filler);
        deck.push_back(filler);
    }
    return deck;
}

}  // namespace tavolo::engine::phh
