#include "server/actors/shuffle_frames.hpp"

#include "server/protocol/envelope.hpp"
#include "server/protocol/shuffle_proof.hpp"
#include "server/session/session_core.hpp"

namespace tavolo::server::actors {

namespace {

std::vector<protocol::SeededBy> seeded_by(const std::vector<table::RevealedClientSeed>& seeds) {
    std::vector<protocol::SeededBy> out;
    out.reserve(seeds.size());
    for (const auto& s : seeds)
        out.push_back({s.seat, s.player, s.hex});
    return out;
}

}  // namespace

session::Frame commitment_frame(const protocol::TableAddress& table,
                                const table::ShuffleCommitted& committed) {
    const auto seeded = seeded_by(committed.seeded);
    return session::serialise(protocol::table_message(
        protocol::shuffle_commitment_event(table, committed.hand, committed.commitment, seeded),
        static_cast<std::uint64_t>(committed.seq)));
}

session::Frame reveal_frame(const protocol::TableAddress& table, const table::ShuffleRevealed& revealed) {
    const table::ShuffleReveal& r = revealed.reveal;
    const protocol::RevealedShuffle reveal{r.seed, r.commitment, r.server_secret, seeded_by(r.client_seeds)};
    return session::serialise(protocol::table_message(protocol::shuffle_reveal_event(table, r.hand, reveal),
                                                      static_cast<std::uint64_t>(revealed.seq)));
}

}  // namespace tavolo::server::actors
