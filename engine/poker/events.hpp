#pragma once
// What happened in a hand: plain records, the single source of truth for broadcast, persistence,
// hand histories and recovery. Every card event says who may see it. The server turns these into
// protocol messages; it never compares states to guess what happened.
#include <array>
#include <cstdint>
#include <variant>

#include "engine/cards.hpp"
#include "engine/eval/hand_value.hpp"
#include "engine/poker/hand_setup.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

inline constexpr int kMaxSeats = 10;
inline constexpr int kMaxPots = kMaxSeats;
inline constexpr int kMaxHoleCards = 5;

// A set of seats: bit s = seat s.
using SeatMask = std::uint32_t;
constexpr bool has_seat(SeatMask m, SeatIndex s) {
    return (m >> s) & 1U;
}

enum class Visibility : std::uint8_t {
    Owner,     // only the player the card is dealt to (hole cards, draw replacements)
    Everyone,  // the whole table and observers (board, stud up-cards, shown hands)
    Nobody,    // burn cards
};

enum class CardTarget : std::uint8_t { Player, Board, Burn };

enum class BlindKind : std::uint8_t { Small, Big };

enum class Action : std::uint8_t { Fold, Check, Call, Bet, Raise };

struct Pot {
    Chips amount = 0;
    SeatMask eligible = 0;  // players who can win it
    friend bool operator==(const Pot&, const Pot&) = default;
};

struct HandStarted {
    HandId hand_id = 0;
    Variant variant = Variant::Holdem;
    Betting betting = Betting::NoLimit;
    Chips small_blind_amount = 0;  // the stakes (the seats posting them follow)
    Chips big_blind_amount = 0;
    Chips ante = 0;
    AnteMode ante_mode = AnteMode::None;
    int table_size = 0;
    SeatIndex button = kNoSeat;
    SeatIndex small_blind = kNoSeat;
    SeatIndex big_blind = kNoSeat;
    SeatMask seats = 0;                     // players dealt in
    std::array<Chips, kMaxSeats> stacks{};  // starting stacks, indexed by seat
};

// Antes come first. In big-blind-ante mode the big blind posts the table's antes as dead money.
struct AntePosted {
    SeatIndex seat = kNoSeat;
    Chips amount = 0;
    bool all_in = false;
};

struct BlindPosted {
    SeatIndex seat = kNoSeat;
    BlindKind kind = BlindKind::Big;
    Chips amount = 0;  // may be less than the blind: a short stack posts what it has and is all-in
    bool all_in = false;
};

struct CardDealt {
    CardTarget target = CardTarget::Player;
    SeatIndex seat = kNoSeat;  // kNoSeat for board and burn cards
    Card card{};
    Visibility visibility = Visibility::Owner;
    int street = 0;
};

// All of a street's cards have been dealt (board cards, up-cards, hole cards).
struct StreetDealt {
    int street = 0;
};

struct BettingRoundStarted {
    int street = 0;
    SeatIndex first_to_act = kNoSeat;  // kNoSeat: nobody can bet (all-in), the round is skipped
    Chips bet_unit = 0;                // limit: the small or big bet; no-limit, pot-limit: the big blind
};

struct DrawStarted {
    int street = 0;
};

struct Acted {
    SeatIndex seat = kNoSeat;
    Action action = Action::Fold;
    Chips added = 0;      // chips moved from the stack by this action
    Chips total_bet = 0;  // the player's bet this round after the action
    bool all_in = false;
    bool automatic = false;  // sitting out, disconnected or timed out (RULES.md §4, §5)
};

// A player's discards at the draw. The count is public; the cards are seen only by those the
// visibility allows (the player; everyone once the hand is exposed): project() in engine/view
// (the rule: card_visibility.hpp). Replacements follow as CardDealt, in the same order.
struct Discarded {
    SeatIndex seat = kNoSeat;
    int count = 0;
    std::array<Card, kMaxHoleCards> cards{};  // the first `count` are the discarded cards, in hand order
    Visibility visibility = Visibility::Owner;
    bool automatic = false;
};

// The draw ran out of stub: earlier discards (never burns, never the current player's) were shuffled.
struct DeckReshuffled {
    int cards = 0;
};

struct UncalledReturned {
    SeatIndex seat = kNoSeat;
    Chips amount = 0;
};

// Bets were collected into the pots; the pots now stand as listed (main pot first).
struct PotsFormed {
    int street = 0;
    Chips collected = 0;
    int count = 0;
    std::array<Pot, kMaxPots> pots{};
};

struct CardsShown {
    SeatIndex seat = kNoSeat;
    int count = 0;
    std::array<Card, kMaxHoleCards> cards{};
    bool all_in_exposure = false;  // exposed because no further betting was possible
};

struct Mucked {
    SeatIndex seat = kNoSeat;
};

struct PotAwarded {
    int pot_index = 0;  // 0 = main pot; side pots are awarded first, the latest formed first
    Chips amount = 0;
    int winners = 0;
    std::array<SeatIndex, kMaxSeats> seats{};  // winners clockwise from the button's left
    std::array<Chips, kMaxSeats> shares{};     // odd chips go one each to the first winners
    HandValue value{};                         // winning hand; HandValue{} if won without showdown
    bool showdown = false;
};

struct HandEnded {
    SeatMask seats = 0;
    std::array<Chips, kMaxSeats> stacks{};  // final stack of each seat dealt in (indexed by seat)
    bool showdown = false;
};

using HandEvent = std::variant<HandStarted, AntePosted, BlindPosted, CardDealt, StreetDealt,
                               BettingRoundStarted, DrawStarted, Acted, Discarded, DeckReshuffled,
                               UncalledReturned, PotsFormed, CardsShown, Mucked, PotAwarded, HandEnded>;

}  // namespace tavolo::engine
