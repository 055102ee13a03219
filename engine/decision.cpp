#include "engine/decision.hpp"

namespace tavolo::engine {

std::string stale_decision_message(DecisionNumber answered, DecisionNumber current) {
    return "this action answers decision " + std::to_string(answered) + " but the hand is at decision " +
           std::to_string(current) + ": refresh and act again";
}

}  // namespace tavolo::engine
