// A server out of descriptors (issue 14: one process may hold 20,000 here): it raises its soft limit
// to the hard one and says so; with every descriptor taken it pauses accepting (one warning, not a
// loop that logged each failed accept at 100% of a core), and serves again once connections close.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "tests/support/server_process.hpp"

using tavolo::testing::http_request;
using tavolo::testing::require_env;
using tavolo::testing::ServerProcess;

namespace {

constexpr long kOpenFiles = 64;
constexpr int kClients = 3 * kOpenFiles;  // more than the server can hold at once

int connect_to(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) return fd;
    if (fd >= 0) ::close(fd);
    return -1;
}

}  // namespace

TEST(OpenFiles, AServerOutOfDescriptorsPausesAcceptingAndServesAgainOnceConnectionsClose) {
    const std::string url = require_env("TAVOLO_TEST_DATABASE_URL");
    ServerProcess server({"--log-level", "info"}, {"TAVOLO_DATABASE_URL=" + url}, kOpenFiles);
    ASSERT_TRUE(server.running()) << "server exited with " << server.exit_code() << "\n" << server.log();
    EXPECT_NE(server.log().find("event=open_files limit=64 hard_limit=64"), std::string::npos)
        << server.log();

    // Idle connections (the kernel completes them in the listen backlog): the server accepts until it
    // holds 64 descriptors, then pauses.
    std::vector<int> clients;
    for (int i = 0; i < kClients; ++i) {
        const int fd = connect_to(server.port());
        ASSERT_GE(fd, 0) << "connection " << i;
        clients.push_back(fd);
    }
    ASSERT_TRUE(server.wait_for_log("event=accept_paused")) << server.log();
    for (const int fd : clients)
        ::close(fd);

    // The closed connections are accepted and let go; then a request is served as usual.
    const auto health = http_request(server.port(), "GET", "/healthz");
    EXPECT_EQ(health.status, 200) << health.body;
    EXPECT_TRUE(server.wait_for_log("event=accept_resumed")) << server.log();
    EXPECT_EQ(server.log().find("event=accept_error"), std::string::npos)
        << "a failed accept for want of descriptors is a pause, not an error each turn:\n"
        << server.log();
    EXPECT_EQ(server.stop(), 0);
}
