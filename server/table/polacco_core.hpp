#pragma once
// The logic of a live Poker Polacco Sit&Go (RULES.md §9): one table played to one winner, without
// sockets, strands or clocks, like TableCore for poker (README.md). Polacco has no director protocol
// of its own: `polacco::Tournament` owns its tables and plays their hands, so this core owns the whole
// single-table tournament (the table actor is also its director). It plays the hands with the
// injected RandomSource, runs the turn clock of §9 ("each turn has a clock, default 30 s") on
// injected time, and sends each viewer only what engine/view's project() lets him see (RULES.md §8).
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
// A hand event, or with `clock` the pending decision, as each viewer class receives it.
struct PolaccoPublish {
    Sequence seq = 0;
    std::vector<PolaccoCopy> copies;
    std::optional<ClockView> clock;  // seat: the player's place clockwise; player: who
};
// Pauses, draws, places and prizes, the winner (public).
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
    std::vector<engine::polacco::Event> events;        // every card, for persistence and review
    std::optional<engine::polacco::TableState> state;  // the table after the hand (none once it is over)
    engine::polacco::HandSetup setup;                  // the hand as it was dealt
    ShuffleReveal shuffle;                             // how its seed was made (also published)
};
// A player went away or came back (public). His turn clock runs on meanwhile (RULES.md §5, §9).
struct PolaccoSeatStatus {
    Sequence seq = 0;
    PolaccoPlayer player = -1;
    bool disconnected = false;
};
// After a hand the table no longer holds it: each viewer class gets the table as it is now.
struct PolaccoTableViews {
    Sequence seq = 0;
    std::vector<std::pair<PolaccoRecipients, engine::view::PolaccoView>> views;
};
using PolaccoEffect =
    std::variant<PolaccoPublish, PolaccoTournamentNews, PolaccoTableViews, PolaccoSeatStatus, ArmTimer,
                 PolaccoRefused, PolaccoHandFinished, ShuffleCommitted, ShuffleRevealed>;
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
    // Draws the table of `entrants` (at most one table's worth: 7 no-dealer, 9 casino) with `rng`.
    // The hands are dealt from fairness::SeedRandom(seed), seed = mix_seed(a server secret from
    // `secrets`, the players' client seeds), like TableCore's (shuffle_seeds.hpp).
    static std::expected<PolaccoCore, engine::polacco::PolaccoError> start(
        std::vector<PolaccoPlayer> entrants, engine::polacco::TournamentConfig config,
        engine::RandomSource& rng, SecretSource secrets = fairness::make_server_secret);

    // Deals the next hand (the actor calls it at the start and after each hand, after any pause
    // it gives players to see the reveal). Nothing happens once the tournament is over.
    PolaccoEffects start_hand(Millis now);
    PolaccoEffects on_action(const PolaccoAction& action, Millis now);
    // The turn's clock ran out: the opening speaker declares the lowest Punto, anyone else doubts.
    PolaccoEffects on_clock_expiry(std::int64_t hand, engine::DecisionNumber decision, Millis now);
    // A player's connection (the actor reports it); refused for a player not at the table.
    PolaccoEffects set_disconnected(PolaccoPlayer player, bool disconnected);
    // A player's client seed for the next hand dealt, as TableCore::set_client_seed: refused
    // (WrongSeat) for anyone not playing at the table, (ClientSeed) over 64 bytes; a second one
    // before the deal replaces the first. The mix orders it by the player's place clockwise in the
    // hand's HandSetup::players.
    PolaccoEffects set_client_seed(PolaccoPlayer player, std::vector<std::uint8_t> bytes);
    PolaccoSnapshot snapshot_for(const engine::view::PolaccoViewer& viewer, Millis now) const;

    const engine::polacco::Tournament& tournament() const { return tournament_; }
    // The table; nullptr once the tournament is over and it has closed.
    const engine::polacco::Table* table() const { return tournament_.table(table_); }
    const engine::polacco::Hand* hand() const { return table() ? table()->hand() : nullptr; }
    bool in_hand() const { return hand() != nullptr && hand()->phase() != engine::polacco::Phase::Ended; }
    bool finished() const { return tournament_.finished(); }
    Sequence seq() const { return seq_; }
    // The hand in play's (or the last hand's) seed and how it was made; none before the first hand.
    // Secret while the hand is in play (its cards follow from it): publish only ShuffleRevealed.
    const std::optional<HandShuffle>& shuffle() const { return shuffle_; }

  private:
    PolaccoCore(engine::polacco::Tournament tournament, engine::polacco::TableId table,
                engine::RandomSource& rng, SecretSource secrets);
    engine::polacco::Hand* mutable_hand() { return tournament_.hand(table_); }
    void after_command(const engine::polacco::Events& events, Millis now, PolaccoEffects& out);
    void publish(const engine::polacco::Events& events, PolaccoEffects& out);
    void publish_pending(Millis now, PolaccoEffects& out);
    void finish_hand(PolaccoEffects& out);
    void publish_views(PolaccoEffects& out);
    PolaccoRecipients everyone() const;

    engine::polacco::Tournament tournament_;
    engine::polacco::TableId table_ = 0;
    engine::RandomSource* rng_;
    engine::ClockSettings settings_;
    engine::TimeBank no_bank_;  // §9 has a turn clock and no time bank
    DecisionClock clock_;
    PolaccoPlayer clock_player_ = -1;
    Sequence seq_ = 0;
    std::set<PolaccoPlayer> disconnected_;
    ShuffleSeeds seeds_;
    std::optional<HandShuffle> shuffle_;
    engine::polacco::HandSetup setup_;  // the hand in play's, for the record
};

}  // namespace tavolo::server::table
