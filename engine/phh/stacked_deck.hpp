#pragma once
// The deck a replay stacks so the engine deals exactly the cards of a hand history, in the
// engine's deal order (engine/poker/hand.hpp, DEAL ORDER), whatever order the file lists them in.
// PHH writes one `d dh pN CARDS` per player and street and one `d db CARDS` per board street:
//   - a *deal block* is a run of deal lines between two player actions (f, cc, cbr, sd, pb); show
//     lines (`sm`) do not end it, since after an all-in the shows come before the rest of the board;
//   - in a block, the k-th line naming a player is that player's k-th street of the block (an all-in
//     runout deals several stud streets in one block); each street goes out one round at a time
//     (every player's first card, then every second card, ...), players in position order (p1 is the
//     first player left of the button, who is dealt first), whatever order the lines are in;
//   - in draw games the replacements after the first block are dealt to each player at once;
//   - hold'em burns one card before each board street, draw one before the draw (always, once the
//     cards are dealt: the engine burns it even when everyone stands pat), stud none.
// Burn cards and cards written `??` are filled with cards nobody was dealt, lowest first.
//
// The deck only says which card comes next: whether each line names the right player, street and
// number of cards is checked against the engine's own deals during the replay (deal_check.hpp).
#include <expected>
#include <span>
#include <string>
#include <vector>

#include "engine/cards.hpp"
#include "engine/phh/action.hpp"
#include "engine/poker/hand_setup.hpp"

namespace tavolo::engine::phh {

// The reason is a sentence ("Ah is dealt twice").
std::expected<std::vector<Card>, std::string> stacked_deck(Variant variant, std::span<const Action> actions);

}  // namespace tavolo::engine::phh
