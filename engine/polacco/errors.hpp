#pragma once
// Why a Poker Polacco command was refused. A refused command changes nothing.
#include <string_view>

namespace tavolo::engine::polacco {

enum class PolaccoError {
    NotSeated,               // the player is not in this hand
    HandOver,                // the hand has ended
    NotYourTurn,             // another player is to act
    DirectionNotChosen,      // the first speaker must choose the direction first
    DirectionAlreadyChosen,  // the direction is chosen once, before the deal
    ClockwiseOnly,           // the casino option fixes the direction
    NotHigher,               // a declaration must be strictly higher than the last one
    NothingToDoubt,          // no declaration has been made yet
    PassNotAllowed,          // the optional Passamano rule is off
    PassAlreadyUsed,         // the single pass of the tournament is spent
    FirstSpeakerCannotPass,  // the opening declaration cannot be passed
    PassReturnsToDeclarer,   // the pass would hand the turn back to the last declarer
    NotEnoughPlayers,        // a hand needs at least two players
    HandInProgress,          // the table is playing a hand
    NoHandInProgress,        // the table has no hand to act on or finish
    HandNotFinished,         // the hand is still being played
    TablePaused,             // the table waits for the others to reach three players
    UnknownTable,            // no such table in the tournament
    InvalidRules,            // the rules asked for are inconsistent
    DuplicateEntrant,        // an entrant (or a seat at a hand) is listed twice
    TooManyPlayers,          // more players than a table seats (7 no-dealer, 9 casino)
    InvalidPenalties,        // a seat with fewer than 0 or more than 3 penalties
    NotOnLadder,             // not one of the ladder's 336 declarations
    InvalidDirection,        // neither clockwise nor anticlockwise
    InvalidTableState,       // a saved table state with a player id or hand count below zero
    TooManyEntrants,         // more entrants than a payout table is made for (kMaxEntrants)
    MoneyOutOfRange,         // a prize part or guarantee below zero, or a prize pool past kMaxTotalCents
    InvalidPayoutTable,      // shares not positive, non-increasing and summing to the whole pool
    StaleDecision,           // the command answers another decision than the one the hand is at
    InconsistentTournament,  // a tournament to restore does not add up (tournament_restore.hpp)
};

// What went wrong and what to do, for logs and for the player.
std::string_view describe(PolaccoError error);

}  // namespace tavolo::engine::polacco
