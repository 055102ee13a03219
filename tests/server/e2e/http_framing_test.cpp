// What a keep-alive client and a client sending odd bytes meet on the real server.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/raw_http.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

namespace {

std::vector<std::string> database_env() {
    return {"TAVOLO_DATABASE_URL=" + require_env("TAVOLO_TEST_DATABASE_URL")};
}

bool all_printable_ascii(const std::string& text) {
    for (unsigned char c : text)
        if (c < 0x20 || c >= 0x7f) return false;
    return true;
}

}  // namespace

// HEAD sends the headers of a GET and no body: the next response on the connection starts right after.
TEST(ServerHttp, HeadThenGetOnOneKeepAliveConnection) {
    ServerProcess server({}, database_env());
    ASSERT_TRUE(server.running()) << server.log();
    for (const char* target : {"/healthz", "/readyz", "/no-such-thing"}) {
        RawConnection connection(server.port());
        ASSERT_TRUE(connection.send(std::string("HEAD ") + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n"));
        ASSERT_TRUE(connection.read_until("\r\n\r\n")) << target;
        auto head = parse_response(connection.received(), /*after_head=*/true);
        ASSERT_TRUE(head.has_value()) << connection.received();
        EXPECT_NE(head->headers["connection"], "close");

        ASSERT_TRUE(connection.send(std::string("GET ") + target +
                                    " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"));
        connection.read_to_end();
        const std::string after_head = connection.received().substr(head->size);
        auto get = parse_response(after_head);
        ASSERT_TRUE(get.has_value()) << "the bytes after the HEAD response are not a response: \""
                                     << after_head << "\"";
        EXPECT_EQ(get->status, head->status) << target;
        EXPECT_EQ(head->headers["content-length"], std::to_string(get->body.size()))
            << "HEAD must announce the length a GET gets";
        EXPECT_EQ(get->size, after_head.size()) << "nothing after the GET's body";
    }
    EXPECT_EQ(server.stop(), 0);
}

// Bytes that are not UTF-8 in a path: the 404 stays valid JSON (printable ASCII only).
TEST(ServerHttp, NotFoundEchoesNonAsciiBytesEscaped) {
    ServerProcess server({}, database_env());
    ASSERT_TRUE(server.running()) << server.log();
    RawConnection connection(server.port());
    ASSERT_TRUE(
        connection.send("GET /caf\xc3\xa9\xff\xfe HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"));
    connection.read_to_end();
    auto response = parse_response(connection.received());
    ASSERT_TRUE(response.has_value()) << connection.received();
    EXPECT_EQ(response->status, 404);
    EXPECT_EQ(
        response->body,
        R"({"code":"NOT_FOUND","message":"no such endpoint (try /healthz, /readyz or /metrics): /caf\u00e9\ufffd\ufffd"})");
    EXPECT_TRUE(all_printable_ascii(response->body)) << response->body;
}

// server.host is checked with the rest of the configuration: a bad one stops the server with exit code
// 2 even when the database cannot be reached (which would be exit code 3, after a connect timeout).
TEST(ServerHealth, ABadHostIsRefusedBeforeTheDatabaseIsReached) {
    std::string path = ::testing::TempDir() + "/bad_host.toml";
    FILE* f = fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    fputs("[server]\nhost = \"localhost\"\n", f);
    fclose(f);
    ServerProcess server({"--config", path},
                         {"TAVOLO_DATABASE_URL=postgresql://nobody@127.0.0.1:1/none?connect_timeout=2"});
    EXPECT_FALSE(server.running());
    EXPECT_EQ(server.exit_code(), 2);
    EXPECT_TRUE(server.wait_for_log("server.host: must be an IP address")) << server.log();
}
