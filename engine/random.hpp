#pragma once
// Randomness enters the engine only through a RandomSource. The server injects a
// cryptographically secure one (OpenSSL-seeded); tests and simulations inject a seeded one.
#include <cstdint>

namespace tavolo::engine {

class RandomSource {
  public:
    virtual ~RandomSource() = default;
    // 64 uniformly random bits.
    virtual std::uint64_t next_u64() = 0;

    // Uniform integer in [0, bound), bound > 0, without modulo bias (Lemire's
    // multiply-and-reject method).
    std::uint64_t uniform_below(std::uint64_t bound);
};

// A fast, seedable, deterministic generator (xoshiro256**, seeded through splitmix64).
// For tests, simulations and bots; never for dealing real money games.
class SeededRandom final : public RandomSource {
  public:
    explicit SeededRandom(std::uint64_t seed);
    std::uint64_t next_u64() override;

  private:
    std::uint64_t s_[4];
};

}  // namespace tavolo::engine
