#pragma once
// What the player to act may do, and for how much (APT Art.24.7). Built by Hand::legal_actions()
// from the same verifiers that judge commands, so the two never disagree.
#include "engine/decision.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

struct LegalActions {
    DecisionNumber decision = 0;  // the decision these actions answer (Hand::decision())
    SeatIndex seat = kNoSeat;     // whose turn; kNoSeat when nobody is to act (hand over)
    bool betting = false;         // a betting decision
    bool drawing = false;         // a draw decision (Discard)
    bool may_fold = false;
    bool may_check = false;
    bool may_call = false;
    Chips call_amount = 0;  // chips a call adds (all-in if it is the whole stack)
    bool may_bet_or_raise = false;
    bool is_raise = false;  // there is a bet to raise (else it is an opening bet)
    // Every BetOrRaiseTo amount in [min_to, max_to] is legal, and nothing else. A stack short of a
    // full bet or raise makes min_to = max_to = all_in_to (the all-in is then the only raise).
    Chips min_to = 0;
    Chips max_to = 0;
    Chips all_in_to = 0;   // the player's bet this round plus stack
    int max_discards = 0;  // draw: cards the player may exchange
    friend bool operator==(const LegalActions&, const LegalActions&) = default;
};

}  // namespace tavolo::engine
