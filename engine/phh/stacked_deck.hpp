#pragma once
// The deck a replay stacks so the engine deals exactly the cards of a hand history, in the
// engine's deal order (engine/poker/hand.hpp, DEAL ORDER). PHH writes one `d dh pN CARDS` per player
// and street and one `d db CARDS` per board street; the engine deals round by round:
//   - a run of consecutive `d dh` actions is one street: its cards go out one round at a time
//     (every player's first card, then every second card, ...), players in position order, which
//     is the engine's order (p1 is the first player left of the button);
//   - in draw games the replacements after the first street are dealt to each player at once,
//     so a later run goes out player by player;
//   - hold'em burns one card before each board street, draw one before the draw, stud none.
// Burn cards and cards written `??` are filled with cards nobody was dealt, lowest first.
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
