#pragma once
// The tournament floor: every table of a multi-table tournament and the director's seat
// decisions between hands (RULES.md §6): breaking (checked first) and balancing. Pure and
// deterministic given the RandomSource; sized for the largest fields (O(log tables) per decision).
#include <array>
#include <expected>
#include <optional>
#include <set>
#include <vector>

#include "engine/random.hpp"
#include "engine/table/table.hpp"

namespace tavolo::engine {

struct SeatMove {
    EntrantId entrant = kNoEntrant;
    int from_table = 0;
    SeatIndex from_seat = kNoSeat;
    int to_table = 0;
    SeatIndex to_seat = kNoSeat;
    bool breaking = false;  // from a table being broken (else balancing)
};

enum class FloorError {
    UnknownTable,          // no table with that number, or it is closed
    TableInHand,           // a table the decision would change is playing a hand: decide between hands
    BustedPlayersPending,  // the table to break has busted players who may still re-buy
    NoRoom,                // the other open tables have too few empty seats for the broken table
};
const char* to_string(FloorError e);

class Floor {
  public:
    // `tables` below zero counts as none; `table_size` is clamped to 2..10 as Table does.
    Floor(int tables, int table_size);

    int table_size() const { return table_size_; }
    int table_count() const { return static_cast<int>(tables_.size()); }  // open or closed
    bool open(int id) const {
        return id >= 0 && id < table_count() && count_of_[static_cast<std::size_t>(id)] >= 0;
    }
    int open_tables() const { return open_tables_; }
    int players() const { return players_; }
    Table& table(int id) { return tables_[static_cast<std::size_t>(id)]; }
    const Table& table(int id) const { return tables_[static_cast<std::size_t>(id)]; }
    int smallest_size() const;
    int largest_size() const;

    // After anything changed a table's players outside the floor (a hand's eliminations, a
    // disqualification), tell the floor.
    void refresh(int id);
    // Closes a table (it must be empty, or be the tournament's end).
    void close(int id);

    // Decisions. Break when the players fit one table fewer: the smallest table, ties the
    // highest-numbered.
    std::optional<int> table_to_break() const;
    // Balance when `from` has two or more players more than the smallest table: to the smallest,
    // ties the lowest-numbered.
    std::optional<int> balance_destination(int from) const;

    // The decisions carried out. Breaking seats the players one by one (seat order), each at
    // random in an empty seat of a table that is currently smallest. Refused, changing no table
    // (the random source has been drawn from), when the table or a table drawn to receive one of
    // its players is playing a hand, or when the other tables lack the seats.
    std::expected<std::vector<SeatMove>, FloorError> break_table(int id, RandomSource& rng);
    // Sends the player due to post the next big blind to the empty seat of the destination that
    // will post the big blind soonest; nullopt when `from` needs no balancing. Refused, changing
    // nothing, when either table is playing a hand.
    std::expected<std::optional<SeatMove>, FloorError> balance_once(int from);
    // Everything the director does after a hand at `table`: break while the players fit fewer
    // tables, then balance `table` until it is within one of the smallest. On an error the moves
    // already made stay made (and are in `moves`); nothing is half done.
    std::expected<void, FloorError> after_hand(int table, RandomSource& rng, std::vector<SeatMove>& moves);

  private:
    void index_add(int id, int count);
    void index_remove(int id);
    int random_smallest(RandomSource& rng) const;

    int table_size_;
    std::vector<Table> tables_;
    std::vector<int> count_of_;  // -1: closed
    std::array<std::set<int>, kMaxTableSize + 1> by_count_;
    // The same buckets as vectors, for uniform random picks.
    std::array<std::vector<int>, kMaxTableSize + 1> bucket_;
    std::vector<int> bucket_pos_;
    int open_tables_ = 0;
    int players_ = 0;
};

}  // namespace tavolo::engine
