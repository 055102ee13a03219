#include "engine/poker/rule_error.hpp"

namespace tavolo::engine {

const char* name(RuleError error) {
    switch (error) {
        case RuleError::HandOver:
            return "HandOver";
        case RuleError::UnknownSeat:
            return "UnknownSeat";
        case RuleError::NotYourTurn:
            return "NotYourTurn";
        case RuleError::NotABettingRound:
            return "NotABettingRound";
        case RuleError::NotADrawRound:
            return "NotADrawRound";
        case RuleError::CannotCheck:
            return "CannotCheck";
        case RuleError::NothingToCall:
            return "NothingToCall";
        case RuleError::RaiseNotAllowed:
            return "RaiseNotAllowed";
        case RuleError::BettingNotReopened:
            return "BettingNotReopened";
        case RuleError::RaiseCapReached:
            return "RaiseCapReached";
        case RuleError::BelowMinimum:
            return "BelowMinimum";
        case RuleError::AboveMaximum:
            return "AboveMaximum";
        case RuleError::MoreThanStack:
            return "MoreThanStack";
        case RuleError::BadDiscard:
            return "BadDiscard";
        case RuleError::CannotShow:
            return "CannotShow";
        case RuleError::DuplicateCard:
            return "DuplicateCard";
        case RuleError::NotACard:
            return "NotACard";
        case RuleError::StaleDecision:
            return "StaleDecision";
    }
    return "Unknown";
}

const char* describe(RuleError error) {
    switch (error) {
        case RuleError::HandOver:
            return "the hand is over; wait for the next one";
        case RuleError::UnknownSeat:
            return "that seat is not dealt in this hand";
        case RuleError::NotYourTurn:
            return "it is not your turn; wait for the action to reach you";
        case RuleError::NotABettingRound:
            return "this is the draw: discard (or stand pat) instead of betting";
        case RuleError::NotADrawRound:
            return "you can discard only during the draw";
        case RuleError::CannotCheck:
            return "there is a bet to you: fold, call or raise";
        case RuleError::NothingToCall:
            return "there is no bet to call: check or bet";
        case RuleError::RaiseNotAllowed:
            return "you cannot raise: you have no chips beyond the call, or every opponent is all-in";
        case RuleError::BettingNotReopened:
            return "a short all-in did not reopen the betting for you: fold or call";
        case RuleError::RaiseCapReached:
            return "the betting is capped (one bet and three raises): fold or call";
        case RuleError::BelowMinimum:
            return "below the minimum bet or raise; bet at least the minimum, or go all-in";
        case RuleError::AboveMaximum:
            return "above the maximum bet or raise for this betting structure";
        case RuleError::MoreThanStack:
            return "more chips than you have; the most you can bet is your stack";
        case RuleError::BadDiscard:
            return "you can discard only cards in your hand";
        case RuleError::CannotShow:
            return "only the winner of a pot won without showdown may show, after the hand";
        case RuleError::DuplicateCard:
            return "a card is listed twice: list each card you discard once";
        case RuleError::NotACard:
            return "a card number is not a card (0-51): list cards from your hand";
        case RuleError::StaleDecision:
            return "this action answers an earlier decision of the hand: refresh and act again";
    }
    return "unknown rule error";
}

const char* describe(SetupError error) {
    switch (error) {
        case SetupError::TooFewPlayers:
            return "a hand needs at least two players dealt in";
        case SetupError::TooManyPlayers:
            return "more players than the game or the table allows";
        case SetupError::BadSeat:
            return "seats must be distinct, ascending and within the table";
        case SetupError::EmptyStack:
            return "a player dealt in has no chips";
        case SetupError::BadBlinds:
            return "blinds and ante must be non-negative, big blind > 0, small <= big";
        case SetupError::BlindSeatNotDealtIn:
            return "a blind seat is not dealt in";
        case SetupError::BadButton:
            return "the button must be a seat of the table";
        case SetupError::ChipsOverLimit:
            return "the stacks add up to more chips than a table may hold (2^53 - 1), or a blind or ante "
                   "is above that: lower the stacks or the blinds";
    }
    return "unknown setup error";
}

}  // namespace tavolo::engine
