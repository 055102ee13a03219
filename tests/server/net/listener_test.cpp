// The Listener: one port for HTTP and the WebSocket, asynchronous HTTP handlers, refusals at start-up.
#include <gtest/gtest.h>

#include <thread>

#include "tests/server/net/net_support.hpp"
#include "tests/support/server_process.hpp"

namespace tavolo::server::net::testing {
namespace {

TEST(Listener, HealthzAnswersOnTheWebSocketPort) {
    TestServer server;
    WsClient client(server.port());
    welcome(client);
    const auto health = http_request(server.port(), "GET", "/healthz");
    EXPECT_EQ(health.status, 200);
    EXPECT_NE(health.body.find(kServerVersion), std::string::npos) << health.body;
    expect_served(client, 1);
}

TEST(Listener, WsWithoutAnUpgradeGoesToTheHttpHandler) {
    TestServer server;
    const auto answer = http_request(server.port(), "GET", "/ws");
    EXPECT_EQ(answer.status, 426);
    EXPECT_NE(answer.body.find("UPGRADE_REQUIRED"), std::string::npos) << answer.body;
}

TEST(Listener, HttpHandlerMayAnswerLaterFromAnotherThread) {
    Log<HttpResponder> pending;
    TestServer server({},
                      [&pending](HttpRequest, HttpResponder respond) { pending.push(std::move(respond)); });
    HttpResult result;
    std::thread client([&] { result = http_request(server.port(), "GET", "/slow"); });
    // The handler returned without answering; the answer comes from this thread.
    pending.wait_for(1)[0]({201, "text/plain", "answered later"});
    client.join();
    // A responder holds its connection: it must not outlive the server's io_context.
    pending.clear();
    EXPECT_EQ(result.status, 201);
    EXPECT_EQ(result.body, "answered later");
}

std::string construction_error(ListenerOptions options) {
    try {
        TestServer server(std::move(options));
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

TEST(Listener, ATakenPortIsRefusedNamingTheAddress) {
    TestServer first;
    const auto error = construction_error(
        {.host = "127.0.0.1", .port = first.port(), .tls_certificate = {}, .tls_private_key = {}});
    EXPECT_NE(error.find("cannot listen on 127.0.0.1:" + std::to_string(first.port())), std::string::npos)
        << error;
}

TEST(Listener, AnUnreadableCertificateIsRefusedNamingTheKey) {
    TestCertificate certificate;
    const auto error = construction_error({.host = "127.0.0.1",
                                           .port = 0,
                                           .tls_certificate = certificate.directory + "/missing.pem",
                                           .tls_private_key = certificate.private_key_file});
    EXPECT_NE(error.find("server.tls_certificate"), std::string::npos) << error;
}

TEST(Listener, APrivateKeyOfAnotherCertificateIsRefusedNamingTheKey) {
    TestCertificate certificate;
    TestCertificate other;
    const auto error = construction_error({.host = "127.0.0.1",
                                           .port = 0,
                                           .tls_certificate = certificate.certificate_file,
                                           .tls_private_key = other.private_key_file});
    EXPECT_NE(error.find("server.tls_private_key"), std::string::npos) << error;
}

}  // namespace
}  // namespace tavolo::server::net::testing
