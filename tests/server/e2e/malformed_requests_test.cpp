// Requests no HTTP client should send, each on a raw connection to the real server: every one gets a
// coded JSON error and then an orderly close, never a silent reset.
#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "tests/support/raw_http.hpp"
#include "tests/support/server_process.hpp"

using namespace tavolo::testing;

namespace {

struct Malformed {
    const char* name;
    std::string request;
    int status;
    const char* code;
    bool then_half_close = false;  // the client ends its side after the request (and still reads)
};

// gtest names a failing case by this, not by the struct's bytes.
void PrintTo(const Malformed& m, std::ostream* os) {
    *os << m.name;
}

std::string headers_of_bytes(std::size_t n) {
    return "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + std::string(n, 'a') + "\r\n\r\n";
}

const Malformed kCases[] = {
    {"BadVersion", "GET /healthz HTTP/1.x\r\nHost: localhost\r\n\r\n", 400, "BAD_REQUEST"},
    {"Http2Version", "GET /healthz HTTP/2.0\r\nHost: localhost\r\n\r\n", 400, "BAD_REQUEST"},
    {"Http17Version", "GET /healthz HTTP/1.7\r\nHost: localhost\r\n\r\n", 400, "BAD_REQUEST"},
    {"BadChunk",
     "POST /healthz HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: "
     "chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n",
     400, "BAD_REQUEST"},
    {"NegativeContentLength", "POST /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: -5\r\n\r\nhello",
     400, "BAD_REQUEST"},
    {"TwoContentLengths",
     "POST /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400,
     "BAD_REQUEST"},
    {"BadMethod", "G@T /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "BAD_REQUEST"},
    {"BareLineFeeds", "GET /healthz HTTP/1.1\nHost: localhost\n\n", 400, "BAD_REQUEST"},
    {"OversizedHeaders", headers_of_bytes(64 * 1024), 431, "HEADERS_TOO_LARGE"},
    {"OversizedBody",
     "POST /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2000000\r\n\r\n" + std::string(4096, 'x'),
     413, "BODY_TOO_LARGE"},
    // A request cut short by the client's end of sending: the server learns it can never complete.
    {"BodyCutShort", "POST /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\n\r\nabc", 400,
     "BAD_REQUEST", true},
    {"HeadersCutShort", "GET /healthz HTTP/1.1\r\nHost: localhost\r\n", 400, "BAD_REQUEST", true},
    {"ChunksCutShort",
     "POST /healthz HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", 400,
     "BAD_REQUEST", true},
};

class MalformedRequest : public ::testing::TestWithParam<Malformed> {
  protected:
    static void SetUpTestSuite() {
        server_ = new ServerProcess({}, {"TAVOLO_DATABASE_URL=" + require_env("TAVOLO_TEST_DATABASE_URL")});
    }
    static void TearDownTestSuite() {
        delete server_;
        server_ = nullptr;
    }
    static ServerProcess* server_;
};

ServerProcess* MalformedRequest::server_ = nullptr;

}  // namespace

TEST_P(MalformedRequest, GetsACodedJsonErrorThenAnOrderlyClose) {
    ASSERT_TRUE(server_->running()) << server_->log();
    const Malformed& m = GetParam();
    RawConnection connection(server_->port());
    connection.send(m.request);  // the server may stop reading early (oversized): what it answers counts
    if (m.then_half_close) connection.finish_sending();
    connection.read_to_end();
    EXPECT_FALSE(connection.was_reset()) << "the connection was reset: the client may never see the answer";
    auto response = parse_response(connection.received());
    ASSERT_TRUE(response.has_value()) << "no complete response: \"" << connection.received() << "\"";
    EXPECT_EQ(response->status, m.status) << response->status_line;
    EXPECT_TRUE(response->status_line.starts_with("HTTP/1.1 ")) << response->status_line;
    EXPECT_EQ(response->headers["content-type"], "application/json");
    EXPECT_EQ(response->headers["connection"], "close");
    EXPECT_TRUE(response->body.starts_with(std::string("{\"code\":\"") + m.code + "\",\"message\":\""))
        << response->body;
    EXPECT_TRUE(response->body.ends_with("\"}")) << response->body;
    EXPECT_EQ(response->size, connection.received().size()) << "one response, then the close";
    EXPECT_TRUE(connection.closed());
}

INSTANTIATE_TEST_SUITE_P(ServerHttp, MalformedRequest, ::testing::ValuesIn(kCases),
                         [](const auto& p) { return std::string(p.param.name); });

// After all that, the server still serves well-formed requests.
TEST(ServerHttp, ServesNormallyAfterMalformedRequests) {
    ServerProcess server({}, {"TAVOLO_DATABASE_URL=" + require_env("TAVOLO_TEST_DATABASE_URL")});
    ASSERT_TRUE(server.running()) << server.log();
    for (const auto& m : kCases) {
        RawConnection connection(server.port());
        connection.send(m.request);
        connection.read_to_end();
    }
    EXPECT_EQ(http_request(server.port(), "GET", "/healthz").status, 200);
    EXPECT_EQ(server.stop(), 0);
}
