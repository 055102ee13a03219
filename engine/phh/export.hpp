#pragma once
// A played hand as a PHH hand history, built from the engine's events (the single source of truth,
// DESIGN.md): players in position order (p1 is the first dealt-in seat clockwise from the button,
// the last is the button), forced bets per position (reversed heads-up, as the standard does),
// one `d dh` per player and street, one `d db` per board street, each action with its total
// (`cbr` is the bet *to*), `sd` with the discarded cards, `sm` for shown and mucked hands, and
// the finishing stacks. Also written: `hand` (the hand id), `seats` (1-based seat numbers) and
// `seat_count`, and with a ShuffleProof the provably fair shuffle's fields (fairness/README.md).
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/phh/hand_history.hpp"
#include "engine/poker/hand.hpp"

namespace tavolo::engine::phh {

// The provably fair shuffle of the hand (fairness/), as PHH user-defined fields (a leading
// underscore, which readers that do not know them keep or ignore): `_tavolo_seed` and
// `_tavolo_commitment` (hex strings); when the server reveals how the seed was mixed,
// `_tavolo_server_secret` (hex) and `_tavolo_client_seeds` (["SEAT:HEX", ...], SEAT 1-based as in
// `seats`). Empty strings and an empty list are not written.
struct ShuffleProof {
    std::string seed;
    std::string commitment;
    std::string server_secret;
    std::vector<std::string> client_seeds;
};
inline constexpr std::string_view kSeedField = "_tavolo_seed";
inline constexpr std::string_view kCommitmentField = "_tavolo_commitment";
inline constexpr std::string_view kServerSecretField = "_tavolo_server_secret";
inline constexpr std::string_view kClientSeedsField = "_tavolo_client_seeds";

// The hand must have been played with events recorded (HandOptions::record_events). names_by_seat,
// when given, is indexed by seat and becomes `players`. A hand still in progress gives the actions
// so far and no finishing stacks.
HandHistory history_of_hand(const Hand& hand, const HandSetup& setup,
                            std::span<const std::string> names_by_seat = {},
                            const ShuffleProof* shuffle = nullptr);

}  // namespace tavolo::engine::phh
