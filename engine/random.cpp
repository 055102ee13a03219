#include "engine/random.hpp"

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
}  // namespace

SeededRandom::SeededRandom(std::uint64_t seed) {
    for (auto& word : s_)
        word = splitmix64(seed);
}

std::uint64_t SeededRandom::next_u64() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
}

}  // namespace tavolo::engine
