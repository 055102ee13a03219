#pragma once
// A played hand as a PHH hand history, built from the engine's events (the single source of truth,
// DESIGN.md): players in position order (p1 is the first dealt-in seat clockwise from the button,
// the last is the button), forced bets per position (reversed heads-up, as the standard does),
// one `d dh` per player and street, one `d db` per board street, each action with its total
// (`cbr` is the bet *to*), `sd` with the discarded cards, `sm` for shown and mucked hands, and
// the finishing stacks. Also written: `hand` (the hand id), `seats` (1-based seat numbers) and
// `seat_count`.
#include <span>
#include <string>

#include "engine/phh/hand_history.hpp"
#include "engine/poker/hand.hpp"

namespace tavolo::engine::phh {

// The hand must have been played with events recorded (HandOptions::record_events). names_by_seat,
// when given, is indexed by seat and becomes `players`. A hand still in progress gives the actions
// so far and no finishing stacks.
HandHistory history_of_hand(const Hand& hand, const HandSetup& setup,
                            std::span<const std::string> names_by_seat = {});

}  // namespace tavolo::engine::phh
