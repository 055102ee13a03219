// `tavolo replay` as a user runs it: the data set replays with no failure, failures name the file
// (and the hand of a .phhs) with the reason, skips are counted per reason, the exit code tells.
#include <gtest/gtest.h>

#include "tests/support/run_tool.hpp"
#include "tests/support/temp_dir.hpp"

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

namespace {

using tavolo::testing::run_tool;
using tavolo::testing::TempDir;

std::string last_line(const std::string& out) {
    std::string s = out;
    while (!s.empty() && s.back() == '\n')
        s.pop_back();
    return s.substr(s.rfind('\n') + 1);
}

const std::string kData = std::string(TAVOLO_SOURCE_DIR) + "/tests/data/phh";

const char* kHand =
    "variant = 'NT'\n"
    "antes = [0, 0, 0]\n"
    "blinds_or_straddles = [50, 100, 0]\n"
    "min_bet = 100\n"
    "starting_stacks = [500, 1000, 2000]\n"
    "actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p3 cbr 2000', 'p1 cc', 'p2 cc',\n"
    "  'd db 2c7h9d', 'd db Tc', 'd db 4s']\n"
    "finishing_stacks = [1500, 1000, 1000]\n";

}  // namespace

TEST(ReplayCli, TheDataSetReplaysWithNoFailure) {
    const auto r = run_tool("replay " + kData);
    EXPECT_EQ(r.code, 0) << r.out;
    std::smatch m;
    const std::string last = last_line(r.out);
    ASSERT_TRUE(std::regex_match(last, m, std::regex(R"(replay: (\d+) passed, (\d+) failed, (\d+) skipped)")))
        << r.out;
    EXPECT_GE(std::stoi(m[1]), 1580);
    EXPECT_EQ(std::stoi(m[2]), 0) << r.out;
    EXPECT_EQ(std::stoi(m[3]), 5);
    EXPECT_NE(r.out.find("skipped (no finishing stacks): 4\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("skipped (fractional chips): 1\n"), std::string::npos) << r.out;
}

TEST(ReplayCli, TheHandWrittenStudDrawAndHoldemHistoriesReplay) {
    const auto r =
        run_tool("replay --check-export " + std::string(TAVOLO_SOURCE_DIR) + "/tests/data/phh-rules");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(last_line(r.out), "replay: 10 passed, 0 failed, 0 skipped") << r.out;
}

TEST(ReplayCli, ExportedHandsReplayTheSame) {
    const auto r = run_tool("replay --check-export " + kData);
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(last_line(r.out).find(", 0 failed, "), std::string::npos) << r.out;
}

TEST(ReplayCli, FailuresNameTheFileTheHandAndTheReasonAndExitNonZero) {
    TempDir dir("tavolo-replay-test");
    std::string wrong = kHand;
    wrong.replace(wrong.find("[1500, 1000, 1000]"), 18, "[1500, 1001, 999]");
    dir.write("a/good.phh", kHand);
    const std::string bad = dir.write("a/wrong.phh", wrong);
    const std::string broken = dir.write("b/broken.phh", "variant = 'NT'\nantes = [0, 0\n");
    const std::string multi = dir.write("b/multi.phhs", std::string("[1]\n") + kHand + "\n[2]\n" + wrong);
    dir.write("b/notes.txt", "not a hand history");
    const auto r = run_tool("replay " + dir.str());
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find(bad + ": finishing stacks differ: p2 1001 (engine 1000), p3 999 (engine 1000)\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find(broken + ": line 2: unterminated array (missing ']')\n"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find(multi + "[2]: finishing stacks differ"), std::string::npos) << r.out;
    EXPECT_EQ(last_line(r.out), "replay: 2 passed, 3 failed, 0 skipped") << r.out;
}

TEST(ReplayCli, AContradictionNamesTheLineOfTheFile) {
    TempDir dir("tavolo-replay-test");
    std::string four_card_flop = kHand;
    four_card_flop.replace(four_card_flop.find("'d db 2c7h9d'"), 13, "'d db 2c7h9d3h'");
    const std::string path = dir.write("flop.phh", four_card_flop);
    const auto r = run_tool("replay " + path);
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find(path + ": line 7: actions[6] 'd db 2c7h9d3h': the flop has 3 board cards; the line "
                                "deals 4\n"),
              std::string::npos)
        << r.out;
}

TEST(ReplayCli, AMissingPathIsAFailure) {
    const auto r = run_tool("replay /nonexistent/tavolo/hands");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("/nonexistent/tavolo/hands: no such file or directory"), std::string::npos) << r.out;
    EXPECT_EQ(last_line(r.out), "replay: 0 passed, 1 failed, 0 skipped");
}

// /dev/null exists: it is not "no such file", it is no file tavolo reads (a pipe could block forever).
TEST(ReplayCli, ADeviceIsRefusedAsNotAFile) {
    const auto r = run_tool("replay /dev/null");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("/dev/null: not a file or a directory (a device, pipe or socket)"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(last_line(r.out), "replay: 0 passed, 1 failed, 0 skipped");
}

TEST(ReplayCli, NeedsAPath) {
    const auto r = run_tool("replay");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.out.find("paths"), std::string::npos) << r.out;
}

TEST(ReplayCli, ADirectoryWithoutHandHistoriesIsAFailure) {
    const auto dir = std::filesystem::temp_directory_path() / "tavolo_replay_empty_dir";
    std::filesystem::create_directories(dir);
    const auto r = run_tool("replay " + dir.string());
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("no .phh or .phhs files"), std::string::npos) << r.out;
    EXPECT_EQ(last_line(r.out), "replay: 0 passed, 1 failed, 0 skipped");
}

// A file name is not trusted either: one found in a directory may carry terminal escape sequences,
// and reaches the output escaped, as a history's own text does.
TEST(ReplayCli, AFileNameWithControlBytesIsShownEscaped) {
    TempDir dir("tavolo-replay-test");
    dir.write("bad\x1b[2Jname.phh", "variant = \n");
    const auto r = run_tool("replay " + dir.str());
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("bad\\x1b[2Jname.phh"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("missing value"), std::string::npos) << r.out;
}

TEST(ReplayCli, StacksPrintsEachPassedHandsFinishingStacksByName) {
    TempDir dir("tavolo-replay-test");
    const std::string named =
        dir.write("named.phh", std::string(kHand) + "players = ['Ada', 'Bruno', 'Carla']\n");
    const std::string multi = dir.write("multi.phhs", std::string("[x]\n") + kHand);
    const auto r = run_tool("replay --stacks " + named + " " + multi);
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find(named + ": stacks Ada=1500 Bruno=1000 Carla=1000\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(multi + "[x]: stacks p1=1500 p2=1000 p3=1000\n"), std::string::npos) << r.out;
    EXPECT_EQ(last_line(r.out), "replay: 2 passed, 0 failed, 0 skipped") << r.out;
}
