#pragma once
// What a player (or the clock) asks of a hand: plain records. Every betting command names a total,
// never a delta: BetOrRaiseTo{600} means "my bet this round becomes 600".
#include <expected>
#include <span>
#include <variant>

#include "engine/cards.hpp"
#include "engine/poker/rule_error.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

struct Fold {};
struct Check {};
struct Call {};
struct BetOrRaiseTo {
    Chips amount = 0;  // the player's total bet this round after the action
};
struct Discard {
    CardSet cards;  // 0..5 cards from the player's hand; empty = stand pat
};
// The winner of a pot won without showdown shows the hand (after the hand, before the next).
struct ShowCards {};
// The action clock ran out: fold, or check when checking is free; in the draw, stand pat.
struct Timeout {};

using Command = std::variant<Fold, Check, Call, BetOrRaiseTo, Discard, ShowCards, Timeout>;

// A Discard from the card numbers a client listed (Card::index(), 0..51), checked before any card
// is built from them: a number outside 0..51 is NotACard, a card listed twice is DuplicateCard (a
// set would silently drop it and exchange fewer cards than asked). Whether the player holds them
// is the hand's question (RuleError::BadDiscard).
std::expected<Discard, RuleError> discard_of(std::span<const int> card_numbers);

}  // namespace tavolo::engine
