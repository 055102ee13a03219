#pragma once
// One poker table of a tournament, on the table's side of the director protocol
// (director_messages.hpp): an engine Table plus what its director told it (the level, the next
// hand to deal, the add-on offer). It applies the director's messages, refusing with a typed
// error and no change what cannot apply, and writes the reports the director decides from. The
// hand itself (engine/poker Hand) is its owner's to play: the server's table actor, or the
// simulation's driver.
#include <expected>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/random.hpp"
#include "engine/table/table.hpp"
#include "engine/tournament/director_messages.hpp"

namespace tavolo::engine {

enum class ApplyProblem {
    WrongTable,     // the message is addressed to another table
    NotOpen,        // the table is closed, or was never opened
    AlreadyOpen,    // OpenTable for a table that is open
    WrongEntrant,   // StandUp names a seat where that entrant does not sit
    NoHandToStart,  // start_hand() without a StartHand from the director
    TableRefused,   // the engine Table refused it (see `table`)
    Stale,          // a StartHand or SetLevel older than one already applied (delivered twice, or late)
};

struct ApplyError {
    ApplyProblem problem = ApplyProblem::TableRefused;
    TableError table = TableError::HandInProgress;  // meaningful for TableRefused
    friend bool operator==(const ApplyError&, const ApplyError&) = default;
};
std::string describe(const ApplyError& e);

// What `table` (number `id`) reports of its seats and positions; the news since the last report
// (eliminations, purchases, disqualifications, the hand finished) are the caller's.
void describe_table(TableId id, const Table& table, TableReport& out);

class TournamentTable {
  public:
    explicit TournamentTable(TableId id) : id_(id) {}
    // A table resumed after a restart (RULES.md §7, engine/tournament/resume.hpp): open, `table` as
    // its last committed hand left it (seat changes since applied), at `level`, having dealt hands up
    // to `last_hand` and applied `seat_changes` of the director's; `void_hand` (0: none), a hand that
    // never committed, is what its next report closes (with no chip moved). No hand to start yet.
    static TournamentTable resumed(TableId id, Table table, Variant variant, Betting betting, int level,
                                   Stakes stakes, HandId last_hand, std::int64_t seat_changes,
                                   HandId void_hand);

    TableId id() const { return id_; }
    bool open() const { return open_; }
    const Table& table() const { return table_; }
    int level() const { return level_; }
    const Stakes& stakes() const { return stakes_; }
    // The hand the director told this table to deal next, if any.
    std::optional<HandId> hand_to_start() const { return next_hand_; }
    bool paused() const { return paused_; }
    // The add-on chips on offer since the last OfferAddOn (players may buy it before the next hand).
    std::optional<Chips> addon_offer() const { return addon_offer_; }

    // A message from the director. `rng` draws the button of a new table (OpenTable).
    std::expected<void, ApplyError> apply(const DirectorMessage& message, RandomSource& rng);

    // The hand the director started: its setup, into `out` (memory reused).
    std::expected<void, ApplyError> start_hand(HandSetup& out);
    // The dealt-in players' final stacks, in the setup's order (Table::finish_hand).
    std::expected<void, TableError> finish_hand(std::span<const Chips> final_stacks);
    // A re-buy (while the window is open, a busted player) or the add-on (while offered).
    std::expected<void, TableError> buy(SeatIndex seat, Purchase kind, Chips chips);
    // Between hands: sitting out, an operator's sanction (a disqualification is reported).
    std::expected<void, TableError> set_sitting_out(SeatIndex seat, bool sitting_out);
    std::expected<SanctionOutcome, TableError> sanction(const Sanction& sanction);

    // The report for the director, into `out` (memory reused). Between hands, busted players who
    // did not re-buy are eliminated first (their window closes with the report). Clears what it
    // reports (eliminations, purchases, disqualifications).
    void report(TableReport& out);
    TableReport report();
    // The director refused `refused` (a stale report): its news go back, to travel with the next.
    void unreport(TableReport& refused);
    // Whether anything happened since the last report that the director must hear.
    bool has_news() const {
        return finished_hand_ != 0 || !eliminated_.empty() || !bought_.empty() || !disqualified_.empty();
    }

  private:
    std::expected<void, ApplyError> open_table(const OpenTable& m, RandomSource& rng);
    std::expected<void, ApplyError> stand_up(const StandUp& m);
    std::expected<void, ApplyError> seat_player(const SeatPlayer& m, RandomSource& rng);
    std::expected<void, ApplyError> close(const CloseTable& m);

    TableId id_;
    bool open_ = false;
    Table table_;
    Variant variant_ = Variant::Holdem;
    Betting betting_ = Betting::NoLimit;
    int level_ = 1;
    Stakes stakes_;
    std::optional<HandId> next_hand_;
    HandId last_hand_ = 0;  // the newest StartHand applied
    bool rebuys_open_ = false;
    bool paused_ = false;
    std::optional<Chips> addon_offer_;
    HandId playing_ = 0;
    std::int64_t seat_changes_ = 0;  // director seat changes applied
    HandId finished_hand_ = 0;
    std::vector<Elimination> eliminated_;
    std::vector<ChipsBought> bought_;
    std::vector<Disqualified> disqualified_;
};

}  // namespace tavolo::engine
