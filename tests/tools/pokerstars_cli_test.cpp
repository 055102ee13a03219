// `tavolo pokerstars` as a user runs it: files and directories of PHH hands to PokerStars-style text on
// standard output, the header options, a hand that cannot be written named with its reason while the
// others are still written, and the exit codes.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/run_tool.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using tavolo::testing::run_tool;
using tavolo::testing::TempDir;

const std::string kRules = std::string(TAVOLO_SOURCE_DIR) + "/tests/data/phh-rules";

const char* kHand =
    "variant = 'NT'\n"
    "antes = [0, 0, 0]\n"
    "blinds_or_straddles = [50, 100, 0]\n"
    "min_bet = 100\n"
    "starting_stacks = [500, 1000, 2000]\n"
    "actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p3 cbr 300', 'p1 f', 'p2 f']\n"
    "hand = 9001\n"
    "players = ['Ada', 'Bruno', 'Carla']\n"
    "finishing_stacks = [450, 900, 2150]\n";

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size()))
        ++n;
    return n;
}

}  // namespace

TEST(PokerStarsCli, TheHandWrittenStudDrawAndHoldemHistoriesConvert) {
    const auto r = run_tool("pokerstars " + kRules);
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(count(r.out, "PokerStars Hand #"), 10) << r.out;
    EXPECT_EQ(count(r.out, "*** SUMMARY ***"), 10) << r.out;
    EXPECT_EQ(count(r.out, "\n\n\nPokerStars Hand #"), 9) << r.out;  // two blank lines between hands
    EXPECT_GT(count(r.out, "5 Card Stud"), 0);
    EXPECT_GT(count(r.out, "5 Card Draw"), 0);
    EXPECT_GT(count(r.out, "Hold'em"), 0);
}

TEST(PokerStarsCli, TheHeaderOptionsAndTheHeroAreWritten) {
    TempDir dir("tavolo-pokerstars-test");
    const std::string file = dir.write("hand.phh", kHand);
    const auto r = run_tool("pokerstars " + file +
                            " --hero Ada --tournament 314 --buy-in '$5+$0.50 USD' --level 12 --table '314 7'"
                            " --time '2026/11/26 21:00:00 UTC'");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_TRUE(
        r.out.starts_with("PokerStars Hand #9001: Tournament #314, $5+$0.50 USD Hold'em No Limit - "
                          "Level XII (50/100) - 2026/11/26 21:00:00 UTC\n"
                          "Table '314 7' 3-max Seat #3 is the button\n"))
        << r.out;
    EXPECT_NE(r.out.find("Dealt to Ada [As Ad]\n"), std::string::npos) << r.out;
    EXPECT_EQ(count(r.out, "Dealt to"), 1) << r.out;
    EXPECT_NE(r.out.find("Uncalled bet (200) returned to Carla\nCarla collected 250 from pot\n"),
              std::string::npos)
        << r.out;
}

TEST(PokerStarsCli, TheHandIdCanBeGiven) {
    TempDir dir("tavolo-pokerstars-test");
    const std::string file = dir.write("hand.phh", kHand);
    const auto r = run_tool("pokerstars " + file + " --hand-id 123456789 --tournament 314");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_TRUE(r.out.starts_with("PokerStars Hand #123456789: Tournament #314, ")) << r.out;
    EXPECT_EQ(run_tool("pokerstars " + file + " --hand-id 12x").code, 2);
}

TEST(PokerStarsCli, AHandThatCannotBeWrittenIsNamedAndTheOthersAreStillWritten) {
    TempDir dir("tavolo-pokerstars-test");
    std::string wrong = kHand;
    wrong.replace(wrong.find("[450, 900, 2150]"), 16, "[450, 901, 2149]");
    dir.write("a.phh", wrong);
    dir.write("b.phh", kHand);
    const auto r = run_tool("pokerstars " + dir.str());
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("a.phh: the hand does not replay through the engine (finishing stacks differ"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(count(r.out, "PokerStars Hand #9001"), 1) << r.out;
}

TEST(PokerStarsCli, BadPathsAndOptionsAreRefused) {
    TempDir dir("tavolo-pokerstars-test");
    const std::string file = dir.write("hand.phh", kHand);
    auto r = run_tool("pokerstars " + dir.str() + "/missing.phh");
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("missing.phh: no such file or directory"), std::string::npos) << r.out;
    r = run_tool("pokerstars " + file + " --hero Zed");
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("the hero 'Zed' is not one of the players (Ada, Bruno, Carla)"), std::string::npos)
        << r.out;
    r = run_tool("pokerstars " + file + " --tournament 12ab");
    EXPECT_EQ(r.code, 2) << r.out;
    r = run_tool("pokerstars " + file + " --level 0");
    EXPECT_EQ(r.code, 2) << r.out;
    r = run_tool("pokerstars");
    EXPECT_EQ(r.code, 2) << r.out;
}
