#pragma once
// Randomness enters the engine only through a RandomSource. The server injects a
// cryptographically secure one (OpenSSL-seeded); tests and simulations inject a seeded one.
#include <cstdint>
#include <span>

namespace tavolo::engine {

class RandomSource {
  public:
    virtual ~RandomSource() = default;
    // 64 uniformly random bits.
    virtual std::uint64_t next_u64() = 0;
    // Fills `out` with 64-bit draws, exactly as that many next_u64() calls would (a poker hand
    // draws the randomness it needs at its start in one call: poker/lazy_deck.hpp).
    virtual void fill(std::span<std::uint64_t> out);

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
    void fill(std::span<std::uint64_t> out) override;

  private:
    std::uint64_t s_[4];
};

}  // namespace tavolo::engine
