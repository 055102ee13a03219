// TLS (issue 10 item 10): with a certificate and key the port speaks HTTPS and WSS; the test makes its
// own self-signed certificate and trusts only it.
#include <gtest/gtest.h>

#include "tests/server/net/net_support.hpp"

namespace tavolo::server::net::testing {
namespace {

ListenerOptions tls_options(const TestCertificate& certificate) {
    return {.host = "127.0.0.1",
            .port = 0,
            .tls_certificate = certificate.certificate_file,
            .tls_private_key = certificate.private_key_file};
}

TEST(Tls, HelloWelcomeOverWssThenShutdownClosesWith1001) {
    TestCertificate certificate;
    TestServer server(tls_options(certificate));
    EXPECT_TRUE(server.listener.tls());
    WsClient client(server.port(), certificate.certificate_pem);
    welcome(client);
    const auto session = log_in_as(server, client, 21, "tls_player");
    server.registry.to_session(session, pong_frame(3));
    EXPECT_EQ(client.read().pong().nonce(), 3U);

    server.registry.shutdown_all("maintenance", [] {});
    std::vector<v1::ServerMessage> messages;
    const Closed closed = client.read_until_close(&messages);
    EXPECT_EQ(closed.code, 1001);
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].closing().code(), v1::ERROR_CODE_SHUTTING_DOWN);
}

TEST(Tls, HealthzOverHttps) {
    TestCertificate certificate;
    TestServer server(tls_options(certificate));
    const auto health = https_get(server.port(), "/healthz", certificate.certificate_pem);
    EXPECT_EQ(health.status, 200);
    EXPECT_NE(health.body.find(kServerVersion), std::string::npos) << health.body;
}

TEST(Tls, TheServerPresentsTheConfiguredCertificate) {
    TestCertificate certificate;
    TestCertificate stranger;
    TestServer server(tls_options(certificate));
    // A client that trusts only another certificate refuses the handshake.
    EXPECT_THROW(WsClient(server.port(), stranger.certificate_pem), std::runtime_error);
    WsClient trusting(server.port(), certificate.certificate_pem);
    welcome(trusting);
}

}  // namespace
}  // namespace tavolo::server::net::testing
