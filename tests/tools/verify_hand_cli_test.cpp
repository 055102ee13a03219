// `tavolo verify-hand` as a player runs it on hands the engine dealt from a seed and exported with
// their proof: every game and structure verifies; a changed card, seed or commitment fails with its
// reason, the line and the card; the exit code tells (0 all verified, 1 a failure, 2 a usage error).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/phh/concat.hpp"
#include "tests/fairness/played_hand.hpp"
#include "tests/support/run_tool.hpp"

namespace {

using namespace tavolo;
using tavolo::engine::phh::concat;
using tavolo::testing::play_fair_hand;
using tavolo::testing::PlayedHand;
using tavolo::testing::run_tool;

class Files {
  public:
    Files()
        : dir_(std::filesystem::temp_directory_path() /
               concat({"tavolo-verify-hand-", std::to_string(::getpid())})) {
        std::filesystem::create_directories(dir_);
    }
    ~Files() { std::filesystem::remove_all(dir_); }
    std::string write(const std::string& name, const std::string& text) const {
        const auto p = dir_ / name;
        std::ofstream(p) << text;
        return p.string();
    }

  private:
    std::filesystem::path dir_;
};

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

int line_of(const std::string& text, const std::string& what) {
    const auto at = text.find(what);
    return 1 +
           static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

const engine::Variant kVariants[] = {engine::Variant::Holdem, engine::Variant::FiveCardStud,
                                     engine::Variant::FiveCardDraw};
const engine::Betting kStructures[] = {engine::Betting::NoLimit, engine::Betting::PotLimit,
                                       engine::Betting::Limit};

}  // namespace

TEST(VerifyHandCli, HandsOfEveryGameAndStructureVerify) {
    Files files;
    engine::SeededRandom rng(4242);
    std::string args;
    std::vector<engine::phh::HandHistory> session;
    for (auto v : kVariants) {
        for (auto b : kStructures) {
            const PlayedHand p = play_fair_hand(rng, v, b, 2 + static_cast<int>(rng.uniform_below(4)));
            args += concat({" ", files.write(concat({p.history.variant, ".phh"}), p.text)});
            session.push_back(p.history);
            session.back().section = concat({"hand ", std::to_string(session.size())});
        }
    }
    args += concat({" ", files.write("session.phhs", engine::phh::write_hands(session))});
    const auto r = run_tool(concat({"verify-hand", args}));
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(r.last_line(), "verify-hand: 18 verified, 0 failed") << r.out;
    EXPECT_NE(r.out.find("NT.phh: verified, "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("F5D.phh: verified, "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("session.phhs[hand 9]: verified, "), std::string::npos) << r.out;
}

TEST(VerifyHandCli, AChangedCardFailsWithTheLineAndTheCard) {
    Files files;
    engine::SeededRandom rng(99);
    const PlayedHand p = play_fair_hand(rng, engine::Variant::FiveCardStud, engine::Betting::Limit, 3);
    // p1's first cards become two cards the seed did not deal p1 (another player's).
    std::string p1_line;
    std::string p2_line;
    for (const auto& a : p.history.actions) {
        if (p1_line.empty() && a.rfind("d dh p1 ", 0) == 0) p1_line = a;
        if (p2_line.empty() && a.rfind("d dh p2 ", 0) == 0) p2_line = a;
    }
    ASSERT_FALSE(p1_line.empty() || p2_line.empty()) << p.text;
    const std::string p1_cards = p1_line.substr(8);
    const std::string p2_cards = p2_line.substr(8);
    // Swap the two players' first cards: each line is still a valid, unique set of cards.
    std::string text = replaced(p.text, p1_line, concat({"d dh p1 ", p2_cards}));
    text = replaced(text, p2_line, concat({"d dh p2 ", p1_cards}));
    const std::string file = files.write("swapped.phh", text);
    const auto r = run_tool(concat({"verify-hand ", file}));
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_EQ(r.last_line(), "verify-hand: 0 verified, 1 failed") << r.out;
    const std::string expected =
        concat({file, ": FAILED, line ", std::to_string(line_of(text, "\nactions = ") + 1),
                ": actions[0] 'd dh p1 ", p2_cards, "': card 1 dealt to p1 is ", p2_cards.substr(0, 2),
                ", but the seed deals ", p1_cards.substr(0, 2)});
    EXPECT_NE(r.out.find(expected), std::string::npos) << "expected: " << expected << "\n" << r.out;
}

TEST(VerifyHandCli, AChangedSeedOrCommitmentFails) {
    Files files;
    engine::SeededRandom rng(100);
    const PlayedHand p = play_fair_hand(rng, engine::Variant::Holdem, engine::Betting::NoLimit, 4, false);
    const std::string seed = fairness::to_hex(p.seed);
    const std::string commitment = fairness::commitment(p.seed);
    fairness::Seed other = p.seed;
    other[0] ^= 0x80;

    const std::string seed_changed = replaced(p.text, seed, fairness::to_hex(other));
    const auto r1 = run_tool(concat({"verify-hand ", files.write("seed.phh", seed_changed)}));
    EXPECT_EQ(r1.code, 1) << r1.out;
    EXPECT_NE(r1.out.find(concat({"line ", std::to_string(line_of(seed_changed, "_tavolo_commitment")),
                                  ": the commitment does not match the seed: the seed commits to ",
                                  fairness::commitment(other)})),
              std::string::npos)
        << r1.out;

    const std::string both_changed = replaced(seed_changed, commitment, fairness::commitment(other));
    const auto r2 = run_tool(concat({"verify-hand ", files.write("both.phh", both_changed)}));
    EXPECT_EQ(r2.code, 1) << r2.out;
    EXPECT_NE(r2.out.find(", but the seed deals "), std::string::npos) << r2.out;

    const std::string commitment_changed = replaced(p.text, commitment, std::string(64, 'a'));
    const auto r3 = run_tool(concat({"verify-hand ", files.write("commitment.phh", commitment_changed)}));
    EXPECT_EQ(r3.code, 1) << r3.out;
    EXPECT_NE(r3.out.find(concat({"the commitment does not match the seed: the seed commits to ", commitment,
                                  ", the file says '", std::string(64, 'a'), "'"})),
              std::string::npos)
        << r3.out;

    // The untouched file still verifies, next to a failing one: each hand has its line.
    const auto r4 = run_tool(concat(
        {"verify-hand ", files.write("good.phh", p.text), " ", files.write("bad.phh", commitment_changed)}));
    EXPECT_EQ(r4.code, 1) << r4.out;
    EXPECT_NE(r4.out.find("good.phh: verified, "), std::string::npos) << r4.out;
    EXPECT_EQ(r4.last_line(), "verify-hand: 1 verified, 1 failed") << r4.out;
}

TEST(VerifyHandCli, UsageErrorsExitTwo) {
    EXPECT_EQ(run_tool("verify-hand").code, 2);
    EXPECT_EQ(run_tool("verify-hand /nonexistent/hand.phh").code, 2);
}
