#pragma once
// PHH action notation, one string per action (`actions = [...]`):
//   d dh pN CARDS   deal hole cards to player N ("????" for unknown cards)
//   d db CARDS      deal board cards
//   pN pb           post the bring-in
//   pN cbr AMOUNT   complete, bet or raise TO amount (the player's total for the street)
//   pN cc           check or call
//   pN f            fold
//   pN sd [CARDS]   stand pat, or discard these cards
//   pN sm [CARDS]   show these cards, or muck (no cards)
// Any of them may end with "# commentary"; a string that is only a commentary (or empty) is a no-op.
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/cards.hpp"
#include "engine/phh/decimal.hpp"

namespace tavolo::engine::phh {

enum class ActionType {
    DealHole,
    DealBoard,
    BringIn,
    CompleteBetRaise,
    CheckCall,
    Fold,
    StandPatDiscard,
    ShowMuck,
    NoOp
};

// nullopt: a card written as "??" (unknown to the annotator).
using CardToken = std::optional<Card>;

struct Action {
    ActionType type = ActionType::NoOp;
    int player = 0;  // 1-based player (pN); 0 for the dealer's board deals and no-ops
    std::vector<CardToken> cards;
    Decimal amount;  // CompleteBetRaise only
    std::string commentary;

    bool has_unknown_cards() const;
    friend bool operator==(const Action&, const Action&) = default;
};

// "AsKd", "????", "Ac??"; nullopt when any pair is not a card.
std::optional<std::vector<CardToken>> parse_card_tokens(std::string_view text);
// A player as PHH names him: 3 -> "p3".
std::string player_name(int player);
std::string format_card_tokens(const std::vector<CardToken>& cards);

// The reason is a sentence for an error message ("unknown action 'xx'").
std::expected<Action, std::string> parse_action(std::string_view text);
std::string format_action(const Action& action);

}  // namespace tavolo::engine::phh
