// The real server serves a built web client ([web] root, --web-root) over real HTTP: the pages, an
// asset, a revalidation, and a useful answer when the client was never built.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/raw_http.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"

using tavolo::testing::parse_response;
using tavolo::testing::RawConnection;
using tavolo::testing::RawResponse;
using tavolo::testing::require_env;
using tavolo::testing::ServerProcess;
using tavolo::testing::TempDir;

namespace {

// One request on a connection of its own; the whole response (none of the body after a HEAD).
RawResponse fetch(int port, const std::string& method, const std::string& target,
                  const std::string& extra_headers = "") {
    RawConnection c(port);
    c.send(method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + extra_headers +
           "\r\n");
    c.read_to_end();
    auto r = parse_response(c.received(), method == "HEAD");
    if (!r)
        throw std::runtime_error("no complete response to " + method + " " + target + ": " + c.received());
    return *r;
}

}  // namespace

TEST(WebClientServing, ServesThePagesAndAssetsOfTheBuild) {
    TempDir dir("tavolo-web-client-e2e");
    dir.write("dist/index.html", "<!doctype html><title>Tavolo</title><div id=app></div>");
    dir.write("dist/operator.html", "<!doctype html><title>Tavolo · Operator</title>");
    const std::string script = "export const answer = 42;\n";
    dir.write("dist/assets/player.js", script);
    ServerProcess server({"--web-root", dir.str() + "/dist"},
                         {"TAVOLO_DATABASE_URL=" + require_env("TAVOLO_TEST_DATABASE_URL")});
    ASSERT_TRUE(server.running()) << server.log();

    auto page = fetch(server.port(), "GET", "/");
    EXPECT_EQ(page.status, 200);
    EXPECT_EQ(page.headers["content-type"], "text/html; charset=utf-8");
    EXPECT_NE(page.body.find("<title>Tavolo</title>"), std::string::npos);
    EXPECT_NE(page.headers["content-security-policy"].find("frame-ancestors 'none'"), std::string::npos);
    EXPECT_EQ(page.headers["referrer-policy"], "no-referrer");
    EXPECT_EQ(page.headers["cache-control"], "no-cache");

    EXPECT_NE(fetch(server.port(), "GET", "/operator").body.find("Operator"), std::string::npos);

    auto asset = fetch(server.port(), "GET", "/assets/player.js");
    EXPECT_EQ(asset.status, 200);
    EXPECT_EQ(asset.headers["content-type"], "text/javascript; charset=utf-8");
    EXPECT_EQ(asset.headers["x-content-type-options"], "nosniff");
    EXPECT_EQ(asset.body, script);
    const std::string etag = asset.headers["etag"];
    ASSERT_FALSE(etag.empty());

    auto again = fetch(server.port(), "GET", "/assets/player.js", "If-None-Match: " + etag + "\r\n");
    EXPECT_EQ(again.status, 304);
    EXPECT_TRUE(again.body.empty());
    EXPECT_EQ(again.headers["etag"], etag);

    auto head = fetch(server.port(), "HEAD", "/assets/player.js");
    EXPECT_EQ(head.status, 200);
    EXPECT_EQ(head.headers["content-length"], std::to_string(script.size()));

    EXPECT_EQ(fetch(server.port(), "POST", "/").status, 405);
    auto traversal = fetch(server.port(), "GET", "/assets/%2e%2e/%2e%2e/dist/index.html");
    EXPECT_EQ(traversal.status, 404);
    auto missing = fetch(server.port(), "GET", "/assets/nope.js");
    EXPECT_EQ(missing.status, 404);
    EXPECT_NE(missing.body.find("\"code\":\"NOT_FOUND\""), std::string::npos) << missing.body;
    EXPECT_EQ(fetch(server.port(), "GET", "/healthz").status, 200);  // the probes are still the server's
    EXPECT_EQ(server.stop(), 0);
}

TEST(WebClientServing, AnUnbuiltClientIsAWarningAndA503) {
    TempDir dir("tavolo-web-client-e2e-missing");
    ServerProcess server({"--web-root", dir.str() + "/dist"},
                         {"TAVOLO_DATABASE_URL=" + require_env("TAVOLO_TEST_DATABASE_URL")});
    ASSERT_TRUE(server.running()) << server.log();
    EXPECT_TRUE(
        server.wait_for_log("the web client is not built: run deploy/build.sh (or npm run build in web/)"))
        << server.log();
    auto page = fetch(server.port(), "GET", "/");
    EXPECT_EQ(page.status, 503);
    EXPECT_NE(page.body.find("\"code\":\"WEB_CLIENT_NOT_BUILT\""), std::string::npos) << page.body;
    EXPECT_NE(page.body.find("run deploy/build.sh"), std::string::npos) << page.body;
    EXPECT_EQ(fetch(server.port(), "GET", "/readyz").status, 200);  // the game does not need the client
    EXPECT_EQ(server.stop(), 0);
}

TEST(WebClientServing, AnEmptyRootTurnsTheClientOff) {
    ServerProcess server({"--web-root", ""},
                         {"TAVOLO_DATABASE_URL=" + require_env("TAVOLO_TEST_DATABASE_URL")});
    ASSERT_TRUE(server.running()) << server.log();
    EXPECT_EQ(fetch(server.port(), "GET", "/").status, 404);
    EXPECT_EQ(server.stop(), 0);
}
