#pragma once
// Test support: a deterministic server secret source for the live table cores. The cores deal each
// hand from a seed mixed from a server secret (server/table/shuffle_seeds.hpp); production draws it
// from libsodium's CSPRNG, so a test that replays a table from a seeded RandomSource must inject this
// too, or its decks change from run to run.
#include <memory>

#include "engine/random.hpp"
#include "server/table/shuffle_seeds.hpp"

namespace tavolo::server::table::testing {

// One secret per call, the next 32 bytes of SeededRandom(seed): the same sequence every run.
inline SecretSource seeded_secrets(std::uint64_t seed) {
    auto rng = std::make_shared<engine::SeededRandom>(seed);
    return [rng] {
        fairness::ServerSecret s{};
        for (std::size_t i = 0; i < s.size(); i += 8) {
            const std::uint64_t word = rng->next_u64();
            for (std::size_t b = 0; b < 8; ++b)
                s[i + b] = static_cast<std::uint8_t>(word >> (8 * b));
        }
        return s;
    };
}

}  // namespace tavolo::server::table::testing
