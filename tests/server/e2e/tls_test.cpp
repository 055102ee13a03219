// The real tavolo-server with TLS (issue 10 items 3, 10, 11): with [server] tls_certificate and
// tls_private_key the port speaks HTTPS and WSS only; bots play a heads-up to the end over wss:// with
// a certificate the test makes; SIGTERM closes every connection with SHUTTING_DOWN and exits 0.
#include <gtest/gtest.h>

#include <thread>

#include "tests/server/net/net_support.hpp"
#include "tests/support/e2e_money.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

namespace tavolo::server::net::testing {
namespace {

std::string tls_config(const TestCertificate& certificate) {
    return write_temp_file("tls.toml",
                           "[server]\ntls_certificate = \"" + certificate.certificate_file +
                               "\"\ntls_private_key = \"" + certificate.private_key_file +
                               "\"\n[clock]\nspeed = 200\n[accounts]\npassword_cost = \"minimum\"\n"
                               "[lobby]\ndemo = false\n"
                               "[[tournament]]\nname = \"Heads-up over TLS\"\ngame = \"holdem\"\n"
                               "kind = \"headsup\"\nlevel_minutes = 2\n");
}

TEST(ServerTls, BotsPlayAHeadsUpOverWssAndSigtermClosesEveryConnectionAndExitsZero) {
    tavolo::testing::MigratedDatabase db;
    TestCertificate certificate;
    ServerProcess server({"--config", tls_config(certificate)}, {"TAVOLO_DATABASE_URL=" + db.url()});
    ASSERT_TRUE(server.running()) << server.log();
    const auto port = static_cast<std::uint16_t>(server.port());

    EXPECT_EQ(https_get(port, "/healthz", certificate.certificate_pem).status, 200);

    const auto bots =
        tavolo::testing::run_tool("bots --url wss://127.0.0.1:" + std::to_string(port) + "/ws --ca-file " +
                                  certificate.certificate_file + " --count 2 --tournament any");
    EXPECT_EQ(bots.code, 0) << bots.out;
    EXPECT_NE(bots.last_line().find(" finished=1 "), std::string::npos) << bots.out;
    EXPECT_NE(bots.last_line().find(" errors=0"), std::string::npos) << bots.out;
    WsClient client(port, certificate.certificate_pem);
    welcome(client);
    std::vector<v1::ServerMessage> messages;
    Closed closed;
    std::thread reader([&] { closed = client.read_until_close(&messages); });
    EXPECT_EQ(server.stop(), 0) << server.log();
    reader.join();
    EXPECT_EQ(closed.code, 1001);
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].closing().code(), v1::ERROR_CODE_SHUTTING_DOWN);
    // Stopped gracefully: the write path drained, the database is final.
    EXPECT_EQ(tavolo::testing::tournaments_finished(db), 1);
    EXPECT_EQ(tavolo::testing::ledger_sum(db), 0);
}

}  // namespace
}  // namespace tavolo::server::net::testing
