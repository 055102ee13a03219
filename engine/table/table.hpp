#pragma once
// One tournament table between hands (RULES.md §4): who sits where, who is dealt in, where the
// button and the blinds go, and the HandSetup the hand state machine starts from.
#include <array>
#include <cstdint>
#include <expected>
#include <optional>
#include <span>
#include <vector>

#include "engine/poker/hand_setup.hpp"
#include "engine/random.hpp"
#include "engine/table/sanction.hpp"
#include "engine/table/table_player.hpp"
#include "engine/table/table_state.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

// The seats dealt in, ascending: a fixed array, so preparing a hand allocates nothing.
class SeatList {
  public:
    void clear() { n_ = 0; }
    void push_back(SeatIndex s) { seats_[static_cast<std::size_t>(n_++)] = s; }
    std::size_t size() const { return static_cast<std::size_t>(n_); }
    bool empty() const { return n_ == 0; }
    SeatIndex operator[](std::size_t i) const { return seats_[i]; }
    const SeatIndex* begin() const { return seats_.data(); }
    const SeatIndex* end() const { return seats_.data() + n_; }
    bool contains(SeatIndex s) const;

  private:
    std::array<SeatIndex, kMaxTableSize> seats_{};
    int n_ = 0;
};

// Positions of one hand.
struct Positions {
    SeatIndex button = kNoSeat;
    SeatIndex small_blind = kNoSeat;  // kNoSeat: a dead small blind, none posted
    SeatIndex big_blind = kNoSeat;
    SeatList dealt_in;
};

struct Stakes {
    Chips small_blind = 0;
    Chips big_blind = 0;
    Chips ante = 0;
    AnteMode ante_mode = AnteMode::None;
};

// A player who lost every chip in a hand, with what ranking needs (RULES.md §6).
struct Elimination {
    EntrantId entrant = kNoEntrant;
    SeatIndex seat = kNoSeat;
    Chips start_chips = 0;
    int seat_from_button = 0;  // 0 = the button, 1 = its left, ...
};

enum class TableError {
    NotEnoughPlayers,    // fewer than two players seated
    ButtonNotDrawn,      // the first hand needs draw_button()
    HandInProgress,      // start_hand() twice, or a seat change during a hand
    NoHandInProgress,    // finish_hand() without start_hand()
    StackCountMismatch,  // finish_hand() got a different number of stacks than were dealt in
    SeatOutOfRange,
    SeatTaken,
    SeatEmpty,
    BadOrbitCount,         // exclusion is for 1 to 4 orbits
    BustedPlayersPending,  // re-buy window: settle_busted() before the next hand
    InvalidEntrant,        // an entrant id below zero (kNoEntrant marks an empty seat)
    AlreadySeated,         // the entrant already has a seat at this table
    ChipsNotPositive,      // sitting down with no chips, or adding zero or fewer chips
    NegativeStack,         // finish_hand() got a stack below zero
    ChipsNotConserved,     // finish_hand() stacks do not sum to what the hand started with
    ChipsOverLimit,        // sit() or add_chips() would put more than kMaxTotalChips on the table
};

const char* to_string(TableError e);

// Ranking order of players busted in one hand (RULES.md §6): more chips at its start first;
// equal chips: the button, then the seats to its left.
void sort_for_ranking(std::vector<Elimination>& eliminated);

class Table {
  public:
    explicit Table(int table_size = kMaxTableSize);

    int size() const { return size_; }
    int player_count() const { return count_; }
    const TablePlayer& at(SeatIndex s) const { return seats_[static_cast<std::size_t>(s)]; }
    bool occupied(SeatIndex s) const { return !at(s).empty(); }
    bool started() const { return has_history_; }
    bool in_hand() const { return in_hand_; }
    HandId hands_played() const { return hands_played_; }
    SeatIndex button() const { return button_seat_; }
    SeatIndex last_big_blind() const { return last_bb_seat_; }
    Chips total_chips() const;

    // Seating. Before the first hand a player simply takes the seat; afterwards a player is an
    // arrival, subject to the arrival rule of §4. Refused (nothing changes): a seat out of range or
    // taken, an entrant id below zero or already seated here, a stack of zero or less, or one that
    // would put more than kMaxTotalChips on the table.
    std::expected<void, TableError> sit(SeatIndex seat, EntrantId entrant, Chips stack);
    // A player moved from another table keeps sitting-out, connection and sanction state. Only the
    // stack itself is held to kMaxTotalChips: the floor relies on a move never failing, and a
    // tournament within the limit cannot pass it at one table (a hand would refuse such a set-up).
    std::expected<void, TableError> sit(SeatIndex seat, const TablePlayer& player);
    std::expected<TablePlayer, TableError> stand(SeatIndex seat);  // leaves the table (moved, disqualified)
    std::expected<void, TableError> set_sitting_out(SeatIndex seat, bool sitting_out);
    std::expected<void, TableError> set_disconnected(SeatIndex seat, bool disconnected);
    // Re-buy, add-on: `chips` must be positive, and the table's chips stay within kMaxTotalChips.
    std::expected<void, TableError> add_chips(SeatIndex seat, Chips chips);

    // The button draw at the start (§6): one card each, highest rank wins, ties draw again.
    std::expected<SeatIndex, TableError> draw_button(RandomSource& rng);
    // For tests and recovery: the button of the first hand without drawing.
    std::expected<void, TableError> set_first_button(SeatIndex seat);

    // Who plays the next hand and where the button and the blinds are, without changing anything.
    std::expected<Positions, TableError> next_positions() const;
    // Commits next_positions() and returns the setup of the hand to play.
    std::expected<HandSetup, TableError> start_hand(HandId id, Variant variant, Betting betting,
                                                    const Stakes& stakes);
    // The same into `out`, reusing its memory (simulations play millions of hands).
    std::expected<void, TableError> start_hand(HandId id, Variant variant, Betting betting,
                                               const Stakes& stakes, HandSetup& out);
    // Final stacks of the dealt-in players, in the order of the setup's seats. Busted players
    // leave their seats; they are returned in ranking order (best first, §6). Refused (the hand
    // stays in progress): a count that differs from the players dealt in, a negative stack, or
    // stacks that do not sum to the chips the hand started with.
    std::expected<std::vector<Elimination>, TableError> finish_hand(std::span<const Chips> final_stacks);

    // Re-buys (§6): while on, a player who busts keeps the seat with no chips (busted) and may
    // re-buy (add_chips) until the next hand at this table starts; finish_hand() reports nobody.
    // Before the next hand, settle_busted() eliminates those who did not re-buy.
    void set_rebuy_window(bool open) { rebuy_window_ = open; }
    bool rebuy_window() const { return rebuy_window_; }
    std::vector<Elimination> settle_busted();
    // A void hand (§7): stacks stay as they were at its start.
    std::expected<void, TableError> void_hand();

    // Director support (§6). The player who would post the next big blind (balancing moves them).
    SeatIndex next_big_blind_seat() const;
    // The empty seat that will post the big blind soonest (balancing destination).
    SeatIndex seat_posting_big_blind_soonest() const;
    // A uniformly random empty seat (breaking destination); kNoSeat when full.
    SeatIndex random_empty_seat(RandomSource& rng) const;

    // Sanctions (§6, applied by an operator).
    std::expected<SanctionOutcome, TableError> apply(const Sanction& sanction);

    // Everything this table holds between hands (table_state.hpp); refused during a hand (the hand in
    // play is void after a restart, §7: snapshot the table before start_hand or after finish_hand).
    std::expected<TableState, TableError> snapshot() const;
    // Replaces this table by `state` after validate(state); refused (nothing changes) when the state
    // is not one a table can be in, or while this table plays a hand.
    std::expected<void, TableStateError> restore(const TableState& state);
    // A new table in `state`.
    static std::expected<Table, TableStateError> restored(const TableState& state);

  private:
    SeatIndex next_occupied_after(SeatIndex s) const;
    SeatIndex previous_occupied_before(SeatIndex s) const;
    bool seated_here(EntrantId entrant) const;
    bool holder_still_seated(SeatIndex seat, EntrantId who) const;

    int size_;
    int count_ = 0;
    std::array<TablePlayer, kMaxTableSize> seats_{};
    bool has_history_ = false;
    bool in_hand_ = false;
    HandId hands_played_ = 0;
    SeatIndex button_seat_ = kNoSeat;
    EntrantId button_holder_ = kNoEntrant;
    SeatIndex last_sb_seat_ = kNoSeat;
    EntrantId last_sb_holder_ = kNoEntrant;
    SeatIndex last_bb_seat_ = kNoSeat;
    EntrantId last_bb_holder_ = kNoEntrant;
    bool rebuy_window_ = false;
    Positions current_;
    std::array<Chips, kMaxTableSize> start_stacks_{};
    unsigned excluded_at_start_ = 0;  // seats excluded when the current hand started
};

}  // namespace tavolo::engine
