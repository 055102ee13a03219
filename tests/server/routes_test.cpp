#include "server/routes.hpp"

#include <gtest/gtest.h>

using namespace tavolo::server;

TEST(Routes, HealthzIsAlwaysOk) {
    auto r = route({"1.2.3", false}, {"GET", "/healthz", ""});
    EXPECT_EQ(r.status, 200);
    EXPECT_NE(r.body.find("1.2.3"), std::string::npos);
}

TEST(Routes, ReadyzFollowsTheDatabase) {
    EXPECT_EQ(route({"v", false}, {"GET", "/readyz", ""}).status, 503);
    EXPECT_EQ(route({"v", true}, {"GET", "/readyz?verbose=1", ""}).status, 200);
}

TEST(Routes, UnknownPathsAndMethodsAreCodedErrors) {
    EXPECT_EQ(route({"v", true}, {"GET", "/x", ""}).status, 404);
    EXPECT_EQ(route({"v", true}, {"POST", "/healthz", ""}).status, 405);
}
