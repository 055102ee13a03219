#pragma once
// Randomness enters the engine only through a RandomSource. The server injects a
// cryptographically secure one (OpenSSL-seeded); tests and simulations inject a seeded one.
#include <cstdint>
#include <span>

namespace tavolo::engine {

// The two generator steps the engine uses (SeededRandom below; a poker deck's fallback,
// poker/lazy_deck.hpp), written once. splitmix64 advances `state`; xoshiro256** advances `s`.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
constexpr std::uint64_t xoshiro256ss(std::uint64_t (&s)[4]) {
    const auto rotl = [](std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); };
    const std::uint64_t result = rotl(s[1] * 5, 7) * 9;
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

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
