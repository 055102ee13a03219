#include "persistence/password_hash.hpp"

#include <sodium.h>

#include <stdexcept>

#include "persistence/detail/sodium.hpp"

namespace tavolo::persistence {

PasswordCost PasswordCost::interactive() {
    return {crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE, crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE};
}

PasswordCost PasswordCost::moderate() {
    return {crypto_pwhash_argon2id_OPSLIMIT_MODERATE, crypto_pwhash_argon2id_MEMLIMIT_MODERATE};
}

PasswordCost PasswordCost::minimum() {
    return {crypto_pwhash_argon2id_OPSLIMIT_MIN, crypto_pwhash_argon2id_MEMLIMIT_MIN};
}

std::string hash_password(std::string_view password, PasswordCost cost) {
    detail::ensure_sodium();
    char out[crypto_pwhash_argon2id_STRBYTES];
    if (crypto_pwhash_argon2id_str(out, password.data(), password.size(), cost.ops_limit, cost.mem_limit) !=
        0)
        throw std::runtime_error("password hashing ran out of memory");
    return out;
}

bool verify_password(const std::string& hash, std::string_view password) {
    detail::ensure_sodium();
    return crypto_pwhash_argon2id_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

bool password_needs_rehash(const std::string& hash, PasswordCost cost) {
    detail::ensure_sodium();
    return crypto_pwhash_argon2id_str_needs_rehash(hash.c_str(), cost.ops_limit, cost.mem_limit) != 0;
}

}  // namespace tavolo::persistence
