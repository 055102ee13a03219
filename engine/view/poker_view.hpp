#pragma once
// A poker table as one viewer may see it: what a client shows, and what a player who joins,
// observes or reconnects mid-hand receives in full. view_of() builds it from the table and its hand;
// apply() updates it from one projected event (the client's logic: the web client mirrors it).
// Replaying what a viewer received, from any view built by view_of(), gives exactly the view
// view_of() builds after the same commands (tests/engine/view).
#include <array>
#include <optional>
#include <vector>

#include "engine/poker/hand.hpp"
#include "engine/table/table.hpp"
#include "engine/view/poker_projection.hpp"
#include "engine/view/viewer.hpp"

namespace tavolo::engine::view {

struct PokerSeatView {
    EntrantId entrant = kNoEntrant;  // kNoEntrant: an empty seat
    Chips stack = 0;                 // behind, not counting the bet in front
    Chips bet = 0;                   // in front, this betting round
    bool dealt_in = false;
    bool folded = false;
    bool all_in = false;
    bool shown = false;   // the hand is face up for everyone
    bool mucked = false;  // thrown away unseen at showdown
    // The cards in front of the player, in hand order: a face, or a card this viewer may not see.
    // A folded or mucked hand leaves the table: no cards (except for an operator after the hand).
    int card_count = 0;
    std::array<SeenCard, kMaxHoleCards> cards{};
    std::uint8_t face_up = 0;  // bit i: card i was dealt face up (stud up-cards)
    friend bool operator==(const PokerSeatView&, const PokerSeatView&) = default;
};

struct PokerView {
    PokerViewer viewer;
    int table_size = 0;
    std::array<PokerSeatView, kMaxSeats> seats{};
    // The current hand, or the last one between hands (zero before the first).
    HandId hand_id = 0;
    bool in_hand = false;  // a hand is being played
    Variant variant = Variant::Holdem;
    Betting betting = Betting::NoLimit;
    Chips small_blind = 0;
    Chips big_blind = 0;
    Chips ante = 0;
    AnteMode ante_mode = AnteMode::None;
    SeatIndex button = kNoSeat;
    SeatIndex small_blind_seat = kNoSeat;
    SeatIndex big_blind_seat = kNoSeat;
    int street = 0;
    std::vector<Card> board;
    std::vector<Pot> pots;  // as last formed (main pot first); empty once awarded
    Chips pot_total = 0;    // pots, bets in front and antes
    SeatIndex to_act = kNoSeat;
    DecisionNumber decision = 0;        // the decision the hand waits for (once over: the next number)
    std::optional<LegalActions> legal;  // the viewer's own options, on his turn
    // apply() only, between a Discarded and its replacements: where they go (none between commands).
    SeatIndex replacing_seat = kNoSeat;
    int replacing_count = 0;
    std::array<std::uint8_t, kMaxHoleCards> replacing_slots{};
    friend bool operator==(const PokerView&, const PokerView&) = default;
};

// The table as `viewer` may see it. hand: the hand in play, or the last one played (its stakes and
// final state), or nullptr before any; the table gives who sits where and, for the seats not in the
// hand, their stacks.
PokerView view_of(const Table& table, const Hand* hand, const PokerViewer& viewer);

// Updates a view with one thing its viewer received (an event projected for that viewer, or the
// pending decision).
void apply(PokerView& view, const PokerSeen& seen);

}  // namespace tavolo::engine::view
