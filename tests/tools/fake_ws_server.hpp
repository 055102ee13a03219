#pragma once
// A scripted WebSocket server for the client's tests: plain POSIX sockets and the framing of RFC 6455
// written out (no Beast, so it compiles in a moment and shares no code with the client it tests).
// One connection at a time, blocking; a test runs its script on a thread while the client under test
// runs on the test's. Every read is bounded (kReadLimit) so a client that never answers fails the test
// instead of hanging it.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <openssl/evp.h>
#include <openssl/sha.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "tavolo.pb.h"

namespace tavolo::testing {

class FakeWsServer {
  public:
    static constexpr int kReadLimitSeconds = 60;

    FakeWsServer() {
        listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        address.sin_port = 0;
        if (::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
            ::listen(listener_, 4) != 0)
            throw std::runtime_error("fake server: cannot listen");
        socklen_t length = sizeof address;
        ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
        port_ = ntohs(address.sin_port);
    }
    ~FakeWsServer() {
        drop();
        ::close(listener_);
    }
    FakeWsServer(const FakeWsServer&) = delete;
    FakeWsServer& operator=(const FakeWsServer&) = delete;

    std::string url() const { return "ws://127.0.0.1:" + std::to_string(port_) + "/ws"; }

    // Accepts the next connection and completes its WebSocket handshake.
    bool accept() {
        drop();
        connection_ = ::accept(listener_, nullptr, nullptr);
        if (connection_ < 0) return false;
        timeval limit{kReadLimitSeconds, 0};
        ::setsockopt(connection_, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
        std::string request;
        while (request.find("\r\n\r\n") == std::string::npos) {
            char buffer[1024];
            const ssize_t n = ::recv(connection_, buffer, sizeof buffer, 0);
            if (n <= 0) return false;
            request.append(buffer, static_cast<std::size_t>(n));
        }
        const std::string header = "Sec-WebSocket-Key: ";
        const auto at = request.find(header);
        if (at == std::string::npos) return false;
        const auto end = request.find("\r\n", at);
        const std::string key = request.substr(at + header.size(), end - at - header.size());
        return write(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Accept: " +
            accept_key(key) + "\r\n\r\n");
    }

    // The next data message (binary or text), or nothing when the client closed or went quiet.
    std::optional<std::string> read_message() {
        std::string message;
        for (;;) {
            std::array<unsigned char, 2> head{};
            if (!read_exact(head.data(), 2)) return std::nullopt;
            const bool fin = (head[0] & 0x80) != 0;
            const int opcode = head[0] & 0x0f;
            std::uint64_t length = head[1] & 0x7f;
            if (length >= 126) {
                std::array<unsigned char, 8> ext{};
                const std::size_t bytes = length == 126 ? 2 : 8;
                if (!read_exact(ext.data(), bytes)) return std::nullopt;
                length = 0;
                for (std::size_t i = 0; i < bytes; ++i)
                    length = (length << 8) | ext[i];
            }
            std::array<unsigned char, 4> mask{};
            if ((head[1] & 0x80) != 0 && !read_exact(mask.data(), 4)) return std::nullopt;
            std::string payload(length, '\0');
            if (length > 0 && !read_exact(reinterpret_cast<unsigned char*>(payload.data()), length))
                return std::nullopt;
            for (std::size_t i = 0; i < payload.size(); ++i)
                payload[i] = static_cast<char>(payload[i] ^ mask[i % 4]);
            if (opcode == 0x8) {  // close: answer it, then the connection is over
                send_frame(0x8, payload.substr(0, 2));
                drop();
                return std::nullopt;
            }
            if (opcode == 0x9) {  // ping
                send_frame(0xA, payload);
                continue;
            }
            if (opcode == 0xA) continue;
            message += payload;
            if (fin) return message;
        }
    }

    // The next ClientMessage, or nothing (closed, quiet, or bytes that do not parse).
    std::optional<v1::ClientMessage> read_client_message() {
        auto bytes = read_message();
        if (!bytes) return std::nullopt;
        v1::ClientMessage message;
        if (!message.ParseFromString(*bytes)) return std::nullopt;
        return message;
    }

    bool send(const v1::ServerMessage& message) { return send_frame(0x2, message.SerializeAsString()); }
    bool send_binary(const std::string& bytes) { return send_frame(0x2, bytes); }
    bool send_text(const std::string& text) { return send_frame(0x1, text); }

    // Drops the connection without a close handshake (a network failure, as the client sees it).
    void drop() {
        if (connection_ >= 0) ::close(connection_);
        connection_ = -1;
    }

  private:
    static std::string accept_key(const std::string& key) {
        const std::string text = key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
        std::array<unsigned char, SHA_DIGEST_LENGTH> digest{};
        SHA1(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest.data());
        std::array<unsigned char, 64> encoded{};
        const int n = EVP_EncodeBlock(encoded.data(), digest.data(), static_cast<int>(digest.size()));
        return std::string(reinterpret_cast<const char*>(encoded.data()), static_cast<std::size_t>(n));
    }

    bool send_frame(int opcode, const std::string& payload) {
        std::string frame;
        frame += static_cast<char>(0x80 | opcode);
        if (payload.size() < 126) {
            frame += static_cast<char>(payload.size());
        } else if (payload.size() < 65536) {
            frame += static_cast<char>(126);
            frame += static_cast<char>((payload.size() >> 8) & 0xff);
            frame += static_cast<char>(payload.size() & 0xff);
        } else {
            frame += static_cast<char>(127);
            for (int shift = 56; shift >= 0; shift -= 8)
                frame += static_cast<char>((payload.size() >> shift) & 0xff);
        }
        return write(frame + payload);
    }

    bool write(const std::string& bytes) {
        std::size_t sent = 0;
        while (sent < bytes.size()) {
            const ssize_t n = ::send(connection_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
            if (n <= 0) return false;
            sent += static_cast<std::size_t>(n);
        }
        return true;
    }

    bool read_exact(unsigned char* out, std::size_t count) {
        std::size_t got = 0;
        while (got < count) {
            if (connection_ < 0) return false;
            const ssize_t n = ::recv(connection_, out + got, count - got, 0);
            if (n <= 0) return false;
            got += static_cast<std::size_t>(n);
        }
        return true;
    }

    int listener_ = -1;
    int connection_ = -1;
    std::uint16_t port_ = 0;
};

}  // namespace tavolo::testing
