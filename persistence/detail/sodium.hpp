#pragma once
// libsodium, initialised once before first use (internal).
#include <string>
#include <string_view>

namespace tavolo::persistence::detail {

void ensure_sodium();
std::string sha256_hex(std::string_view data);
std::string random_token(std::size_t bytes);     // URL-safe base64, no padding
std::string blake2b_256(std::string_view data);  // raw 32 bytes

}  // namespace tavolo::persistence::detail
