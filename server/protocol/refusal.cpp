#include "server/protocol/refusal.hpp"

namespace tavolo::server::protocol {

namespace {

v1::ErrorCode code_of(engine::RuleError error) {
    using engine::RuleError;
    switch (error) {
        case RuleError::NotYourTurn:
            return v1::ERROR_CODE_NOT_YOUR_TURN;
        // An action for a hand that has ended answers a decision that is gone.
        case RuleError::HandOver:
        case RuleError::StaleDecision:
            return v1::ERROR_CODE_STALE_DECISION;
        case RuleError::BelowMinimum:
        case RuleError::AboveMaximum:
        case RuleError::MoreThanStack:
            return v1::ERROR_CODE_ILLEGAL_AMOUNT;
        case RuleError::DuplicateCard:
        case RuleError::NotACard:
            return v1::ERROR_CODE_BAD_FIELD;
        case RuleError::UnknownSeat:
            return v1::ERROR_CODE_NOT_SEATED;
        case RuleError::NotABettingRound:
        case RuleError::NotADrawRound:
        case RuleError::CannotCheck:
        case RuleError::NothingToCall:
        case RuleError::RaiseNotAllowed:
        case RuleError::BettingNotReopened:
        case RuleError::RaiseCapReached:
        case RuleError::BadDiscard:
        case RuleError::CannotShow:
            return v1::ERROR_CODE_ILLEGAL_ACTION;
    }
    return v1::ERROR_CODE_ILLEGAL_ACTION;
}

v1::ErrorCode code_of(engine::polacco::PolaccoError error) {
    using engine::polacco::PolaccoError;
    switch (error) {
        case PolaccoError::NotYourTurn:
            return v1::ERROR_CODE_NOT_YOUR_TURN;
        case PolaccoError::HandOver:
        case PolaccoError::StaleDecision:
        case PolaccoError::NoHandInProgress:
            return v1::ERROR_CODE_STALE_DECISION;
        case PolaccoError::NotSeated:
            return v1::ERROR_CODE_NOT_SEATED;
        case PolaccoError::NotOnLadder:
        case PolaccoError::InvalidDirection:
            return v1::ERROR_CODE_BAD_FIELD;
        case PolaccoError::UnknownTable:
            return v1::ERROR_CODE_UNKNOWN_TABLE;
        default:
            return v1::ERROR_CODE_ILLEGAL_ACTION;
    }
}

}  // namespace

Refusal refusal_of(engine::RuleError error) {
    return {code_of(error), engine::describe(error)};
}

Refusal refusal_of(engine::polacco::PolaccoError error) {
    return {code_of(error), std::string(engine::polacco::describe(error))};
}

v1::Error error_of(const Refusal& refusal) {
    v1::Error out;
    out.set_code(refusal.code);
    out.set_message(refusal.message);
    return out;
}

}  // namespace tavolo::server::protocol
