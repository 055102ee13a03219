#pragma once
// One hand of Poker Polacco (RULES.md §9) as a state machine. Phases, in order:
//   ChoosingDirection  the first speaker chooses clockwise or anticlockwise, before any card is dealt
//                      (skipped under the clockwise-only option);
//   Declaring          the deal (2 cards plus one per penalty), then turns: declare a strictly higher
//                      Punto, doubt the last one, or pass (optional rule);
//   Ended              after a doubt: every hand revealed, the Punto judged, one penalty given,
//                      perhaps an elimination and the bonus; result() says who speaks first next.
// Each command has a verifier (check_x), a question (can_x) and the action (x), which returns the
// events it produced; a refused command returns a PolaccoError and changes nothing.
// Every decision point has a number, decision(): 1 for the first speaker's first decision, one more
// after each command taken (a timeout included). Each command may name the decision it answers; a
// command naming another is refused (PolaccoError::StaleDecision). The server always names it.
// The hand owns its shuffled deck, so a copy of a hand is independent of the original.
#include <cstdint>
#include <expected>
#include <optional>
#include <vector>

#include "engine/decision.hpp"
#include "engine/deck.hpp"
#include "engine/polacco/errors.hpp"
#include "engine/polacco/events.hpp"
#include "engine/polacco/punto.hpp"
#include "engine/polacco/types.hpp"
#include "engine/random.hpp"

namespace tavolo::engine::polacco {

struct HandPlayer {
    PlayerId player = -1;
    int penalties = 0;
    bool pass_available = true;  // the once-per-tournament pass is not spent yet
};

struct HandSetup {
    std::int64_t hand_number = 0;
    Rules rules;
    std::vector<HandPlayer> players;  // clockwise order, at least two
    PlayerId first_speaker = -1;
};

struct HandResult {
    PlayerId penalised = -1;
    bool eliminated = false;           // the penalised player took a sixth card
    std::optional<PlayerId> bonus_to;  // the declarer whose penalty the bonus removed
    PlayerId next_first_speaker = -1;  // the penalised player, or after an elimination his predecessor
    Direction direction = Direction::Clockwise;
    std::vector<HandPlayer> players;  // clockwise, updated; the eliminated player removed
};

enum class Phase { ChoosingDirection, Declaring, Ended };

struct LegalActions {
    DecisionNumber decision = 0;  // the decision these actions answer (Hand::decision())
    PlayerId player = -1;         // who is to act; -1 when the hand has ended
    bool choose_direction = false;
    bool declare = false;
    // The lowest Punto the player may declare (a straight flush: that step in any suit); none above the top.
    std::optional<Punto> lowest_declaration;
    bool doubt = false;
    bool pass = false;
    friend bool operator==(const LegalActions&, const LegalActions&) = default;
};

using Events = std::vector<Event>;

class Hand {
  public:
    // Shuffles a fresh deck from rng; deals once the direction is chosen.
    static std::expected<Hand, PolaccoError> start(HandSetup setup, RandomSource& rng);
    // Deals from the top of this deck as it stands (tests stack it): the first speaker's cards, then
    // each next player's in the chosen direction.
    static std::expected<Hand, PolaccoError> start_with_deck(HandSetup setup, Deck deck);

    Phase phase() const { return phase_; }
    PlayerId to_act() const;
    DecisionNumber decision() const { return decision_; }
    std::optional<Direction> direction() const { return direction_; }
    const std::optional<Punto>& last_punto() const { return last_punto_; }
    PlayerId last_declarer() const;
    PlayerId first_speaker() const { return players_[first_].player; }
    std::int64_t hand_number() const { return hand_number_; }
    const std::vector<HandPlayer>& players() const { return players_; }
    const std::vector<Card>& cards_of(PlayerId player) const;  // empty for an unknown player
    int cards_in_play() const;
    const Events& events() const { return log_; }
    const std::optional<HandResult>& result() const { return result_; }
    const Rules& rules() const { return rules_; }
    LegalActions legal_actions() const;

    std::expected<void, PolaccoError> check_choose_direction(
        PlayerId player, Direction direction, std::optional<DecisionNumber> decision = std::nullopt) const;
    bool can_choose_direction(PlayerId player, Direction direction,
                              std::optional<DecisionNumber> decision = std::nullopt) const {
        return check_choose_direction(player, direction, decision).has_value();
    }
    std::expected<Events, PolaccoError> choose_direction(
        PlayerId player, Direction direction, std::optional<DecisionNumber> decision = std::nullopt);

    std::expected<void, PolaccoError> check_declare(
        PlayerId player, const Punto& punto, std::optional<DecisionNumber> decision = std::nullopt) const;
    bool can_declare(PlayerId player, const Punto& punto,
                     std::optional<DecisionNumber> decision = std::nullopt) const {
        return check_declare(player, punto, decision).has_value();
    }
    std::expected<Events, PolaccoError> declare(PlayerId player, const Punto& punto,
                                                std::optional<DecisionNumber> decision = std::nullopt);

    std::expected<void, PolaccoError> check_doubt(
        PlayerId player, std::optional<DecisionNumber> decision = std::nullopt) const;
    bool can_doubt(PlayerId player, std::optional<DecisionNumber> decision = std::nullopt) const {
        return check_doubt(player, decision).has_value();
    }
    std::expected<Events, PolaccoError> doubt(PlayerId player,
                                              std::optional<DecisionNumber> decision = std::nullopt);

    std::expected<void, PolaccoError> check_pass(PlayerId player,
                                                 std::optional<DecisionNumber> decision = std::nullopt) const;
    bool can_pass(PlayerId player, std::optional<DecisionNumber> decision = std::nullopt) const {
        return check_pass(player, decision).has_value();
    }
    std::expected<Events, PolaccoError> pass(PlayerId player,
                                             std::optional<DecisionNumber> decision = std::nullopt);

    // The clock ran out for the player to act: the opening speaker declares the lowest Punto
    // (choosing clockwise first if needed); anyone facing a declaration doubts.
    std::expected<void, PolaccoError> check_timeout(
        PlayerId player, std::optional<DecisionNumber> decision = std::nullopt) const;
    std::expected<Events, PolaccoError> timeout(PlayerId player,
                                                std::optional<DecisionNumber> decision = std::nullopt);

  private:
    Hand(HandSetup setup, Deck deck);
    std::optional<std::size_t> index_of(PlayerId player) const;
    std::expected<std::size_t, PolaccoError> check_turn(PlayerId player,
                                                        std::optional<DecisionNumber> decision) const;
    std::size_t next(std::size_t i) const;
    std::size_t previous(std::size_t i) const;
    void emit(Event event, Events& out);
    void apply_direction(Direction direction, bool forced, Events& out);
    void deal(Events& out);
    void apply_declare(std::size_t who, const Punto& punto, bool by_timeout, Events& out);
    void apply_doubt(std::size_t who, bool by_timeout, Events& out);

    Rules rules_;
    std::int64_t hand_number_ = 0;
    std::vector<HandPlayer> players_;
    std::vector<std::vector<Card>> cards_;
    Deck deck_;
    std::size_t first_ = 0;
    std::size_t to_act_ = 0;
    Phase phase_ = Phase::ChoosingDirection;
    DecisionNumber decision_ = 1;
    std::optional<Direction> direction_;
    std::optional<Punto> last_punto_;
    std::size_t last_declarer_ = 0;
    Events log_;
    std::optional<HandResult> result_;
};

}  // namespace tavolo::engine::polacco
