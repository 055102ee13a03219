// The real tavolo-server binary with TLS (issue 10 items 3 and 10): main owns the io_context, its threads
// and the signals; the port speaks HTTPS and WSS with the configured certificate; SIGTERM closes every
// connection with SHUTTING_DOWN and the server exits 0. Until the actors land, account requests are
// answered INTERNAL (server/net/unavailable_services.hpp). No database is needed ([database] required =
// false), though one is used when TAVOLO_DATABASE_URL is set.
#include <gtest/gtest.h>

#include <fstream>
#include <thread>

#include "tests/server/net/net_support.hpp"
#include "tests/support/server_process.hpp"

namespace tavolo::server::net::testing {
namespace {

std::string tls_config(const TestCertificate& certificate) {
    const std::string path = certificate.directory + "/tavolo.toml";
    std::ofstream out(path);
    out << "[server]\ntls_certificate = \"" << certificate.certificate_file << "\"\ntls_private_key = \""
        << certificate.private_key_file << "\"\n[database]\nrequired = false\n";
    return path;
}

TEST(ServerMain, ServesHttpsAndWssThenSigtermClosesEveryConnectionAndExitsZero) {
    TestCertificate certificate;
    ServerProcess server({"--config", tls_config(certificate)});
    ASSERT_TRUE(server.running()) << server.log();
    const auto port = static_cast<std::uint16_t>(server.port());

    const auto health = https_get(port, "/healthz", certificate.certificate_pem);
    EXPECT_EQ(health.status, 200) << health.body;

    WsClient client(port, certificate.certificate_pem);
    welcome(client);
    client.send(log_in("alice"));
    const auto refused = client.read();
    EXPECT_EQ(refused.error().code(), v1::ERROR_CODE_INTERNAL) << refused.DebugString();
    EXPECT_EQ(refused.request_id(), 2U);

    std::vector<v1::ServerMessage> messages;
    Closed closed;
    std::thread reader([&] { closed = client.read_until_close(&messages); });
    EXPECT_EQ(server.stop(), 0) << server.log();
    reader.join();
    EXPECT_EQ(closed.code, 1001);
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].closing().code(), v1::ERROR_CODE_SHUTTING_DOWN);
}

}  // namespace
}  // namespace tavolo::server::net::testing
