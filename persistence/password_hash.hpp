#pragma once
// Argon2id password hashes (libsodium's crypto_pwhash_str), self-describing strings "$argon2id$...".
#include <cstddef>
#include <string>
#include <string_view>

namespace tavolo::persistence {

struct PasswordCost {
    unsigned long long ops_limit;
    std::size_t mem_limit;  // bytes

    static PasswordCost interactive();  // libsodium's interactive limits: 2 passes, 64 MiB (production)
    static PasswordCost moderate();     // libsodium's moderate limits: 3 passes, 256 MiB
    static PasswordCost minimum();      // the smallest libsodium accepts: for tests only
};

std::string hash_password(std::string_view password, PasswordCost cost);
bool verify_password(const std::string& hash, std::string_view password);
// True when `hash` was made with other limits than `cost` (rehash at the next successful login).
bool password_needs_rehash(const std::string& hash, PasswordCost cost);

}  // namespace tavolo::persistence
