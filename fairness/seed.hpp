#pragma once
// The seed of a hand's shuffle and its commitment (fairness/README.md gives the exact byte layouts).
//   server secret: 32 bytes from libsodium's CSPRNG, one per hand;
//   seed = SHA-256("tavolo/fair/seed/v1" 0x00, secret, count, then per client seed in seat order:
//          seat, length, bytes), integers as 4-byte big-endian;
//   commitment = SHA-256("tavolo/fair/commitment/v1" 0x00, seed), published at the hand's start.
// The seed is revealed at the hand's end; SeedRandom (seed_random.hpp) expands it into the deck.
#include <array>
#include <cstdint>
#include <expected>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/types.hpp"

namespace tavolo::fairness {

inline constexpr std::size_t kSeedBytes = 32;
using Seed = std::array<std::uint8_t, kSeedBytes>;
using ServerSecret = std::array<std::uint8_t, kSeedBytes>;
using Digest = std::array<std::uint8_t, 32>;  // a SHA-256

// What a player's client may send for a hand: any bytes, at most kMaxClientSeedBytes.
inline constexpr std::size_t kMaxClientSeedBytes = 64;
struct ClientSeed {
    engine::SeatIndex seat = engine::kNoSeat;
    std::vector<std::uint8_t> bytes;
};

enum class SeedError { DuplicateSeat, BadSeat, ClientSeedTooLong };
const char* describe(SeedError error);

// 32 bytes from libsodium's CSPRNG. Throws std::runtime_error when libsodium cannot start (no entropy).
ServerSecret make_server_secret();

// Ordered by seat: the order of `client_seeds` does not matter, two seeds for one seat are refused.
// A seat sending nothing is simply absent (an empty seed counts as sent: it changes the hash).
std::expected<Seed, SeedError> mix_seed(const ServerSecret& server_secret,
                                        std::span<const ClientSeed> client_seeds);

// SHA-256 of the domain tag and the seed, lowercase hex (64 digits).
std::string commitment(const Seed& seed);

// Plain SHA-256 (the building block, exposed for the known-answer tests).
Digest sha256(std::span<const std::uint8_t> bytes);

// Lowercase hex, and back (either case; nullopt for an odd length or a non-hex digit).
std::string to_hex(std::span<const std::uint8_t> bytes);
std::optional<std::vector<std::uint8_t>> from_hex(std::string_view hex);
// Exactly 64 hex digits.
std::optional<Seed> seed_from_hex(std::string_view hex);

}  // namespace tavolo::fairness
