#pragma once
// The provably fair shuffle on the wire (fairness/README.md): a client's seed for a table's next hand,
// in; the commitment at a hand's start and the reveal at its end, out (TableEvent shuffle_commitment,
// shuffle_reveal). Both go to every viewer: the seed is secret only until the hand ends. Plain
// values in, so this library needs neither the table core nor libsodium.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::protocol {

// A client seed that went into a hand's seed: seat (poker) or place clockwise (Polacco), the player,
// the bytes as lowercase hex.
struct SeededBy {
    std::int32_t seat = -1;
    std::int64_t player = -1;
    std::string hex;
};

// What a hand's seed was made of, as the table core reveals it (server/table ShuffleReveal).
struct RevealedShuffle {
    std::string seed;
    std::string commitment;
    std::string server_secret;
    std::vector<SeededBy> client_seeds;
};

// At the hand's start: the commitment and who seeded the hand (their seeds are not sent).
v1::TableEvent shuffle_commitment_event(const TableAddress& table, std::int64_t hand,
                                        const std::string& commitment, std::span<const SeededBy> seeded);
// At the hand's end: the seed, the secret and the client seeds.
v1::TableEvent shuffle_reveal_event(const TableAddress& table, std::int64_t hand,
                                    const RevealedShuffle& reveal);

// The bytes of a ClientSeed message, as the table core takes them.
std::vector<std::uint8_t> client_seed_bytes(const v1::ClientSeed& message);

}  // namespace tavolo::server::protocol
