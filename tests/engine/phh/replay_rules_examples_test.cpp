// Independent checks of stud and draw in no-limit, pot-limit and limit, and of hold'em in pot-limit
// and limit: histories written by hand
// from the worked examples of RULES.md §2-3 (tests/data/phh-rules, each file explains its arithmetic),
// with finishing stacks and winnings computed by hand. Only no-limit hold'em has third-party data;
// these are the other games' equivalent, and they are not produced by Tavolo's exporter.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>

#include "engine/phh/parser.hpp"
#include "engine/phh/replay.hpp"
#include "tests/engine/phh/data_dir.hpp"

using namespace tavolo::engine;
using namespace tavolo::engine::phh;

namespace {

std::filesystem::path rules_dir() {
    return std::filesystem::path(TAVOLO_SOURCE_DIR) / "tests/data/phh-rules";
}

struct Replayed {
    std::string name;
    HandHistory hand;
    ReplayResult result;
};

std::vector<Replayed> replay_all() {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(rules_dir())) {
        const auto ext = e.path().extension();
        if (ext == ".phh" || ext == ".phhs") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    std::vector<Replayed> out;
    for (const auto& file : files) {
        auto hands = parse_hands(phh_test::read_text(file));
        EXPECT_TRUE(hands) << file << ": " << (hands ? "" : hands.error().to_string());
        if (!hands) continue;
        for (auto& parsed : *hands) {
            const std::string name =
                file.filename().string() + (parsed.section.empty() ? "" : "[" + parsed.section + "]");
            EXPECT_TRUE(parsed.hand) << name << ": " << (parsed.hand ? "" : parsed.hand.error().to_string());
            if (!parsed.hand) continue;
            out.push_back(Replayed{name, *parsed.hand, replay(*parsed.hand)});
        }
    }
    return out;
}

}  // namespace

TEST(PhhRulesExamples, EveryHandWrittenHistoryReplaysToTheHandComputedResult) {
    const auto all = replay_all();
    ASSERT_EQ(all.size(), 10u);
    std::set<std::string> variants;
    for (const auto& r : all) {
        variants.insert(r.hand.variant);
        EXPECT_EQ(r.result.outcome, Outcome::Passed) << r.name << ": " << r.result.reason;
        // Both result fields are written, so both were compared.
        ASSERT_TRUE(r.hand.finishing_stacks) << r.name;
        ASSERT_TRUE(r.hand.winnings) << r.name;
        ASSERT_EQ(r.result.engine_stacks.size(), r.hand.finishing_stacks->size()) << r.name;
        for (std::size_t p = 0; p < r.result.engine_stacks.size(); ++p) {
            EXPECT_EQ(Decimal::whole(r.result.engine_stacks[p]), (*r.hand.finishing_stacks)[p]) << r.name;
            EXPECT_EQ(Decimal::whole(r.result.engine_winnings[p]), (*r.hand.winnings)[p]) << r.name;
        }
    }
    // Stud and draw, each in no-limit, pot-limit and limit; hold'em in the two structures that have
    // no third-party data.
    EXPECT_EQ(variants, (std::set<std::string>{"N5S", "P5S", "F5S", "N5D", "P5D", "F5D", "PT", "FT"}));
}

// RULES.md §2, limit: "small bet 2, a player bets 2, the next goes all-in for 3, a third calls 3:
// the first may now raise to 5" - and not to 4.
TEST(PhhRulesExamples, Apt17_3_LimitRaiseOverAHalfBetAllInGoesToTheAllInPlusOneBet) {
    const auto path = rules_dir() / "stud-limit-half-bet-all-in.phh";
    auto hand = parse_hand(phh_test::read_text(path));
    ASSERT_TRUE(hand) << hand.error().to_string();
    auto to_four = *hand;
    std::replace(to_four.actions.begin(), to_four.actions.end(), std::string("p1 cbr 5"),
                 std::string("p1 cbr 4"));
    const auto r = replay(to_four);
    EXPECT_EQ(r.outcome, Outcome::Failed);
    EXPECT_NE(r.reason.find("actions[12] 'p1 cbr 4': refused by the engine"), std::string::npos) << r.reason;
}

// RULES.md §2, pot-limit: the maximum is exact; one chip more is refused.
TEST(PhhRulesExamples, PotLimitMaximumRaiseIsExact) {
    auto hands = parse_hands(phh_test::read_text(rules_dir() / "draw-pl-pot-raises.phhs"));
    ASSERT_TRUE(hands);
    ASSERT_EQ(hands->size(), 2u);
    ASSERT_TRUE(hands->at(1).hand);
    auto over = *hands->at(1).hand;
    std::replace(over.actions.begin(), over.actions.end(), std::string("p2 cbr 250"),
                 std::string("p2 cbr 251"));
    const auto r = replay(over);
    EXPECT_EQ(r.outcome, Outcome::Failed);
    EXPECT_NE(r.reason.find("'p2 cbr 251': refused by the engine"), std::string::npos) << r.reason;
}

// RULES.md §2, pot-limit hold'em: "first to act pre-flop: may raise to 350", and on the flop the
// maximum is exact; one chip more is refused at either.
TEST(PhhRulesExamples, HoldemPotLimitMaximumRaiseIsExact) {
    auto hand = parse_hand(phh_test::read_text(rules_dir() / "holdem-pl-pot-raises.phh"));
    ASSERT_TRUE(hand) << hand.error().to_string();
    for (const auto& [at, over] :
         {std::pair{"p3 cbr 350", "p3 cbr 351"}, std::pair{"p3 cbr 1500", "p3 cbr 1501"}}) {
        auto changed = *hand;
        std::replace(changed.actions.begin(), changed.actions.end(), std::string(at), std::string(over));
        const auto r = replay(changed);
        EXPECT_EQ(r.outcome, Outcome::Failed) << over;
        EXPECT_NE(r.reason.find(std::string("'") + over + "': refused by the engine"), std::string::npos)
            << r.reason;
    }
}

// RULES.md §2, limit hold'em: after a bet and three raises the round is capped, on the flop as
// pre-flop (where the big blind is the bet).
TEST(PhhRulesExamples, HoldemLimitRoundIsCappedAfterABetAndThreeRaises) {
    auto hand = parse_hand(phh_test::read_text(rules_dir() / "holdem-limit-cap.phh"));
    ASSERT_TRUE(hand) << hand.error().to_string();
    for (const auto& [at, over] : {std::pair{6, "p3 cbr 10"}, std::pair{13, "p2 cbr 10"}}) {
        auto changed = *hand;
        changed.actions[static_cast<std::size_t>(at)] = over;  // instead of a call
        const auto r = replay(changed);
        EXPECT_EQ(r.outcome, Outcome::Failed) << over;
        EXPECT_NE(r.reason.find("the betting is capped"), std::string::npos) << r.reason;
    }
}
