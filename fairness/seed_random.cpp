#include "fairness/seed_random.hpp"

#include <sodium.h>

#include <algorithm>

namespace tavolo::fairness {
namespace {

// randombytes_buf_deterministic's nonce (libsodium, randombytes.c): continuing its stream with the
// same key and nonce at a later block counter gives exactly the bytes a longer call would.
constexpr std::array<unsigned char, crypto_stream_chacha20_ietf_NONCEBYTES> kNonce = {
    'L', 'i', 'b', 's', 'o', 'd', 'i', 'u', 'm', 'D', 'R', 'G'};
constexpr std::size_t kChachaBlockBytes = 64;
constexpr std::size_t kBufferBytes = SeedRandom::kBufferWords * 8;
static_assert(kBufferBytes % kChachaBlockBytes == 0);

}  // namespace

SeedRandom::SeedRandom(const Seed& seed) : seed_(seed) {}

SeedRandom::~SeedRandom() {
    sodium_memzero(seed_.data(), seed_.size());
    sodium_memzero(buffer_.data(), sizeof buffer_);
}

void SeedRandom::refill() {
    std::array<unsigned char, kBufferBytes> bytes{};
    // XOR over zeros: the key stream itself, from block block_ on.
    crypto_stream_chacha20_ietf_xor_ic(bytes.data(), bytes.data(), bytes.size(), kNonce.data(), block_,
                                       seed_.data());
    block_ += static_cast<std::uint32_t>(kBufferBytes / kChachaBlockBytes);
    for (std::size_t w = 0; w < kBufferWords; ++w) {
        std::uint64_t word = 0;
        for (std::size_t b = 0; b < 8; ++b)  // little-endian, whatever the host
            word |= std::uint64_t{bytes[w * 8 + b]} << (8 * b);
        buffer_[w] = word;
    }
    sodium_memzero(bytes.data(), bytes.size());
    next_ = 0;
}

std::uint64_t SeedRandom::next_u64() {
    if (next_ == kBufferWords) refill();
    return buffer_[next_++];
}

void SeedRandom::fill(std::span<std::uint64_t> out) {
    while (!out.empty()) {
        if (next_ == kBufferWords) refill();
        const std::size_t n = std::min(out.size(), kBufferWords - next_);
        std::copy_n(buffer_.begin() + static_cast<std::ptrdiff_t>(next_), n, out.begin());
        next_ += n;
        out = out.subspan(n);
    }
}

}  // namespace tavolo::fairness
