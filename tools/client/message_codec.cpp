#include "tools/client/message_codec.hpp"

namespace tavolo::client {

std::expected<v1::ServerMessage, Problem> decode_server_message(std::string_view frame, bool binary) {
    if (!binary)
        return std::unexpected(
            Problem{ProblemKind::Malformed, "a text frame (the protocol is binary frames only)"});
    v1::ServerMessage message;
    if (!message.ParseFromArray(frame.data(), static_cast<int>(frame.size())))
        return std::unexpected(Problem{ProblemKind::Malformed, "a frame of " + std::to_string(frame.size()) +
                                                                   " bytes that is not a ServerMessage"});
    return message;
}

std::string encode(const v1::ClientMessage& message) {
    return message.SerializeAsString();
}

}  // namespace tavolo::client
