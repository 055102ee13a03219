#include "engine/random.hpp"

#include <algorithm>
#include <iterator>

namespace tavolo::engine {

__extension__ typedef unsigned __int128 Uint128;  // GCC/Clang extension, not ISO C++

std::uint64_t RandomSource::uniform_below(std::uint64_t bound) {
    // Lemire, "Fast Random Integer Generation in an Interval" (2019).
    std::uint64_t x = next_u64();
    Uint128 m = static_cast<Uint128>(x) * bound;
    auto low = static_cast<std::uint64_t>(m);
    if (low < bound) {
        const std::uint64_t threshold = (0 - bound) % bound;
        while (low < threshold) {
            x = next_u64();
            m = static_cast<Uint128>(x) * bound;
            low = static_cast<std::uint64_t>(m);
        }
    }
    return static_cast<std::uint64_t>(m >> 64);
}

void RandomSource::fill(std::span<std::uint64_t> out) {
    for (std::uint64_t& word : out)
        word = next_u64();
}

namespace {
std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}
// One xoshiro256** step on a state held by the caller.
inline std::uint64_t xoshiro_step(std::uint64_t (&s)[4]) {
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
}  // namespace

SeededRandom::SeededRandom(std::uint64_t seed) {
    for (auto& word : s_)
        word = splitmix64(seed);
}

std::uint64_t SeededRandom::next_u64() {
    return xoshiro_step(s_);
}

void SeededRandom::fill(std::span<std::uint64_t> out) {
    // The state in locals: `out` could alias s_ as far as the compiler knows, which would make it
    // store and reload the state at every word.
    std::uint64_t s[4] = {s_[0], s_[1], s_[2], s_[3]};
    for (std::uint64_t& word : out)
        word = xoshiro_step(s);
    std::copy(std::begin(s), std::end(s), std::begin(s_));
}

}  // namespace tavolo::engine
