#pragma once
// Frames to messages and back: one envelope per binary WebSocket frame (proto/README.md "Envelopes").
#include <expected>
#include <string>
#include <string_view>

#include "tools/client/table_tracker.hpp"

namespace tavolo::client {

// The ServerMessage in a frame; a text frame or bytes that do not parse are a Malformed problem.
std::expected<v1::ServerMessage, Problem> decode_server_message(std::string_view frame, bool binary);
std::string encode(const v1::ClientMessage& message);

}  // namespace tavolo::client
