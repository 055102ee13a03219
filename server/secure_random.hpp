#pragma once
// The RandomSource that deals real games: OpenSSL's CSPRNG (a DRBG seeded by the operating system).
// One instance per table actor; not shared between threads.
#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/random.hpp"

namespace tavolo::server {

class SecureRandom final : public engine::RandomSource {
  public:
    // Throws std::runtime_error if OpenSSL cannot produce random bytes (no entropy source).
    SecureRandom();
    std::uint64_t next_u64() override;

  private:
    void refill();

    // Random bytes are fetched in blocks: one RAND_bytes call serves 64 draws.
    std::array<std::uint64_t, 64> buffer_{};
    std::size_t next_ = buffer_.size();
};

}  // namespace tavolo::server
