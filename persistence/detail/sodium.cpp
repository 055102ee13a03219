#include "persistence/detail/sodium.hpp"

#include <sodium.h>

#include <mutex>
#include <stdexcept>
#include <vector>

namespace tavolo::persistence::detail {

void ensure_sodium() {
    static std::once_flag once;
    std::call_once(once, [] {
        if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
    });
}

std::string sha256_hex(std::string_view data) {
    ensure_sodium();
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(data.data()), data.size());
    char hex[2 * crypto_hash_sha256_BYTES + 1];
    sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
    return hex;
}

std::string random_token(std::size_t bytes) {
    ensure_sodium();
    std::vector<unsigned char> raw(bytes);
    randombytes_buf(raw.data(), raw.size());
    std::string out(sodium_base64_encoded_len(bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
    sodium_bin2base64(out.data(), out.size(), raw.data(), raw.size(),
                      sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    out.resize(out.find('\0'));
    return out;
}

std::string blake2b_256(std::string_view data) {
    ensure_sodium();
    std::string out(32, '\0');
    crypto_generichash(reinterpret_cast<unsigned char*>(out.data()), out.size(),
                       reinterpret_cast<const unsigned char*>(data.data()), data.size(), nullptr, 0);
    return out;
}

}  // namespace tavolo::persistence::detail
