#include "engine/phh/stacked_deck.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "engine/phh/concat.hpp"

namespace tavolo::engine::phh {
namespace {

bool is_deal(const Action& a) {
    return a.type == ActionType::DealHole || a.type == ActionType::DealBoard;
}

// Lines that neither deal nor end a deal block.
bool is_passive(const Action& a) {
    return a.type == ActionType::ShowMuck || a.type == ActionType::NoOp;
}

using Order = std::vector<CardToken>;

// One street's hole cards, round by round, players in position order.
void deal_rounds(std::map<int, std::vector<CardToken>> by_player, Order& order) {
    std::size_t rounds = 0;
    for (const auto& [player, cards] : by_player)
        rounds = std::max(rounds, cards.size());
    for (std::size_t r = 0; r < rounds; ++r) {
        for (const auto& [player, cards] : by_player) {
            if (r < cards.size()) order.push_back(cards[r]);
        }
    }
}

// One deal block: its hole streets (the k-th line of a player is the player's k-th street here),
// then its board streets in file order.
void deal_block(Variant variant, std::span<const Action> block, bool first_block, Order& order) {
    std::vector<std::map<int, std::vector<CardToken>>> streets;
    std::map<int, std::size_t> appearances;
    for (const Action& a : block) {
        if (a.type != ActionType::DealHole) continue;
        const std::size_t k = appearances[a.player]++;
        if (streets.size() <= k) streets.resize(k + 1);
        auto& cards = streets[k][a.player];
        cards.insert(cards.end(), a.cards.begin(), a.cards.end());
    }
    const bool player_by_player = variant == Variant::FiveCardDraw && !first_block;
    for (auto& street : streets) {
        if (!player_by_player) {
            deal_rounds(std::move(street), order);
            continue;
        }
        for (const auto& [player, cards] : street)
            order.insert(order.end(), cards.begin(), cards.end());
    }
    for (const Action& a : block) {
        if (a.type != ActionType::DealBoard) continue;
        if (variant == Variant::Holdem) order.push_back(std::nullopt);  // the burn
        order.insert(order.end(), a.cards.begin(), a.cards.end());
    }
}

Order deal_order(Variant variant, std::span<const Action> actions) {
    Order order;
    bool first_block = true;
    std::size_t i = 0;
    while (i < actions.size()) {
        if (!is_deal(actions[i])) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < actions.size() && (is_deal(actions[end]) || is_passive(actions[end])))
            ++end;
        deal_block(variant, actions.subspan(i, end - i), first_block, order);
        if (first_block && variant == Variant::FiveCardDraw)
            order.push_back(std::nullopt);  // the draw's burn
        first_block = false;
        i = end;
    }
    return order;
}

}  // namespace

std::expected<std::vector<Card>, std::string> stacked_deck(Variant variant, std::span<const Action> actions) {
    const Order order = deal_order(variant, actions);

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
