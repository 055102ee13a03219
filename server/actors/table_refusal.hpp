#pragma once
// A table core's refusal as the protocol words it, for the poker and the Polacco table actors alike.
#include <string>

#include "server/protocol/refusal.hpp"
#include "server/table/table_effects.hpp"

namespace tavolo::server::actors {

// `rule`: the hand's own refusal, used when `kind` is Refusal::Rule (its message replaced by `message`
// when the core gave one).
protocol::Refusal refusal_words(table::Refusal kind, const std::string& message, protocol::Refusal rule);

}  // namespace tavolo::server::actors
