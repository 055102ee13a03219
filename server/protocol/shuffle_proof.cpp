#include "server/protocol/shuffle_proof.hpp"

namespace tavolo::server::protocol {

namespace {

void set_seeded(v1::RevealedClientSeed* out, const SeededBy& seed, bool with_bytes) {
    out->set_seat(seed.seat);
    out->set_player(seed.player);
    if (with_bytes) out->set_seed_hex(seed.hex);
}

}  // namespace

v1::TableEvent shuffle_commitment_event(const TableAddress& table, std::int64_t hand,
                                        const std::string& commitment, std::span<const SeededBy> seeded) {
    v1::TableEvent out = addressed_event(table, hand);
    v1::ShuffleCommitment* m = out.mutable_shuffle_commitment();
    m->set_commitment(commitment);
    // Who seeded, not the bytes: the reveal publishes those with the secret, once the hand is over.
    for (const SeededBy& s : seeded)
        set_seeded(m->add_seeded(), s, false);
    return out;
}

v1::TableEvent shuffle_reveal_event(const TableAddress& table, std::int64_t hand,
                                    const RevealedShuffle& reveal) {
    v1::TableEvent out = addressed_event(table, hand);
    v1::ShuffleReveal* m = out.mutable_shuffle_reveal();
    m->set_seed(reveal.seed);
    m->set_commitment(reveal.commitment);
    m->set_server_secret(reveal.server_secret);
    for (const SeededBy& s : reveal.client_seeds)
        set_seeded(m->add_client_seeds(), s, true);
    return out;
}

std::vector<std::uint8_t> client_seed_bytes(const v1::ClientSeed& message) {
    const std::string& bytes = message.seed();
    return {bytes.begin(), bytes.end()};
}

}  // namespace tavolo::server::protocol
