#include "engine/polacco/errors.hpp"

namespace tavolo::engine::polacco {

std::string_view describe(PolaccoError error) {
    switch (error) {
        case PolaccoError::NotSeated:
            return "you are not playing this hand";
        case PolaccoError::HandOver:
            return "the hand is over; wait for the next one";
        case PolaccoError::NotYourTurn:
            return "it is not your turn; wait for the player to act";
        case PolaccoError::DirectionNotChosen:
            return "choose the direction of play (clockwise or anticlockwise) first";
        case PolaccoError::DirectionAlreadyChosen:
            return "the direction is already chosen for this hand";
        case PolaccoError::ClockwiseOnly:
            return "this tournament plays clockwise only";
        case PolaccoError::NotHigher:
            return "declare a Punto strictly higher than the last one, or doubt it";
        case PolaccoError::NothingToDoubt:
            return "nothing has been declared yet: declare a Punto";
        case PolaccoError::PassNotAllowed:
            return "this tournament does not allow the pass (Passamano)";
        case PolaccoError::PassAlreadyUsed:
            return "you have already used your pass in this tournament";
        case PolaccoError::FirstSpeakerCannotPass:
            return "the first speaker must declare and cannot pass";
        case PolaccoError::PassReturnsToDeclarer:
            return "a pass here would hand the turn back to the last declarer: declare or doubt";
        case PolaccoError::NotEnoughPlayers:
            return "a hand needs at least two players";
        case PolaccoError::HandInProgress:
            return "a hand is in progress at this table";
        case PolaccoError::NoHandInProgress:
            return "no hand is in progress at this table";
        case PolaccoError::HandNotFinished:
            return "the hand is still being played";
        case PolaccoError::TablePaused:
            return "the table is paused until every table has three players left";
        case PolaccoError::UnknownTable:
            return "no such table in this tournament";
        case PolaccoError::InvalidRules:
            return "inconsistent rules: 'clockwise only' is a casino-mode option";
        case PolaccoError::DuplicateEntrant:
            return "an entrant is listed twice: each player enters once";
        case PolaccoError::TooManyPlayers:
            return "too many players for one table: at most 7 without a dealer, 9 in the casino";
        case PolaccoError::InvalidPenalties:
            return "a player holds 0 to 3 penalties; a fourth eliminates him";
        case PolaccoError::NotOnLadder:
            return "that is not a Punto of the ladder: declare one of its 336 declarations";
        case PolaccoError::InvalidDirection:
            return "choose clockwise or anticlockwise";
        case PolaccoError::InvalidTableState:
            return "the saved table has a player id or hand count below zero: restore it from an intact "
                   "snapshot";
        case PolaccoError::TooManyEntrants:
            return "more entrants than a tournament can pay (10,000,000): split the field";
        case PolaccoError::MoneyOutOfRange:
            return "the prize part and the guarantee must be zero or more, and the prize pool at most 2^53 - "
                   "1 cents: lower the prize part or the guarantee";
        case PolaccoError::InvalidPayoutTable:
            return "payout shares must be positive, non-increasing and add up to the whole pool";
        case PolaccoError::StaleDecision:
            return "this action answers an earlier decision of the hand: refresh and act again";
        case PolaccoError::InconsistentTournament:
            return "the saved tournament does not add up (a player at two tables or placed twice, a "
                   "table missing, places not 1..n): it cannot resume; cancel it with refunds";
    }
    return "unknown error";
}

}  // namespace tavolo::engine::polacco
