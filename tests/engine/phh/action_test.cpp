// PHH action notation: dealer and player actions, commentaries, unknown cards, and clear refusals.
#include "engine/phh/action.hpp"

#include <gtest/gtest.h>

using namespace tavolo::engine;
using namespace tavolo::engine::phh;

TEST(PhhAction, DealsHoleCardsToAPlayer) {
    auto a = parse_action("d dh p3 5dTd");
    ASSERT_TRUE(a) << a.error();
    EXPECT_EQ(a->type, ActionType::DealHole);
    EXPECT_EQ(a->player, 3);
    ASSERT_EQ(a->cards.size(), 2u);
    EXPECT_EQ(a->cards[0], Card::parse("5d"));
    EXPECT_EQ(a->cards[1], Card::parse("Td"));
}

TEST(PhhAction, UnknownCardsAreQuestionMarks) {
    auto a = parse_action("d dh p1 ????");
    ASSERT_TRUE(a);
    EXPECT_TRUE(a->has_unknown_cards());
    EXPECT_EQ(a->cards.size(), 2u);
    EXPECT_EQ(format_action(*a), "d dh p1 ????");
}

TEST(PhhAction, CbrIsAnAmountToForTheStreet) {
    auto a = parse_action("p4 cbr 36.50");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->type, ActionType::CompleteBetRaise);
    EXPECT_EQ(a->amount.to_string(), "36.5");
}

TEST(PhhAction, ShowWithCardsMuckWithout) {
    auto show = parse_action("p1 sm JhJd");
    auto muck = parse_action("p2 sm");
    ASSERT_TRUE(show && muck);
    EXPECT_EQ(show->cards.size(), 2u);
    EXPECT_TRUE(muck->cards.empty());
    EXPECT_EQ(parse_action("p1 sd")->type, ActionType::StandPatDiscard);
    EXPECT_EQ(parse_action("p1 sd 2c3c")->cards.size(), 2u);
}

TEST(PhhAction, CommentariesAndBlankStringsAreKept) {
    auto a = parse_action("  p2   cc   # slow call ");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->type, ActionType::CheckCall);
    EXPECT_EQ(a->commentary, "slow call");
    EXPECT_EQ(format_action(*a), "p2 cc # slow call");
    auto noop = parse_action("# only a remark");
    ASSERT_TRUE(noop);
    EXPECT_EQ(noop->type, ActionType::NoOp);
    EXPECT_EQ(parse_action("")->type, ActionType::NoOp);
}

TEST(PhhAction, EveryActionFormatsBackToItself) {
    for (const char* text : {"d dh p1 7h5h", "d db TcKd7h", "d db 5s", "p1 pb", "p3 cbr 250", "p3 cc", "p3 f",
                             "p2 sd", "p2 sd AsKs", "p1 sm JhJd", "p1 sm", "p6 cbr 10112.5"}) {
        auto a = parse_action(text);
        ASSERT_TRUE(a) << text;
        EXPECT_EQ(format_action(*a), text);
    }
}

TEST(PhhAction, RefusesMalformedActionsWithAReason) {
    const std::pair<const char*, const char*> cases[] = {
        {"x f", "neither the dealer"},
        {"p0 f", "neither the dealer"},
        {"p1 raise 3", "unknown action 'raise'"},
        {"p1 cbr", "exactly one amount"},
        {"p1 cbr -5", "not a positive amount"},
        {"p1 cbr 0", "not a positive amount"},
        // Positive, but more than 18 digits: said so, not "not a positive amount".
        {"p1 cbr 99999999999999999999999", "'99999999999999999999999' is beyond what Tavolo can hold"},
        {"p1 cbr 1e400", "'1e400' is beyond what Tavolo can hold"},
        {"p1 f now", "takes no argument"},
        {"d dh p1 AsK", "not a card list"},
        {"d dh p1 XxKs", "not a card list"},
        {"d dh 1 AsKs", "not a player"},
        {"d xx", "unknown dealer action"},
        {"p1 sd 9s9s", "'9s9s' names 9s twice"},
        {"d dh p1 AsKdAs", "'AsKdAs' names As twice"},
        {"p2 sm 2c2c", "names 2c twice"},
        {"p1", "has no action"},
    };
    for (const auto& [text, words] : cases) {
        auto a = parse_action(text);
        ASSERT_FALSE(a) << text;
        EXPECT_NE(a.error().find(words), std::string::npos) << text << " -> " << a.error();
    }
}
