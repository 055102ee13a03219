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

SeededRandom::SeededRandom(std::uint64_t seed) {
    for (auto& word : s_)
        word = splitmix64(seed);
}

std::uint64_t SeededRandom::next_u64() {
    return xoshiro256ss(s_);
}

void SeededRandom::fill(std::span<std::uint64_t> out) {
    // The state in locals: `out` could alias s_ as far as the compiler knows, which would make it
    // store and reload the state at every word.
    std::uint64_t s[4] = {s_[0], s_[1], s_[2], s_[3]};
    for (std::uint64_t& word : out)
        word = xoshiro256ss(s);
    std::copy(std::begin(s), std::end(s), std::begin(s_));
}

}  // namespace tavolo::engine
