#pragma once
// The logic of a live Poker Polacco tournament (RULES.md §9), one table (a Sit&Go) or many (an MTT),
// without sockets, strands or clocks, like TableCore for poker (README.md). Polacco has no director
// protocol of its own: `polacco::Tournament` owns its tables and plays their hands, so this core owns
// the whole tournament and every table of it (its actor is director and tables at once). It plays the
// hands with the injected RandomSource, runs the turn clock of §9 ("each turn has a clock, default
// 30 s") on injected time, and sends each viewer only what engine/view's project() lets him see
// (RULES.md §8). Tables are named by their wire number (PolaccoTableNumber): the engine numbers the
// tables of each draw from 0, the wire numbers every table of the tournament once (a recomposition
// closes every table and opens new ones under new numbers, so a client's sequence numbers of a
// closed table never meet those of a new one).
#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "engine/polacco/tournament.hpp"
#include "engine/random.hpp"
#include "engine/view/polacco_projection.hpp"
#include "engine/view/polacco_view.hpp"
#include "server/table/decision_clock.hpp"
#include "server/table/shuffle_seeds.hpp"
#include "server/table/table_effects.hpp"

namespace tavolo::server::table {

using PolaccoPlayer = engine::polacco::PlayerId;
// A table as the wire names it: unique in its tournament across every draw (the Sit&Go's is 0).
using PolaccoTableNumber = std::int32_t;

// The commands a player sends (the clock's expiry is on_clock_expiry, never a player's).
struct ChooseDirection {
    engine::polacco::Direction direction = engine::polacco::Direction::Clockwise;
};
struct Declare {
    engine::polacco::Punto punto = engine::polacco::Punto::lowest();
};
struct Doubt {};
struct PassTurn {};
using PolaccoCommand = std::variant<ChooseDirection, Declare, Doubt, PassTurn>;

struct PolaccoAction {
    PolaccoPlayer player = -1;
    std::int64_t hand = 0;
    engine::DecisionNumber decision = 0;
    PolaccoCommand command;
};

struct PolaccoRecipients {
    std::vector<PolaccoPlayer> players;
    bool observers = false;
};
struct PolaccoCopy {
    PolaccoRecipients to;
    engine::view::PolaccoSeen seen;
};
// Every effect of an input concerns the table the input named (PolaccoTablesDrawn names the new ones).
// A hand event, or with `clock` the pending decision, as each viewer class receives it.
struct PolaccoPublish {
    Sequence seq = 0;
    std::vector<PolaccoCopy> copies;
    std::optional<ClockView> clock;  // seat: the player's place clockwise; player: who
};
// Pauses, draws, places and prizes, the winner (public). `seq` 0: the table closed with the hand
// (a recomposition), so it has no viewer left to tell.
struct PolaccoTournamentNews {
    Sequence seq = 0;
    std::vector<engine::polacco::TournamentEvent> events;
};
struct PolaccoRefused {
    PolaccoPlayer player = -1;
    Refusal refusal = Refusal::Rule;  // NoHandInPlay, StaleHand, WrongSeat (not at this table), Rule
    engine::polacco::PolaccoError error = engine::polacco::PolaccoError::HandOver;  // for Rule
    std::string message;
};
// What the actor persists through the write service when a hand ends. With `setup`, `events` and
// the revealed seed and commitment, fairness::verify_polacco_hand checks every card dealt.
struct PolaccoHandFinished {
    std::int64_t hand = 0;
    std::vector<engine::polacco::Event> events;  // every card, for persistence and review
    // The table after the hand; when the hand made every table wait, the table as it closed, so a
    // restart before the new tables are recorded finds every player and draws them again.
    std::optional<engine::polacco::TableState> state;
    engine::polacco::HandSetup setup;  // the hand as it was dealt
    ShuffleReveal shuffle;             // how its seed was made (also published)
};
// A player went away or came back (public). His turn clock runs on meanwhile (RULES.md §5, §9).
struct PolaccoSeatStatus {
    Sequence seq = 0;
    PolaccoPlayer player = -1;
    bool disconnected = false;
};
// After a hand the table no longer holds it, and a table that opens is shown before its first hand:
// each viewer class gets the table as it is now.
struct PolaccoTableViews {
    Sequence seq = 0;
    std::vector<std::pair<PolaccoRecipients, engine::view::PolaccoView>> views;
};
// A player's table after a recomposition (POLACCO §4.2): where he sat, where he goes, his place
// clockwise there (0 speaks first).
struct PolaccoMove {
    PolaccoPlayer player = -1;
    PolaccoTableNumber from = -1;
    PolaccoTableNumber to = -1;
    int seat = 0;
};
// Every table closed and new ones were drawn (after the hand of the input's table, which was the last
// to pause): the actor opens `tables` (open_table each, when it is ready to deal there) and tells
// each player his move. The tables before it take no input any more.
struct PolaccoTablesDrawn {
    int draw = 0;
    bool final_table = false;
    std::vector<PolaccoTableNumber> tables;
    std::vector<PolaccoMove> moves;
};
using PolaccoEffect =
    std::variant<PolaccoPublish, PolaccoTournamentNews, PolaccoTableViews, PolaccoSeatStatus, ArmTimer,
                 PolaccoRefused, PolaccoHandFinished, ShuffleCommitted, ShuffleRevealed, PolaccoTablesDrawn>;
using PolaccoEffects = std::vector<PolaccoEffect>;

struct PolaccoSnapshot {
    Sequence seq = 0;
    engine::view::PolaccoView view;
    ClockView clock;
    std::vector<PolaccoPlayer> disconnected;  // the players away, ascending
    std::string shuffle_commitment;           // the hand in play's commitment ("" between hands)
};

class PolaccoCore {
  public:
    // Draws the tables of `entrants` with `rng` (one table for a Sit&Go; engine::polacco::Tournament
    // decides how many). The hands are dealt from fairness::SeedRandom(seed), seed = mix_seed(a
    // server secret from `secrets`, the players' client seeds), like TableCore's (shuffle_seeds.hpp).
    static std::expected<PolaccoCore, engine::polacco::PolaccoError> start(
        std::vector<PolaccoPlayer> entrants, engine::polacco::TournamentConfig config,
        engine::RandomSource& rng, SecretSource secrets = fairness::make_server_secret);

    // A running tournament restored after a restart (engine/polacco/tournament_restore.hpp): its
    // tables keep the wire numbers they had (their draw's, engine::polacco::first_table_of_draw);
    // each table deals its next hand from the hand number after its last committed one.
    static PolaccoCore resume(engine::polacco::Tournament tournament, engine::RandomSource& rng,
                              SecretSource secrets = fairness::make_server_secret);

    // The tables open now (the current draw's), by wire number ascending.
    std::vector<PolaccoTableNumber> tables() const;
    bool is_open(PolaccoTableNumber table) const { return live_.contains(table); }
    // The table as it stands before its first hand, to its players and observers (seq 1 at a new
    // table): the actor calls it once a table can deal, so its players' clients follow it from here.
    PolaccoEffects open_table(PolaccoTableNumber table);
    // Deals the table's next hand (the actor calls it at the start and after each hand, after any
    // pause it gives players to see the reveal). Nothing when the table is paused (three players left
    // while other tables play on), closed, or the tournament is over.
    PolaccoEffects start_hand(PolaccoTableNumber table, Millis now);
    PolaccoEffects on_action(PolaccoTableNumber table, const PolaccoAction& action, Millis now);
    // The turn's clock ran out: the opening speaker declares the lowest Punto, anyone else doubts.
    PolaccoEffects on_clock_expiry(PolaccoTableNumber table, std::int64_t hand,
                                   engine::DecisionNumber decision, Millis now);
    // A player's connection (the actor reports it); refused for a player not at the table.
    PolaccoEffects set_disconnected(PolaccoTableNumber table, PolaccoPlayer player, bool disconnected);
    // A player's client seed for the next hand dealt, as TableCore::set_client_seed: refused
    // (WrongSeat) for anyone not playing at the table, (ClientSeed) over 64 bytes; a second one
    // before the deal replaces the first. The mix orders it by the player's place clockwise in the
    // hand's HandSetup::players. A recomposition drops the seeds kept (the tables they were for closed).
    PolaccoEffects set_client_seed(PolaccoTableNumber table, PolaccoPlayer player,
                                   std::vector<std::uint8_t> bytes);
    PolaccoSnapshot snapshot_for(PolaccoTableNumber table, const engine::view::PolaccoViewer& viewer,
                                 Millis now) const;

    const engine::polacco::Tournament& tournament() const { return tournament_; }
    // The table; nullptr once it has closed (a recomposition, or the end of the tournament).
    const engine::polacco::Table* table(PolaccoTableNumber table) const;
    const engine::polacco::Hand* hand(PolaccoTableNumber table) const;
    bool in_hand(PolaccoTableNumber table) const;
    // Any table playing a hand.
    bool any_in_hand() const;
    bool finished() const { return tournament_.finished(); }
    Sequence seq(PolaccoTableNumber table) const;
    // The hand in play's (or the last hand's) seed and how it was made; none before the first hand.
    // Secret while the hand is in play (its cards follow from it): publish only ShuffleRevealed.
    const std::optional<HandShuffle>& shuffle(PolaccoTableNumber table) const;

    // A Sit&Go's one table (the first open table; 0): the same inputs without naming it.
    PolaccoEffects start_hand(Millis now) { return start_hand(first(), now); }
    PolaccoEffects on_action(const PolaccoAction& action, Millis now) {
        return on_action(first(), action, now);
    }
    PolaccoEffects on_clock_expiry(std::int64_t hand, engine::DecisionNumber decision, Millis now) {
        return on_clock_expiry(first(), hand, decision, now);
    }
    PolaccoEffects set_disconnected(PolaccoPlayer player, bool disconnected) {
        return set_disconnected(first(), player, disconnected);
    }
    PolaccoEffects set_client_seed(PolaccoPlayer player, std::vector<std::uint8_t> bytes) {
        return set_client_seed(first(), player, std::move(bytes));
    }
    PolaccoSnapshot snapshot_for(const engine::view::PolaccoViewer& viewer, Millis now) const {
        return snapshot_for(first(), viewer, now);
    }
    const engine::polacco::Table* table() const { return table(first()); }
    const engine::polacco::Hand* hand() const { return hand(first()); }
    bool in_hand() const { return in_hand(first()); }
    Sequence seq() const { return seq(first()); }
    const std::optional<HandShuffle>& shuffle() const { return shuffle(first()); }

  private:
    // A table of the current draw, as the core runs it live.
    struct Live {
        Live(engine::polacco::TableId id, SecretSource secrets) : engine(id), seeds(std::move(secrets)) {}
        engine::polacco::TableId engine = 0;
        Sequence seq = 0;
        DecisionClock clock;
        PolaccoPlayer clock_player = -1;
        std::set<PolaccoPlayer> disconnected;
        ShuffleSeeds seeds;
        std::optional<HandShuffle> shuffle;
        engine::polacco::HandSetup setup;  // the hand in play's, for the record
    };

    PolaccoCore(engine::polacco::Tournament tournament, engine::RandomSource& rng, SecretSource secrets);
    PolaccoTableNumber first() const { return live_.empty() ? closed_ : live_.begin()->first; }
    Live* live(PolaccoTableNumber table);
    const Live* live(PolaccoTableNumber table) const;
    engine::polacco::Hand* mutable_hand(const Live& t) { return tournament_.hand(t.engine); }
    const engine::polacco::Table* engine_table(const Live& t) const { return tournament_.table(t.engine); }
    void seat_draw();
    void after_command(Live& t, const engine::polacco::Events& events, Millis now, PolaccoEffects& out);
    void publish(Live& t, const engine::polacco::Events& events, PolaccoEffects& out);
    void publish_pending(Live& t, Millis now, PolaccoEffects& out);
    void finish_hand(Live& t, PolaccoEffects& out);
    void publish_views(Live& t, PolaccoEffects& out);
    void redrawn(PolaccoEffects& out);
    PolaccoRecipients everyone(const Live& t) const;

    engine::polacco::Tournament tournament_;
    engine::RandomSource* rng_;
    SecretSource secrets_;
    engine::ClockSettings settings_;
    engine::TimeBank no_bank_;                 // §9 has a turn clock and no time bank
    std::map<PolaccoTableNumber, Live> live_;  // the current draw's tables
    PolaccoTableNumber next_number_ = 0;       // the wire number of the next table drawn
    int draw_seen_ = 0;                        // draws given numbers so far
    PolaccoTableNumber closed_ = 0;            // the last table to close (first() once none is open)
    std::map<PolaccoPlayer, PolaccoTableNumber> seated_at_;  // each player's table in the current draw
    std::optional<HandShuffle> no_shuffle_;
};

}  // namespace tavolo::server::table
