#pragma once
// Checks a hand history against its revealed seed: the proof (proof.hpp), then the hand rebuilt
// with the engine's Hand from the history's setup (engine/phh/table_mapping.hpp, as the replay does)
// and the seed (SeedRandom), the history's actions applied in order, and every card the history
// deals (hole and board cards, stud up and down cards, draw replacements) and every card it shows
// compared with what the seed deals. The seat numbers do not matter: the engine deals clockwise from
// the button's left, which is p1 in the history, so position order is deal order.
// The function the client SDK calls; `tavolo verify-hand` prints its verdicts.
#include <string>

#include "engine/phh/hand_history.hpp"
#include "fairness/proof.hpp"

namespace tavolo::fairness {

struct Verdict {
    bool verified = false;
    Failure failure;         // when not verified: why, and the file line at fault
    int cards_checked = 0;   // cards of the history compared with the seed's deal
    int hidden_cards = 0;    // `??` in the history: nothing to compare
    std::string commitment;  // the hand's commitment, once the proof holds
};

Verdict verify_hand(const engine::phh::HandHistory& history);

}  // namespace tavolo::fairness
