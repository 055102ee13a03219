#pragma once
// The first exchange of every connection (proto/README.md "Versioning"): a Hello naming the protocol
// version the client speaks; the server answers Welcome, or an Error with BAD_VERSION and closes.
#include <cstdint>
#include <expected>
#include <string_view>

#include "server/protocol/refusal.hpp"

namespace tavolo::server::protocol {

// The version this server speaks.
inline constexpr v1::ProtocolVersion kProtocolVersion = v1::PROTOCOL_VERSION_1;
// The largest frame the server accepts (issue 10: a larger one is refused and closes the connection).
inline constexpr std::uint32_t kMaxFrameBytes = 64 * 1024;

// Welcome for a Hello in this server's version; BAD_VERSION (saying which version each side speaks) for
// any other, UNSPECIFIED included.
std::expected<v1::Welcome, Refusal> accept_hello(const v1::Hello& hello, std::string_view server_version);

}  // namespace tavolo::server::protocol
