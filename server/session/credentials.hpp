#pragma once
// What an account name, a password and a resume token must look like, checked on the session's strand
// before any database or Argon2id work is asked for: a request that cannot succeed costs nothing, and
// the length caps bound the hashing work a client can cause.
#include <cstddef>
#include <expected>
#include <string_view>

#include "server/protocol/refusal.hpp"

namespace tavolo::server::session {

inline constexpr std::size_t kMinNameLength = 3;
inline constexpr std::size_t kMaxNameLength = 20;  // within persistence's 32
inline constexpr std::size_t kMinPasswordLength = 8;
inline constexpr std::size_t kMaxPasswordLength = 128;  // bytes
inline constexpr std::size_t kMinTokenLength = 16;
inline constexpr std::size_t kMaxTokenLength = 128;

// 3 to 20 ASCII letters, digits, '_', '-' or '.', starting with a letter or a digit (names others read
// at the tables: no look-alike Unicode, no spaces). BAD_CREDENTIALS_FORMAT saying which rule failed.
std::expected<void, protocol::Refusal> verify_account_name(std::string_view name);
// 8 to 128 bytes, no control characters. BAD_CREDENTIALS_FORMAT saying which rule failed.
std::expected<void, protocol::Refusal> verify_password(std::string_view password);
// The resume token a LoggedIn gave: 16 to 128 characters of the base64url alphabet (hex included).
// BAD_RESUME_TOKEN otherwise.
std::expected<void, protocol::Refusal> verify_resume_token(std::string_view token);

}  // namespace tavolo::server::session
