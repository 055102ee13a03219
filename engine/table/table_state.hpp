#pragma once
// Everything a table holds between hands (RULES.md §4, §6), as a plain copyable value: what a server
// saves after each hand and restores after a restart (§7: the state at the end of the last correctly
// completed hand counts). Table::snapshot() produces it, Table::restore() checks it and brings it back;
// table_state_text.hpp turns it into versioned text and back.
#include <expected>
#include <vector>

#include "engine/table/table_player.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

// Who held a position in the last hand: the seat and its occupant then (so the next hand knows whether
// that player is still here: the dead small blind, the button that stays, §4).
struct PositionHolder {
    SeatIndex seat = kNoSeat;
    EntrantId entrant = kNoEntrant;
    bool operator==(const PositionHolder&) const = default;
};

struct SeatState {
    SeatIndex seat = kNoSeat;
    TablePlayer player;  // stack, sitting out, disconnected, exclusion hands left, waiting, busted
    Chips start_chips =
        0;  // the stack at the start of the last hand: ranks a busted player settled later (§6)
    bool operator==(const SeatState&) const = default;
};

struct TableState {
    int size = kMaxTableSize;
    std::vector<SeatState> seats;  // occupied seats; snapshot() lists them by seat, ascending
    bool started = false;  // a hand was played since the button was drawn (else the first hand is next)
    HandId hands_played = 0;
    PositionHolder button;            // the button of the last hand (before the first: the drawn one)
    PositionHolder last_small_blind;  // kNoSeat: none was posted (a dead small blind)
    PositionHolder last_big_blind;
    bool rebuy_window = false;
    bool operator==(const TableState&) const = default;
};

// Why a state cannot be restored. Each is a state no sequence of Table operations can produce.
enum class TableStateError {
    HandInProgress,       // restore() on a table playing a hand: finish or void it first
    TableSizeOutOfRange,  // a table has 2 to 10 seats
    SeatOutOfRange,       // a seat, or a position's seat, outside the table
    SeatListedTwice,      // two seat entries for one seat
    InvalidEntrant,       // an occupant or position holder with an id below zero
    EntrantSeatedTwice,   // one entrant in two seats
    NegativeChips,        // a stack or start stack below zero
    ChipsOverLimit,  // a stack or start stack above kMaxTotalChips (no table sits one; sums would overflow)
    BustedMismatch,  // a player without chips must be busted (may re-buy), and a busted one has none
    NegativeExclusion,      // exclusion hands left below zero
    HandsPlayedOutOfRange,  // a hand count below zero, or at the 64-bit maximum (the next hand would overflow
                            // it)
    HolderMismatch,         // a blind with a seat but no holder, or a holder without a seat
    NoBigBlindAfterHands,   // hands were played but no big blind is recorded
};

const char* to_string(TableStateError e);

// The checks restore() applies, on their own: the first problem found, or nothing.
std::expected<void, TableStateError> validate(const TableState& state);

}  // namespace tavolo::engine
