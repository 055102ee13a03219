// The `tavolo` binary as a user runs it.
#include <gtest/gtest.h>

#include "tests/support/run_tool.hpp"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
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

namespace {

// Integer options are read strictly (tools/integer_option.hpp): these are all typos, never numbers.
const char* const kNotDecimalIntegers[] = {"0x10", "' 5'", "'5 '", "5x",   "''",
                                           "+5",   "1e3",  "5.0",  "0b11", "'1 0'"};

bool is_printable_text(const std::string& out) {
    for (char c : out) {
        const auto byte = static_cast<unsigned char>(c);
        if (c != '\n' && (byte < 0x20 || byte >= 0x7f)) return false;
    }
    return true;
}

class TempFile {
  public:
    TempFile(const std::string& name, const std::string& text)
        : path_(std::filesystem::temp_directory_path() / (std::to_string(::getpid()) + "-" + name)) {
        std::ofstream(path_, std::ios::binary) << text;
    }
    ~TempFile() { std::filesystem::remove(path_); }
    std::string path() const { return path_.string(); }

  private:
    std::filesystem::path path_;
};

}  // namespace

TEST(Cli, SimulateSeedAboveTheLargestIsRefusedWithTheRangeAsIntegers) {
    // 2^64 was silently read as 2^64 - 1, and a refused seed printed its range as 0.000000 to 1.797e308.
    auto r = run_tool("simulate --seed 18446744073709551616");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("--seed: '18446744073709551616' is not an integer from 0 to 18446744073709551615"),
              std::string::npos)
        << r.out;
    auto negative = run_tool("simulate --seed -1");
    EXPECT_EQ(negative.code, 2) << negative.out;
    EXPECT_NE(negative.out.find("from 0 to 18446744073709551615"), std::string::npos) << negative.out;
    EXPECT_EQ(negative.out.find(".000000"), std::string::npos) << negative.out;
    auto largest = run_tool("simulate --game polacco --players 9 --seed 18446744073709551615");
    EXPECT_EQ(largest.code, 0) << largest.out;
}

TEST(Cli, SimulatePlayersMustBeADecimalInteger) {
    for (const char* bad : kNotDecimalIntegers) {
        auto r = run_tool(std::string("simulate --game polacco --players ") + bad);
        EXPECT_EQ(r.code, 2) << bad << ": " << r.out;
        EXPECT_NE(r.out.find("is not an integer from 2 to 10000000"), std::string::npos)
            << bad << ": " << r.out;
    }
    auto out_of_range = run_tool("simulate --players 10000001");
    EXPECT_EQ(out_of_range.code, 2);
    EXPECT_NE(out_of_range.out.find("'10000001' is not an integer from 2 to 10000000"), std::string::npos)
        << out_of_range.out;
    auto decimal = run_tool("simulate --game polacco --players 010");
    EXPECT_EQ(decimal.code, 0) << decimal.out;
    EXPECT_NE(decimal.out.find("entrants=10 "), std::string::npos) << decimal.out;  // not octal 8
}

TEST(Cli, ServerPortMustBeADecimalInteger) {
    // Without a database the server stops at start-up anyway; `timeout` bounds a server that would
    // otherwise start on a port it misread.
    const std::string server =
        std::string("timeout 20 env -u TAVOLO_DATABASE_URL ") + TAVOLO_SERVER_BIN + " --config /dev/null";
    for (const char* bad : kNotDecimalIntegers) {
        auto r = run_tool(std::string("--port ") + bad, server);
        EXPECT_EQ(r.code, 2) << bad << ": " << r.out;
        EXPECT_NE(r.out.find("--port: "), std::string::npos) << bad << ": " << r.out;
        EXPECT_NE(r.out.find("is not an integer from 0 to 65535"), std::string::npos) << bad << ": " << r.out;
    }
    for (const char* bad : {"65536", "-1", "18446744073709551616"}) {
        auto r = run_tool(std::string("--port ") + bad, server);
        EXPECT_EQ(r.code, 2) << bad << ": " << r.out;
        EXPECT_NE(r.out.find("is not an integer from 0 to 65535"), std::string::npos) << bad << ": " << r.out;
    }
}

TEST(Cli, ReplayRefusesArraysNestedTooDeepWithoutCrashing) {
    // 30,000 levels of '[' overflowed the stack of `tavolo replay`.
    TempFile file("deep.phh",
                  "variant = 'NT'\nx = " + std::string(30'000, '[') + std::string(30'000, ']') + "\n");
    auto r = run_tool("replay " + file.path());
    EXPECT_EQ(r.code, 1) << r.out.substr(0, 2000);
    EXPECT_NE(r.out.find("line 2: arrays nested more than 32 deep"), std::string::npos)
        << r.out.substr(0, 2000);
    EXPECT_EQ(r.last_line(), "replay: 0 passed, 1 failed, 0 skipped");
}

TEST(Cli, ReplayShowsBytesOfTheFileEscapedAndCut) {
    std::string bad;
    while (bad.size() < 3000)
        bad += "\xff\x01\x1b[31m\xc3\xa8";
    TempFile file("hostile.phhs", "['" + bad +
                                      "']\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
                                      "min_bet = 2\nstarting_stacks = [100, 100]\nactions = ['p1 " +
                                      bad + "']\n");
    auto r = run_tool("replay " + file.path());
    EXPECT_EQ(r.code, 1) << r.out.substr(0, 2000);
    EXPECT_TRUE(is_printable_text(r.out)) << r.out.substr(0, 2000);
    EXPECT_LT(r.out.size(), 1500u) << r.out.substr(0, 2000);
    EXPECT_NE(r.out.find("['\\xff\\x01\\x1b[31m\\xc3\\xa8"), std::string::npos) << r.out.substr(0, 2000);
    EXPECT_NE(r.out.find("unknown action '\\xff\\x01"), std::string::npos) << r.out.substr(0, 2000);
}
