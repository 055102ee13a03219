#pragma once
// Why the server refuses a request, in the protocol's terms: a code a client switches on and a sentence
// for a person (v1::Error). The engine's own refusals map onto the same codes, so a session answers a
// malformed message and a rule the hand enforces the same way.
#include <string>

#include "engine/poker/rule_error.hpp"
#include "engine/polacco/errors.hpp"
#include "tavolo.pb.h"

namespace tavolo::server::protocol {

namespace v1 = ::tavolo::v1;

struct Refusal {
    v1::ErrorCode code = v1::ERROR_CODE_UNSPECIFIED;
    std::string message;  // what went wrong and what to do
};

// NotYourTurn -> NOT_YOUR_TURN, StaleDecision and HandOver -> STALE_DECISION, amounts -> ILLEGAL_AMOUNT,
// malformed discards -> BAD_FIELD, a seat not in the hand -> NOT_SEATED, the other rules -> ILLEGAL_ACTION.
Refusal refusal_of(engine::RuleError error);
Refusal refusal_of(engine::polacco::PolaccoError error);

// The v1::Error a refusal is sent as.
v1::Error error_of(const Refusal& refusal);

}  // namespace tavolo::server::protocol
