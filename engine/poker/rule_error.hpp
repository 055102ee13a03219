#pragma once
// Why a command was refused. A refused command changes nothing: the player keeps the turn.
#include <cstdint>

namespace tavolo::engine {

enum class RuleError : std::uint8_t {
    HandOver,            // the hand has ended (or never started: see Hand::setup_error)
    UnknownSeat,         // the seat is not dealt in this hand
    NotYourTurn,         // another player is to act
    NotABettingRound,    // a betting command during the draw
    NotADrawRound,       // a discard outside the draw
    CannotCheck,         // there is a bet to call
    NothingToCall,       // a call with no bet to match (check instead)
    RaiseNotAllowed,     // no chips beyond the call, or every opponent is all-in
    BettingNotReopened,  // a short all-in did not reopen the betting for this player (TDA, APT Art.17.3)
    RaiseCapReached,     // limit: one bet and three raises already made
    BelowMinimum,        // below the minimum bet or raise-to (and not all-in)
    AboveMaximum,        // above the pot-limit or limit maximum
    MoreThanStack,       // more chips than the player has
    BadDiscard,          // a discarded card is not in the player's hand
    CannotShow,          // only the winner of an uncontested pot may show, after the hand
    DuplicateCard,       // a discard lists the same card twice (discard_of)
    NotACard,            // a discard lists a card number outside 0..51 (discard_of)
    StaleDecision,       // the command answers another decision than the one the hand is at
};

// A sentence for the player: what went wrong and what to do.
const char* describe(RuleError error);
const char* name(RuleError error);

// Why a HandSetup cannot start a hand.
enum class SetupError : std::uint8_t {
    TooFewPlayers,
    TooManyPlayers,       // more than the game allows (draw: 6) or than the table has seats
    BadSeat,              // a seat outside 0..table_size-1, repeated, or not in ascending order
    EmptyStack,           // a player dealt in with no chips
    BadBlinds,            // big blind <= 0, negative small blind or ante, small blind above big blind
    BlindSeatNotDealtIn,  // a blind seat that is not among the players dealt in
    BadButton,            // button outside 0..table_size-1
    ChipsOverLimit,       // the stacks add up to more than kMaxTotalChips, or a blind or ante passes it
};
const char* describe(SetupError error);

}  // namespace tavolo::engine
