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

std::expected<std::vector<v1::ServerMessage>, Problem> decode_server_messages(std::string_view frame,
                                                                              bool binary) {
    auto message = decode_server_message(frame, binary);
    if (!message) return std::unexpected(std::move(message.error()));
    std::vector<v1::ServerMessage> out;
    if (message->body_case() != v1::ServerMessage::kBatch) {
        out.push_back(std::move(*message));
        return out;
    }
    auto& batch = *message->mutable_batch()->mutable_messages();
    out.reserve(static_cast<std::size_t>(batch.size()));
    for (v1::ServerMessage& m : batch) {
        if (m.body_case() == v1::ServerMessage::kBatch)
            return std::unexpected(Problem{ProblemKind::Malformed, "a batch inside a batch"});
        out.push_back(std::move(m));
    }
    return out;
}

std::string encode(const v1::ClientMessage& message) {
    return message.SerializeAsString();
}

}  // namespace tavolo::client
