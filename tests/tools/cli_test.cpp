// The `tavolo` binary as a user runs it.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>

namespace {
struct Run {
    int code;
    std::string out;
};
Run run(const std::string& args) {
    std::string cmd = std::string(TAVOLO_TOOL_BIN) + " " + args + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    std::string out;
    std::array<char, 4096> buf;
    while (size_t n = fread(buf.data(), 1, buf.size(), p))
        out.append(buf.data(), n);
    int status = pclose(p);
    return {WEXITSTATUS(status), out};
}
}  // namespace

TEST(Cli, HelpListsCommands) {
    auto r = run("--help");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.out.find("version"), std::string::npos) << r.out;
}

TEST(Cli, UnknownCommandFails) {
    auto r = run("frobnicate");
    EXPECT_NE(r.code, 0);
}
