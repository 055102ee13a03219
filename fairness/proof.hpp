#pragma once
// The shuffle proof a hand history carries (engine/phh/export.hpp, ShuffleProof), read back and
// checked on its own, before any card: the commitment is the seed's, and, when the file reveals how
// the seed was made, the seed is the mix of the server secret and the client seeds (so a player can
// see that the seed his client sent went into the deck).
#include <expected>
#include <string>

#include "engine/phh/hand_history.hpp"
#include "fairness/seed.hpp"

namespace tavolo::fairness {

// A reason (a sentence) and the file line at fault (0 when no line is).
struct Failure {
    std::string reason;
    int line = 0;
};

// The seed, once the proof holds.
std::expected<Seed, Failure> checked_seed(const engine::phh::HandHistory& history);

// "SEAT:HEX" (SEAT 1-based, as the history's `seats`), and back.
std::string client_seed_text(const ClientSeed& seed);
std::expected<ClientSeed, std::string> parse_client_seed(std::string_view text);

}  // namespace tavolo::fairness
