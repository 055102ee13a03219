#pragma once
// The tournament floor as the director sees it (RULES.md §6): one TableView per table, built from
// the tables' reports and the director's own moves since, and the seat decisions between hands:
// breaking (checked first) and balancing. It holds no Table: a decision changes the views and
// comes back as SeatMoves, which the director sends to the tables as messages. Pure and
// deterministic given the RandomSource; sized for the largest fields (O(log tables) per decision).
#include <array>
#include <expected>
#include <optional>
#include <set>
#include <span>
#include <utility>
#include <vector>

#include "engine/random.hpp"
#include "engine/tournament/director_messages.hpp"

namespace tavolo::engine {

struct SeatMove {
    EntrantId entrant = kNoEntrant;
    int from_table = 0;
    SeatIndex from_seat = kNoSeat;
    int to_table = 0;
    SeatIndex to_seat = kNoSeat;
    bool breaking = false;  // from a table being broken (else balancing)
    TablePlayer player;     // the player's state, as the table he leaves reported it
};
// A SeatMove whose to_seat is kNoSeat reserves a place at a table playing a hand: the player
// leaves now and is seated when that table reports the end of its hand (seat_arrivals()).
inline constexpr bool reserved(const SeatMove& m) {
    return m.to_seat == kNoSeat;
}

enum class FloorError {
    UnknownTable,          // no table with that number, or it is closed
    TableInHand,           // a table the decision would change is playing a hand: decide between hands
    BustedPlayersPending,  // the table to break has busted players who may still re-buy
    NoRoom,                // the other open tables have too few empty seats for the broken table
};
const char* to_string(FloorError e);

// One table as its director knows it: the last report, plus the moves decided since.
class TableView {
  public:
    friend struct DirectorStateAccess;  // director_state_text.cpp: saved and restored whole
    explicit TableView(int table_size = kMaxTableSize);

    int size() const { return size_; }
    // Seated players and arrivals reserved while the table plays a hand.
    int player_count() const { return count_ + static_cast<int>(arrivals_.size()); }
    int seated() const { return count_; }
    const std::vector<SeatMove>& arrivals() const { return arrivals_; }
    const TablePlayer& at(SeatIndex s) const { return seats_[static_cast<std::size_t>(s)]; }
    bool occupied(SeatIndex s) const { return !at(s).empty(); }
    bool in_hand() const { return in_hand_; }
    SeatIndex button() const { return button_; }
    Chips total_chips() const;

    // Replaces what the view knows by the table's report.
    void update(const TableReport& report);
    void set_in_hand(bool in_hand) { in_hand_ = in_hand; }
    // Seat changes decided by the director (the table applies them before its next hand).
    TablePlayer stand(SeatIndex seat);
    void sit(SeatIndex seat, const TablePlayer& player);
    void reserve(const SeatMove& arrival) { arrivals_.push_back(arrival); }
    std::vector<SeatMove> take_arrivals() { return std::exchange(arrivals_, {}); }

    // The player due to post the next big blind (balancing moves them): the first occupied seat
    // after the table's anchor (its last big blind).
    SeatIndex next_big_blind_seat() const;
    // The empty seat that will post the big blind soonest (balancing destination).
    SeatIndex seat_posting_big_blind_soonest() const;
    // A uniformly random empty seat (breaking destination); kNoSeat when full.
    SeatIndex random_empty_seat(RandomSource& rng) const;

  private:
    int size_;
    int count_ = 0;
    std::array<TablePlayer, kMaxTableSize> seats_{};
    SeatIndex button_ = kNoSeat;
    SeatIndex anchor_ = kNoSeat;  // TableReport::big_blind_after
    bool in_hand_ = false;
    std::vector<SeatMove> arrivals_;  // reserved while the table plays a hand
};

class Floor {
  public:
    friend struct DirectorStateAccess;  // director_state_text.cpp: saved and restored whole
    // `tables` below zero counts as none; `table_size` is clamped to 2..10 as Table does.
    Floor(int tables, int table_size);

    int table_size() const { return table_size_; }
    int table_count() const { return static_cast<int>(tables_.size()); }  // open or closed
    bool open(int id) const {
        return id >= 0 && id < table_count() && count_of_[static_cast<std::size_t>(id)] >= 0;
    }
    int open_tables() const { return open_tables_; }
    int players() const { return players_; }
    const TableView& table(int id) const { return tables_[static_cast<std::size_t>(id)]; }
    int smallest_size() const;
    int largest_size() const;
    // Calls f(id) for every open table, in ascending order; f may close tables. Closed tables cost
    // nothing once tidy() has dropped them (a field of 250,000 closes 25,000 tables).
    template <class F>
    void for_each_open(F&& f) const {
        for (std::size_t i = 0; i < listed_.size(); ++i)
            if (open(listed_[i])) f(listed_[i]);
    }
    // Drops closed tables from the list for_each_open() walks; not while it walks.
    void tidy();

    // A new table, empty; returns its number. reserve() first when adding many.
    int add_table();
    void reserve(int more_tables);
    // A table's report (or the director seating players itself). Unknown or closed: ignored.
    void update(int id, const TableReport& report);
    void seat(int id, SeatIndex seat, const TablePlayer& player);
    void seat(int id, std::span<const ReportedSeat> players);  // a new table's draw, at once
    void set_in_hand(int id, bool in_hand);
    // Closes a table (it must be empty, or be the tournament's end).
    void close(int id);

    // Decisions. Break when the players fit one table fewer: the smallest table, ties the
    // highest-numbered.
    std::optional<int> table_to_break() const;
    // Balance when `from` has two or more players more than the smallest table: to the smallest,
    // ties the lowest-numbered.
    std::optional<int> balance_destination(int from) const;

    // The decisions carried out on the views. Breaking seats the players one by one (seat
    // order), each at random in an empty seat of a table that is currently smallest; a receiving
    // table playing a hand gets a reservation (seated when it reports). Refused, changing nothing
    // (the random source has been drawn from), when the table to break is playing a hand or has
    // busted players who may re-buy, or when the other tables lack the seats.
    std::expected<std::vector<SeatMove>, FloorError> break_table(int id, RandomSource& rng);
    // Sends the player due to post the next big blind to the empty seat of the destination that
    // will post the big blind soonest (a reservation when it plays a hand); nullopt when `from`
    // needs no balancing. Refused, changing nothing, when `from` is playing a hand.
    std::expected<std::optional<SeatMove>, FloorError> balance_once(int from);
    // Everything the director decides after a hand at `table`: break while the players fit fewer
    // tables (a table to break that is playing a hand is broken after it: its own report), then
    // balance `table` until it is within one of the smallest. On an error the moves already
    // decided stay decided (and are in `moves`); nothing is half done.
    std::expected<void, FloorError> after_hand(int table, RandomSource& rng, std::vector<SeatMove>& moves);
    // The arrivals reserved at `table` while it played a hand, now seated (call after its report):
    // from a broken table at random, by balancing in the seat posting the big blind soonest.
    void seat_arrivals(int table, RandomSource& rng, std::vector<SeatMove>& moves);
    // A player new to the floor (late registration, re-entry: RULES.md §6), seated as breaking
    // seats its players: a random empty seat of a random currently smallest table; a table playing
    // a hand gets a reservation (seated by seat_arrivals when it reports). The move has no table
    // to leave (from_table -1). nullopt, changing nothing, when every open table is full.
    std::optional<SeatMove> seat_new_player(const TablePlayer& player, RandomSource& rng);

  private:
    void index_add(int id, int count);
    void index_remove(int id);
    void refresh(int id);
    int random_smallest(RandomSource& rng) const;

    int table_size_;
    std::vector<TableView> tables_;
    std::vector<int> count_of_;  // -1: closed
    std::array<std::set<int>, kMaxTableSize + 1> by_count_;
    // The same buckets as vectors, for uniform random picks.
    std::array<std::vector<int>, kMaxTableSize + 1> bucket_;
    std::vector<int> bucket_pos_;
    std::vector<int> listed_;  // ascending; every open table, and a few closed since the last compaction
    int open_tables_ = 0;
    int players_ = 0;
};

}  // namespace tavolo::engine
