#pragma once
// A Poker Polacco tournament (RULES.md §9, POLACCO §1 and §4): the seat draw; a table with three
// players left pauses until every table has three; then all tables close and are redrawn, penalties
// and passes kept; when the players fit one table (3 x tables <= the table maximum) the draw forms the
// final table, played to one winner. Places follow the elimination order: eliminations at different
// tables rank by the order in which their hands ended, which is the order of finish_hand() calls.
// The prize pool and its split are those of the poker tournaments (engine/tournament/payouts.hpp).
#include <cstdint>
#include <expected>
#include <optional>
#include <variant>
#include <vector>

#include "engine/polacco/errors.hpp"
#include "engine/polacco/table.hpp"
#include "engine/polacco/types.hpp"
#include "engine/random.hpp"
#include "engine/tournament/payouts.hpp"
#include "engine/types.hpp"

namespace tavolo::engine::polacco {

struct TournamentConfig {
    Rules rules;
    Cents prize_part = 0;  // each entrant's contribution to the prize pool
    Cents guarantee = 0;   // the pool is at least this
    // Default: the poker tournaments' default table for the number of entrants.
    std::optional<PayoutTable> payout_table;
};

struct TableLayout {
    TableId table = 0;
    std::vector<PlayerId> seats;  // clockwise; seats[0] drew the ace and speaks first
};
// The start (draw 0) and every recomposition (draw 1, 2, ...).
struct TablesDrawn {
    int draw = 0;
    bool final_table = false;
    std::vector<TableLayout> tables;
};
struct TablePaused {
    TableId table = 0;
    int players = 0;
};
struct PlayerPlaced {
    PlayerId player = -1;
    int place = 0;
    TableId table = 0;
    Cents prize = 0;
};
struct TournamentWon {
    PlayerId player = -1;
    Cents prize = 0;
};
using TournamentEvent = std::variant<TablesDrawn, TablePaused, PlayerPlaced, TournamentWon>;

struct Standing {
    PlayerId player = -1;
    int place = 0;
    Cents prize = 0;
};

struct TournamentRecord;  // tournament_restore.hpp

class Tournament {
  public:
    static std::expected<Tournament, PolaccoError> start(std::vector<PlayerId> entrants,
                                                         TournamentConfig config, RandomSource& rng);
    // A running tournament from what a restart finds durable (tournament_restore.hpp); refused
    // (InconsistentTournament and the table checks) when the record does not add up. `rng` draws the
    // tables only when the record's tables all wait (a redraw decided and not yet recorded).
    static std::expected<Tournament, PolaccoError> restore(const TournamentRecord& record, RandomSource& rng);

    int entrants() const { return entrants_; }
    int remaining() const { return remaining_; }
    const Rules& rules() const { return config_.rules; }
    const std::vector<Table>& tables() const { return tables_; }
    // Tables change only through the tournament (so pauses and places cannot be bypassed); the hand
    // in play at a table is the caller's to drive.
    const Table* table(TableId id) const;
    Hand* hand(TableId id);
    bool paused(TableId id) const;
    int paused_tables() const { return static_cast<int>(paused_count_); }
    bool final_table() const { return final_table_; }
    int draws() const { return draws_; }
    int recompositions() const { return draws_ - 1; }
    bool finished() const { return winner_.has_value(); }
    std::optional<PlayerId> winner() const { return winner_; }
    Cents prize_pool() const { return pool_; }
    const std::vector<Cents>& prizes() const { return prizes_; }
    // In the order places were decided: the first eliminated first, the winner last.
    const std::vector<Standing>& standings() const { return standings_; }
    const std::vector<TournamentEvent>& log() const { return log_; }
    // The tables the last recomposition closed, as they stood after the hand that closed them (what a
    // server records for that hand, so a restart before the new tables are recorded redraws them).
    const std::vector<TableState>& closed_tables() const { return closed_; }

    // Tables that may start a hand now: not paused, no hand in play, two players or more.
    std::vector<TableId> tables_ready() const;
    std::expected<Events, PolaccoError> start_hand(TableId id, RandomSource& rng);
    std::expected<Events, PolaccoError> start_hand_with_deck(TableId id, Deck deck);  // tests stack the deck
    // Call when the table's hand has ended, in the order hands end. Applies the result, places an
    // eliminated player, pauses the table at three, redraws when every table is paused.
    std::expected<std::vector<TournamentEvent>, PolaccoError> finish_hand(TableId id, RandomSource& rng);

    // An operator's penalty between hands at that table (see Table::give_penalty); it may eliminate,
    // end the tournament, or pause the table like a penalty from a hand.
    std::expected<std::vector<TournamentEvent>, PolaccoError> give_penalty(TableId id, PlayerId player,
                                                                           RandomSource& rng);

  private:
    Tournament(int entrants, TournamentConfig config);
    Table* mutable_table(TableId id);
    void after_penalty(TableId id, std::optional<PlayerId> eliminated, RandomSource& rng,
                       std::vector<TournamentEvent>& out);
    void draw(std::vector<HandPlayer> players, RandomSource& rng, std::vector<TournamentEvent>& out);
    void pause_if_small(TableId id, RandomSource& rng, std::vector<TournamentEvent>& out);
    Cents prize_for(int place) const;
    void emit(TournamentEvent event, std::vector<TournamentEvent>& out);

    int entrants_;
    int remaining_;
    TournamentConfig config_;
    std::vector<Table> tables_;
    std::vector<bool> paused_;
    std::size_t paused_count_ = 0;
    bool final_table_ = false;
    int draws_ = 0;
    std::optional<PlayerId> winner_;
    Cents pool_ = 0;
    std::vector<Cents> prizes_;
    std::vector<Standing> standings_;
    std::vector<TournamentEvent> log_;
    std::vector<TableState> closed_;
};

}  // namespace tavolo::engine::polacco
