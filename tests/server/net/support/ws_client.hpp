#pragma once
// Test clients for the live server's network layer: a real Beast WebSocket client (ws:// or wss://)
// and an HTTPS GET, each on its own io_context driven by the calling thread. Beast stays in
// ws_client.cpp, compiled once for the whole suite. Every wait is bounded by kHangGuard, which only
// ends a test whose event never comes (a hang is a failure), never decides an outcome.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "tavolo.pb.h"

namespace tavolo::testing {

namespace v1 = ::tavolo::v1;

inline constexpr std::chrono::seconds kHangGuard{30};

// The close frame the server sent (code 0 when the connection ended without one).
struct Closed {
    std::uint16_t code = 0;
    std::string reason;
};

using Received = std::variant<v1::ServerMessage, Closed>;

class WsClient {
  public:
    // Connects to 127.0.0.1:port and upgrades on /ws; over TLS when `trusted_pem` (the server's
    // certificate, the only one trusted) is given. Throws when it cannot.
    explicit WsClient(std::uint16_t port, std::optional<std::string> trusted_pem = std::nullopt);
    ~WsClient();
    WsClient(const WsClient&) = delete;
    WsClient& operator=(const WsClient&) = delete;

    void send(const v1::ClientMessage& message);
    void send_binary(const std::string& bytes);
    void send_text(const std::string& text);
    // Writes `count` binary frames back to back, stopping at the first write that fails (the server
    // closed); returns how many were written.
    int flood(const std::string& bytes, int count);

    // The next message, or the close (then every later call returns the same Closed).
    Received next();
    // The next message; a close instead is a test failure (the returned message is then empty).
    v1::ServerMessage read();
    // Reads until the server closes; the messages before the close land in `messages`.
    Closed read_until_close(std::vector<v1::ServerMessage>* messages = nullptr);
    // Closes from this side (normal closure) and waits for the server's answer.
    void close();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

struct HttpsResult {
    int status = 0;
    std::string body;
};

// GET https://127.0.0.1:port/target, trusting only `trusted_pem`.
HttpsResult https_get(std::uint16_t port, const std::string& target, const std::string& trusted_pem);

// A self-signed certificate for 127.0.0.1 / localhost (EC P-256), written as PEM files in a fresh
// temporary directory that is removed with the object.
struct TestCertificate {
    TestCertificate();
    ~TestCertificate();
    TestCertificate(const TestCertificate&) = delete;
    TestCertificate& operator=(const TestCertificate&) = delete;

    std::string directory;
    std::string certificate_file;
    std::string private_key_file;
    std::string certificate_pem;
};

}  // namespace tavolo::testing
