#pragma once
// The provably fair check of a Poker Polacco hand. Polacco has no hand-history format: a hand is
// recorded as the engine's events seen whole (engine/polacco/record_check.hpp), so the verifier takes
// the record, the hand's setup and the revealed seed with its published commitment. It checks the
// commitment, that the record is one the engine plays (check_record), and that every card it deals is
// the seed's: a Polacco hand shuffles a whole deck from its RandomSource (Hand::start) and deals from
// the top in the order the record lists the deals, so the k-th CardDealt is the seed deck's k-th card.
#include <string_view>

#include "engine/polacco/hand.hpp"
#include "fairness/seed.hpp"
#include "fairness/verify_hand.hpp"

namespace tavolo::fairness {

// Failure::line is unused here; the reason names the event (`event 7: ...`).
Verdict verify_polacco_hand(const Seed& seed, std::string_view commitment_hex,
                            const engine::polacco::HandSetup& setup, const engine::polacco::Events& recorded);

}  // namespace tavolo::fairness
