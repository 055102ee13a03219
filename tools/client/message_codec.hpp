#pragma once
// Frames to messages and back: one envelope per binary WebSocket frame (proto/README.md "Envelopes").
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "tools/client/table_tracker.hpp"

namespace tavolo::client {

// The ServerMessage in a frame; a text frame or bytes that do not parse are a Malformed problem.
std::expected<v1::ServerMessage, Problem> decode_server_message(std::string_view frame, bool binary);
// The messages in a frame, in order: one, or those of a ServerMessage.batch (sent to a client whose
// Hello set accepts_batches). A batch inside a batch is a Malformed problem.
std::expected<std::vector<v1::ServerMessage>, Problem> decode_server_messages(std::string_view frame,
                                                                              bool binary);
std::string encode(const v1::ClientMessage& message);

}  // namespace tavolo::client
