#include "server/routes.hpp"

#include <gtest/gtest.h>

using namespace tavolo::server;

namespace {

ServerInfo info_with(bool ready) {
    return {"1.2.3",
            [ready] {
                return ready ? Readiness{true, {}} : Readiness{false, "the database is down"};
            },
            {}};
}

}  // namespace

TEST(Routes, HealthzIsAlwaysOk) {
    auto r = route(info_with(false), {"GET", "/healthz", ""});
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.body, R"({"status":"ok","version":"1.2.3"})");
}

TEST(Routes, ReadyzAsksTheReadinessCheckAtEachRequest) {
    bool ready = true;
    ServerInfo info{"v",
                    [&ready] {
                        return ready ? Readiness{true, {}} : Readiness{false, "the database is down"};
                    },
                    {}};
    EXPECT_EQ(route(info, {"GET", "/readyz?verbose=1", ""}).status, 200);
    ready = false;
    auto down = route(info, {"GET", "/readyz", ""});
    EXPECT_EQ(down.status, 503);
    EXPECT_EQ(down.body, R"({"status":"unavailable","message":"the database is down"})");
    ready = true;
    EXPECT_EQ(route(info, {"HEAD", "/readyz", ""}).status, 200);
}

TEST(Routes, ReadyzWithoutACheckIsNotReady) {
    EXPECT_EQ(route({"v", {}, {}}, {"GET", "/readyz", ""}).status, 503);
}

TEST(Routes, UnknownPathsAndMethodsAreCodedErrors) {
    EXPECT_EQ(route(info_with(true), {"GET", "/x", ""}).status, 404);
    auto post = route(info_with(true), {"POST", "/healthz", ""});
    EXPECT_EQ(post.status, 405);
    EXPECT_EQ(post.body, R"({"code":"METHOD_NOT_ALLOWED","message":"use GET or HEAD"})");
}

// A path is the client's bytes: the 404 echoes it as valid, ASCII-only JSON.
TEST(Routes, NotFoundEchoesThePathEscaped) {
    auto r = route(info_with(true), {"GET", "/caf\xc3\xa9\xff\"\\\x01?q=1", ""});
    EXPECT_EQ(r.status, 404);
    EXPECT_EQ(r.body,
              R"({"code":"NOT_FOUND","message":"no such endpoint (try /healthz, /readyz or /metrics): )"
              R"(/caf\u00e9\ufffd\"\\\u0001"})");
}

TEST(Routes, NotFoundCutsALongPath) {
    auto r = route(info_with(true), {"GET", "/" + std::string(100'000, 'a'), ""});
    EXPECT_EQ(r.status, 404);
    EXPECT_LT(r.body.size(), 400U);
    EXPECT_NE(r.body.find("aaa...\"}"), std::string::npos) << r.body;
}
