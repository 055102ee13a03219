#pragma once
// The RandomSource that deals a provably fair hand: the hand's 32-byte seed expanded by ChaCha20,
// exactly as libsodium's randombytes_buf_deterministic(n, seed) does (key = the seed, nonce
// "LibsodiumDRG", counter from 0), read as little-endian 64-bit words. So the k-th word is the same
// however the words are asked for (next_u64 or fill, in any chunks), and anyone with the seed can
// rebuild the deck: Hand(setup, seed_random) deals what the server dealt.
//
// One SeedRandom per hand: a poker hand draws all its words with one fill() at its start
// (engine/poker/lazy_deck.hpp), so the words a verifier's Hand takes are a prefix of the stream
// whatever else the server's RandomSource served before. The words are made a block of kBufferWords
// at a time (one ChaCha20 call, 8 ChaCha blocks), which covers a whole hand.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "engine/random.hpp"
#include "fairness/seed.hpp"

namespace tavolo::fairness {

class SeedRandom final : public engine::RandomSource {
  public:
    static constexpr std::size_t kBufferWords = 64;

    explicit SeedRandom(const Seed& seed);
    ~SeedRandom() override;  // wipes the seed and the buffered words
    SeedRandom(const SeedRandom&) = delete;
    SeedRandom& operator=(const SeedRandom&) = delete;

    std::uint64_t next_u64() override;
    void fill(std::span<std::uint64_t> out) override;

  private:
    void refill();

    Seed seed_;
    std::array<std::uint64_t, kBufferWords> buffer_{};
    std::size_t next_ = kBufferWords;  // the next unread word of buffer_
    std::uint32_t block_ = 0;          // the ChaCha20 block counter of the next refill
};

}  // namespace tavolo::fairness
