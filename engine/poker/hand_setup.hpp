#pragma once
// What the table tells a poker hand before it starts: the contract between the table layer
// (engine/table: who sits where, button and blind movement, RULES.md §4) and the hand state
// machine (engine/poker: one hand, RULES.md §1-3).
#include <vector>

#include "engine/types.hpp"

namespace tavolo::engine {

enum class Variant { Holdem, FiveCardStud, FiveCardDraw };
enum class Betting { NoLimit, PotLimit, Limit };
enum class AnteMode { None, Classic, BigBlind };

struct SeatSetup {
    SeatIndex seat = kNoSeat;
    Chips stack = 0;
    // Sitting out or disconnected: dealt in, posts, then folded at once (checked when free), no clock.
    bool auto_act = false;
    // Player setting: show the hand at showdown even when it cannot win (RULES.md §3).
    bool always_show = false;
};

struct HandSetup {
    HandId hand_id = 0;
    Variant variant = Variant::Holdem;
    Betting betting = Betting::NoLimit;
    Chips small_blind = 0;
    Chips big_blind = 0;
    Chips ante = 0;
    AnteMode ante_mode = AnteMode::None;
    int table_size = 10;  // seats are 0..table_size-1, clockwise
    // Players dealt in, ascending seat order. Seats not listed are empty or waiting. Their stacks add
    // up to at most kMaxTotalChips, and no blind or ante is above it (verify_setup_limits).
    std::vector<SeatSetup> seats;
    // The button's seat; may be a seat that is not dealt in (the button stays with a departed player).
    SeatIndex button = kNoSeat;
    // kNoSeat: no small blind is posted this hand (RULES.md §4).
    SeatIndex small_blind_seat = kNoSeat;
    SeatIndex big_blind_seat = kNoSeat;
};

}  // namespace tavolo::engine
