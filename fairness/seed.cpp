#include "fairness/seed.hpp"

#include <sodium.h>

#include <algorithm>
#include <stdexcept>

namespace tavolo::fairness {
namespace {

constexpr std::string_view kSeedTag = "tavolo/fair/seed/v1";
constexpr std::string_view kCommitmentTag = "tavolo/fair/commitment/v1";

void start_sodium() {
    // Idempotent and thread-safe; needed before randombytes_buf.
    if (sodium_init() < 0) throw std::runtime_error("libsodium could not start (no entropy source?)");
}

// A domain tag and its terminating zero byte: a tag can never be read as the start of another input.
void add_tag(crypto_hash_sha256_state& state, std::string_view tag) {
    crypto_hash_sha256_update(&state, reinterpret_cast<const unsigned char*>(tag.data()), tag.size());
    const unsigned char zero = 0;
    crypto_hash_sha256_update(&state, &zero, 1);
}

void add_u32(crypto_hash_sha256_state& state, std::uint32_t v) {
    const std::array<unsigned char, 4> be = {
        static_cast<unsigned char>(v >> 24), static_cast<unsigned char>(v >> 16),
        static_cast<unsigned char>(v >> 8), static_cast<unsigned char>(v)};
    crypto_hash_sha256_update(&state, be.data(), be.size());
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

const char* describe(SeedError error) {
    switch (error) {
        case SeedError::DuplicateSeat:
            return "two client seeds for one seat: send at most one per seat and hand";
        case SeedError::BadSeat:
            return "a client seed names no seat: give the seat it comes from";
        case SeedError::ClientSeedTooLong:
            return "a client seed is longer than 64 bytes: send a shorter one (32 random bytes is plenty)";
    }
    return "unknown seed error";
}

ServerSecret make_server_secret() {
    start_sodium();
    ServerSecret secret;
    randombytes_buf(secret.data(), secret.size());
    return secret;
}

std::expected<Seed, SeedError> mix_seed(const ServerSecret& server_secret,
                                        std::span<const ClientSeed> client_seeds) {
    std::vector<const ClientSeed*> sorted;
    for (const ClientSeed& c : client_seeds) {
        if (c.seat < 0) return std::unexpected(SeedError::BadSeat);
        if (c.bytes.size() > kMaxClientSeedBytes) return std::unexpected(SeedError::ClientSeedTooLong);
        sorted.push_back(&c);
    }
    std::ranges::sort(sorted, {}, [](const ClientSeed* c) { return c->seat; });
    if (std::ranges::adjacent_find(sorted, {}, [](const ClientSeed* c) { return c->seat; }) != sorted.end())
        return std::unexpected(SeedError::DuplicateSeat);

    crypto_hash_sha256_state state;
    crypto_hash_sha256_init(&state);
    add_tag(state, kSeedTag);
    crypto_hash_sha256_update(&state, server_secret.data(), server_secret.size());
    add_u32(state, static_cast<std::uint32_t>(sorted.size()));
    for (const ClientSeed* c : sorted) {
        add_u32(state, static_cast<std::uint32_t>(c->seat));
        add_u32(state, static_cast<std::uint32_t>(c->bytes.size()));
        crypto_hash_sha256_update(&state, c->bytes.data(), c->bytes.size());
    }
    Seed seed;
    crypto_hash_sha256_final(&state, seed.data());
    return seed;
}

std::string commitment(const Seed& seed) {
    crypto_hash_sha256_state state;
    crypto_hash_sha256_init(&state);
    add_tag(state, kCommitmentTag);
    crypto_hash_sha256_update(&state, seed.data(), seed.size());
    Digest digest;
    crypto_hash_sha256_final(&state, digest.data());
    return to_hex(digest);
}

Digest sha256(std::span<const std::uint8_t> bytes) {
    Digest digest;
    crypto_hash_sha256(digest.data(), bytes.data(), bytes.size());
    return digest;
}

std::string to_hex(std::span<const std::uint8_t> bytes) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2);
    for (std::uint8_t b : bytes) {
        out += kDigits[b >> 4];
        out += kDigits[b & 0xf];
    }
    return out;
}

std::optional<std::vector<std::uint8_t>> from_hex(std::string_view hex) {
    if (hex.size() % 2 != 0) return std::nullopt;
    std::vector<std::uint8_t> out;
    out.reserve(hex.size() / 2);
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int hi = hex_digit(hex[i]);
        const int lo = hex_digit(hex[i + 1]);
        if (hi < 0 || lo < 0) return std::nullopt;
        out.push_back(static_cast<std::uint8_t>(hi * 16 + lo));
    }
    return out;
}

std::optional<Seed> seed_from_hex(std::string_view hex) {
    auto bytes = from_hex(hex);
    if (!bytes || bytes->size() != kSeedBytes) return std::nullopt;
    Seed seed;
    std::ranges::copy(*bytes, seed.begin());
    return seed;
}

}  // namespace tavolo::fairness
