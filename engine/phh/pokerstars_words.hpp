#pragma once
// The words of a PokerStars-style hand history (pokerstars_text.hpp): game names, levels in roman
// numerals, street headers, card lists and hands as the room names them at showdown.
#include <span>
#include <string>

#include "engine/cards.hpp"
#include "engine/eval/hand_value.hpp"
#include "engine/poker/hand_setup.hpp"

namespace tavolo::engine::phh {

// "Hold'em No Limit", "5 Card Stud Pot Limit", "5 Card Draw Limit".
std::string stars_game_name(Variant variant, Betting betting);
// 1 -> "I", 14 -> "XIV" (1 to 3999; anything else as decimal digits).
std::string roman_numeral(int value);
// "[Ah Kd]"; "[]" for none.
std::string stars_cards(std::span<const Card> cards);
// "high card Ace", "a pair of Aces", "two pair, Aces and Kings", "three of a kind, Sevens",
// "a straight, Ten to Ace", "a flush, Ace high", "a full house, Kings full of Nines",
// "four of a kind, Aces", "a straight flush, Five to Nine", "a Royal Flush"; "" for HandValue{}.
std::string stars_hand_name(HandValue value);
// Where a player folded, as the summary says it: "before Flop", "on the Flop", "on the Turn",
// "on the River"; stud "on the 2nd Street" ... "on the 5th Street"; draw "before the Draw",
// "after the Draw".
std::string stars_fold_street(Variant variant, int street);

}  // namespace tavolo::engine::phh
