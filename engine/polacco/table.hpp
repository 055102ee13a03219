#pragma once
// A Poker Polacco table between hands: who sits where (clockwise), their penalties and passes, who
// speaks first next; it starts each hand and applies its result.
#include <cstdint>
#include <expected>
#include <optional>
#include <vector>

#include "engine/deck.hpp"
#include "engine/polacco/errors.hpp"
#include "engine/polacco/hand.hpp"
#include "engine/polacco/table_state.hpp"
#include "engine/polacco/types.hpp"
#include "engine/random.hpp"

namespace tavolo::engine::polacco {

struct PenaltyOutcome {
    PlayerId player = -1;
    int penalties = 0;
    bool eliminated = false;
    PlayerId next_first_speaker = -1;
};

class Table {
  public:
    // seats: clockwise; first_speaker: one of them (the ace drawer at a new table).
    Table(TableId id, Rules rules, std::vector<HandPlayer> seats, PlayerId first_speaker);

    TableId id() const { return id_; }
    const Rules& rules() const { return rules_; }
    const std::vector<HandPlayer>& seats() const { return seats_; }
    int players() const { return static_cast<int>(seats_.size()); }
    PlayerId first_speaker() const { return first_speaker_; }
    std::int64_t hands_played() const { return hands_played_; }

    bool hand_in_progress() const { return hand_.has_value(); }
    Hand* hand() { return hand_ ? &*hand_ : nullptr; }
    const Hand* hand() const { return hand_ ? &*hand_ : nullptr; }

    // Starts the next hand with a freshly shuffled deck; returns its opening events.
    std::expected<Events, PolaccoError> start_hand(RandomSource& rng);
    // The same from a deck as it stands (tests stack it).
    std::expected<Events, PolaccoError> start_hand_with_deck(Deck deck);
    // Applies the ended hand: penalties, passes, the eliminated player leaves, the next first speaker.
    std::expected<HandResult, PolaccoError> finish_hand();

    // An operator's penalty between hands (RULES.md §9: telling one's cards). Like any penalty it makes
    // the player the next first speaker (POLACCO §2.7); a sixth card eliminates him, and then the player
    // who preceded him in the last hand's direction speaks first.
    std::expected<PenaltyOutcome, PolaccoError> give_penalty(PlayerId player);

    // Everything the table holds between hands (table_state.hpp), for a restart; refused during a
    // hand (the hand in play is void after a restart, RULES.md §7).
    std::expected<TableState, PolaccoError> snapshot() const;
    // Replaces this table by `state` after validate(state); refused (nothing changes) when the state
    // is not one a table can be in, or while this table plays a hand.
    std::expected<void, PolaccoError> restore(const TableState& state);
    static std::expected<Table, PolaccoError> restored(const TableState& state);

  private:
    std::expected<void, PolaccoError> check_start() const;
    HandSetup next_setup() const;

    TableId id_;
    Rules rules_;
    std::vector<HandPlayer> seats_;
    PlayerId first_speaker_;
    Direction last_direction_ = Direction::Clockwise;
    std::int64_t hands_played_ = 0;
    std::optional<Hand> hand_;
};

}  // namespace tavolo::engine::polacco
