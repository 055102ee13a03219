#pragma once
// A poker tournament's director (RULES.md §6), on its side of the director protocol
// (director_messages.hpp): it decides from what the tables report and answers with messages; it
// holds no Table. It seats the field, starts hands, ranks eliminations (hand-for-hand rounds
// together), keeps the prize pool and what each entrant paid (re-buys, add-on), breaks and
// balances tables, forms the final table, plays shoot-out and heads-up stages, and follows the
// level clock and the breaks from the time it is told (no clock of its own). Both `tavolo
// simulate` and the server's director actor drive it; polacco::Tournament is its Poker Polacco
// counterpart. Every call refuses bad input with a typed error and changes nothing.
#include <cstdint>
#include <expected>
#include <optional>
#include <utility>
#include <vector>

#include "engine/random.hpp"
#include "engine/tournament/cancellation.hpp"
#include "engine/tournament/director_messages.hpp"
#include "engine/tournament/floor.hpp"
#include "engine/tournament/payouts.hpp"
#include "engine/tournament/ranking.hpp"
#include "engine/tournament/structure.hpp"

namespace tavolo::engine {

// When tables start their hands.
enum class Pace {
    // Each table starts its next hand as soon as its report is answered; all tables wait for one
    // another only hand-for-hand (§6). The live server.
    Free,
    // Every table plays one hand, then all wait for the next tick (simulations: time moves in
    // rounds of one hand per table).
    Rounds,
};

struct DirectorConfig {
    TournamentStructure structure;
    Pace pace = Pace::Free;
    // Default: default_payout_table(entrants).
    std::optional<PayoutTable> payout_table;
};

enum class DirectorError {
    NotEnoughEntrants,  // fewer than two
    InvalidEntrant,     // an id below zero or above kMaxEntrantId, or listed twice
    BadStructure,       // validate(structure) refused it
    UnknownTable,       // a report from a table that is not open
    BadSeat,  // a report naming a seat outside the table (button, big blind anchor too), twice, or an invalid
              // entrant
    UnknownPlayer,      // a player not where the books have him; eliminated or buying: not at that table
    NegativeStack,      // a stack below zero
    ChipsNotConserved,  // the stacks do not add up to what the table had, plus purchases, minus removals
    PurchaseRefused,    // a re-buy outside the window, an add-on not offered, or not the structure's chips
    StaleReport,        // written before the table applied the seat changes the director sent it since
    UnknownHand,        // closes a hand the director did not start at that table, or one already closed
    TournamentOver,     // the winner is known: nothing more to decide
    LateRegistrationClosed,  // add_entrant() outside late registration (or a re-entry not allowed)
};
const char* to_string(DirectorError e);

inline constexpr EntrantId kMaxEntrantId = 10'000'000;

struct DirectorStart;

class TournamentDirector {
  public:
    friend struct DirectorStateAccess;  // director_state_text.cpp: saved and restored whole
    // Draws the seats (§6) and returns the director with its first messages (OpenTable and the
    // first level for every table).
    static std::expected<DirectorStart, DirectorError> start(const std::vector<EntrantId>& entrants,
                                                             DirectorConfig config, RandomSource& rng);

    // A table's report at time `now` (since the tournament started). Decisions after a hand:
    // ranking, breaking and balancing, the next stage, the winner. Time moves only with tick().
    std::expected<std::vector<DirectorMessage>, DirectorError> on_report(const TableReport& report,
                                                                         Duration now, RandomSource& rng);
    // The clock: levels, the add-on, breaks, and (Pace::Rounds, or after a break) the next hands.
    std::vector<DirectorMessage> tick(Duration now, RandomSource& rng);

    // Late registration and re-entry (RULES.md §6, late_entry.cpp): one more entry while
    // late_registration_open(), paid like a buy-in (its prize part grows the pool), with the
    // starting stack, seated like a broken table's player (a random empty seat of a currently
    // smallest table; a table playing a hand seats him when it reports; a new table when every
    // table is full). The payout table is recomputed for the field unless one was configured;
    // the places of those already eliminated move down by one. `reentry`: a new entry of a player
    // already eliminated (a re-entry: allowed when the structure says so; payouts count players,
    // not entries). Returns SeatPlayer (or OpenTable and SetLevel), then any StartHand a table
    // may now play.
    std::expected<std::vector<DirectorMessage>, DirectorError> add_entrant(EntrantId entrant,
                                                                           RandomSource& rng,
                                                                           bool reentry = false);
    // Until the end of the structure's late_registration_levels; never for shoot-out and heads-up
    // stages, nor once the tournament is over.
    bool late_registration_open() const;
    int reentries() const { return reentries_; }

    const TournamentStructure& structure() const { return config_.structure; }
    int entrants() const { return entrants_; }
    int remaining() const { return ranking_.unranked(); }
    const Floor& floor() const { return floor_; }
    const Ranking& ranking() const { return ranking_; }
    const PayoutTable& payout_table() const { return paid_; }
    const std::vector<EntrantPayments>& payments() const { return payments_; }
    Cents prize_parts() const { return prize_parts_; }
    Cents prize_pool() const;
    std::vector<Cents> prizes() const;      // by place, for the pool as it stands
    std::vector<Cents> prizes_won() const;  // for each of ranking().placings()
    Chips chips_in_play() const { return chips_in_play_; }
    int level() const { return level_; }
    bool on_break() const { return on_break_; }
    Duration break_ends() const { return break_ends_; }
    bool rebuy_period() const;
    // Re-buys or the add-on may still grow the prize pool (§6), so places are not final: during the
    // re-buy period and the level after it (the add-on, and re-buys of hands started in the period).
    bool purchases_open() const;
    // What `entrant` has bought: re-buys and whether the add-on.
    int rebuys_of(EntrantId entrant) const;
    bool addon_of(EntrantId entrant) const;
    bool hand_for_hand_round() const { return round_hand_for_hand_; }
    int tables_in_hand() const { return tables_in_hand_; }
    bool finished() const { return winner_.has_value(); }
    std::optional<EntrantId> winner() const { return winner_; }
    int stage() const { return stage_; }
    std::int64_t moves() const { return moves_; }
    int broken() const { return broken_; }
    int most_tables() const { return most_tables_; }
    int rebuys() const { return rebuys_; }
    int addons() const { return addons_; }
    // For a restart (resume.hpp): the time last told, the hand started at a table (0: none), the seat
    // changes sent to it, and the blinds of a level.
    Duration now() const { return now_; }
    HandId hand_playing(TableId id) const;
    std::int64_t seat_changes_sent(TableId id) const;
    Stakes stakes(int level) const { return stakes_of(level); }

  private:
    explicit TournamentDirector(DirectorConfig config, int entrants);
    bool staged() const;
    bool playing(TableId id) const { return playing_[static_cast<std::size_t>(id)] != 0; }
    Stakes stakes_of(int level) const;
    std::expected<void, DirectorError> check(const TableReport& r) const;
    void take(const TableReport& r);
    void seat_stage(const std::vector<EntrantId>& players, RandomSource& rng,
                    std::vector<DirectorMessage>& out);
    void start_round(std::vector<DirectorMessage>& out);
    void start_table(TableId id, std::vector<DirectorMessage>& out);
    void end_round(RandomSource& rng, std::vector<DirectorMessage>& out);
    void after_table(TableId id, RandomSource& rng, std::vector<DirectorMessage>& out);
    void send_moves(const std::vector<SeatMove>& moves, std::vector<DirectorMessage>& out);
    void seat_arrivals(TableId id, RandomSource& rng, std::vector<DirectorMessage>& out);
    void end_stage(RandomSource& rng, std::vector<DirectorMessage>& out);
    void crown_if_last(std::vector<DirectorMessage>& out);

    DirectorConfig config_;
    int entrants_;
    PayoutTable paid_;
    Floor floor_;
    Ranking ranking_;
    std::vector<EntrantPayments> payments_;  // by entrant id
    std::vector<std::uint8_t> entered_;      // by entrant id: 1 = an entry of this tournament
    Cents prize_parts_ = 0;
    Chips chips_in_play_ = 0;
    // The clock.
    Duration now_{0};
    Duration stage_start_{0};
    int level_ = 1;
    bool on_break_ = false;
    Duration break_ends_{0};
    bool addon_offered_ = false;
    struct Purchases {
        int rebuys = 0;      // at most structure.rebuys.max_rebuys (0: unlimited)
        bool addon = false;  // the add-on is once per player
    };
    std::vector<Purchases> purchases_;  // by entrant id
    // By table, the re-buy window (§6: a player may re-buy until the next hand at his table starts):
    // whether the latest hand started there began in the re-buy period, and whether the hand it last
    // finished did (the window its purchases are judged by). Not saved: a restored director takes
    // the period as it stands (a purchase at a crash is paid back if never reported, RULES.md §7).
    struct RebuyWindow {
        bool started_open = false;
        std::optional<bool> open;  // none before the table's first hand: the period decides
    };
    std::vector<RebuyWindow> rebuy_windows_;
    RebuyWindow& rebuy_window(TableId id);
    bool rebuy_window_open(const TableReport& r) const;
    // Hands.
    HandId next_hand_ = 0;
    std::vector<HandId> playing_;                  // by table: the hand the director started there (0: none)
    std::vector<std::int64_t> seat_changes_sent_;  // by table: OpenTable, StandUp, SeatPlayer, CloseTable
    int tables_in_hand_ = 0;
    bool round_hand_for_hand_ = false;
    std::vector<RoundElimination> round_eliminated_;
    std::vector<TableId> idle_;  // Pace::Free: open tables waiting for their next hand
    // Players stood up for a table that was playing a hand, with their move's number.
    std::vector<std::pair<EntrantId, std::int64_t>> in_transit_;
    // Results.
    std::optional<EntrantId> winner_;
    int stage_ = 0;
    std::int64_t moves_ = 0;
    std::int64_t move_number_ = 0;
    int broken_ = 0;
    int most_tables_ = 0;
    int rebuys_ = 0;
    int addons_ = 0;
    int reentries_ = 0;  // entries that were re-entries: payouts count players (entrants_ - reentries_)
    std::vector<SeatMove> moves_buffer_;
};

struct DirectorStart {
    TournamentDirector director;
    std::vector<DirectorMessage> messages;
};

}  // namespace tavolo::engine
