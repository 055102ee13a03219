// The `tavolo` binary as a user runs it.
#include <gtest/gtest.h>

#include "tests/support/run_tool.hpp"

#include <array>
#include <cstdio>
#include <string>

using tavolo::testing::run_tool;

TEST(Cli, HelpListsCommands) {
    auto r = run_tool("--help");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.out.find("version"), std::string::npos) << r.out;
}

TEST(Cli, UnknownCommandFails) {
    auto r = run_tool("frobnicate");
    EXPECT_NE(r.code, 0);
}

TEST(Cli, VersionIsTheProjectVersion) {
    auto r = run_tool("version");
    EXPECT_EQ(r.code, 0);
    EXPECT_EQ(r.out, "tavolo 0.1.0\n");
}

TEST(Cli, CommandLineErrorsExitWithTwo) {
    EXPECT_EQ(run_tool("simulate --players abc").code, 2);
    EXPECT_EQ(run_tool("frobnicate").code, 2);
}
