#include "server/table/shuffle_seeds.hpp"

#include <algorithm>

namespace tavolo::server::table {

bool ShuffleSeeds::take(std::int64_t player, std::vector<std::uint8_t> bytes) {
    if (bytes.size() > fairness::kMaxClientSeedBytes) return false;
    kept_[player] = std::move(bytes);
    return true;
}

HandShuffle ShuffleSeeds::make(std::int64_t hand, std::span<const DealtPlayer> dealt) const {
    HandShuffle out;
    const fairness::ServerSecret secret = secrets_();
    std::vector<fairness::ClientSeed> seeds;
    for (const DealtPlayer& d : dealt) {
        const auto it = kept_.find(d.player);
        if (it == kept_.end()) continue;
        seeds.push_back({d.seat, it->second});
        out.reveal.client_seeds.push_back({d.seat, d.player, fairness::to_hex(it->second)});
    }
    std::ranges::sort(out.reveal.client_seeds, {}, &RevealedClientSeed::seat);
    // The seats are distinct and the seeds checked on arrival, so the mix cannot refuse; were it to,
    // the secret alone makes the seed and the reveal says no client seed went in.
    if (auto mixed = fairness::mix_seed(secret, seeds)) {
        out.seed = *mixed;
    } else {
        out.seed = *fairness::mix_seed(secret, {});
        out.reveal.client_seeds.clear();
    }
    out.reveal.hand = hand;
    out.reveal.seed = fairness::to_hex(out.seed);
    out.reveal.commitment = fairness::commitment(out.seed);
    out.reveal.server_secret = fairness::to_hex(secret);
    return out;
}

ShuffleCommitted commitment_of(const ShuffleReveal& reveal, Sequence seq) {
    ShuffleCommitted c;
    c.seq = seq;
    c.hand = reveal.hand;
    c.commitment = reveal.commitment;
    for (const RevealedClientSeed& s : reveal.client_seeds)
        c.seeded.push_back({s.seat, s.player, ""});
    return c;
}

}  // namespace tavolo::server::table
