#include "server/protocol/handshake.hpp"

#include <string>

namespace tavolo::server::protocol {

std::expected<v1::Welcome, Refusal> accept_hello(const v1::Hello& hello, std::string_view server_version) {
    if (hello.version() != kProtocolVersion)
        return std::unexpected(Refusal{
            v1::ERROR_CODE_BAD_VERSION,
            "this server speaks protocol version " + std::to_string(static_cast<int>(kProtocolVersion)) +
                " and the client sent version " + std::to_string(static_cast<int>(hello.version())) +
                ": update the client (proto/tavolo.proto)"});
    v1::Welcome welcome;
    welcome.set_version(kProtocolVersion);
    welcome.set_server_version(std::string(server_version));
    welcome.set_max_frame_bytes(kMaxFrameBytes);
    return welcome;
}

}  // namespace tavolo::server::protocol
