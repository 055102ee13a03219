// A history that contradicts itself fails, naming the line and the reason: the replay checks every
// deal line against what the engine deals (player, street, number of cards, the cards), every show
// against the cards held, never lets the engine draw a card the history does not give, and compares
// every result field present. Each history here is written by hand, one action per line, so that
// the line numbers below can be read off the text.
#include <gtest/gtest.h>

#include <string>

#include "engine/phh/parser.hpp"
#include "engine/phh/replay.hpp"

using namespace tavolo::engine;
using namespace tavolo::engine::phh;

namespace {

// Three players check it down; p1's aces win the 300 pot. Line numbers are in the comments.
const char* kCheckedDown =
    "variant = 'NT'\n"                        // 1
    "antes = [0, 0, 0]\n"                     // 2
    "blinds_or_straddles = [50, 100, 0]\n"    // 3
    "min_bet = 100\n"                         // 4
    "starting_stacks = [1000, 1000, 1000]\n"  // 5
    "actions = [\n"                           // 6
    "  'd dh p1 AsAd',\n"                     // 7
    "  'd dh p2 KsKd',\n"                     // 8
    "  'd dh p3 QsQd',\n"                     // 9
    "  'p3 cc',\n"                            // 10
    "  'p1 cc',\n"                            // 11
    "  'p2 cc',\n"                            // 12
    "  'd db 2c7h9d',\n"                      // 13
    "  'p1 cc',\n"                            // 14
    "  'p2 cc',\n"                            // 15
    "  'p3 cc',\n"                            // 16
    "  'd db Tc',\n"                          // 17
    "  'p1 cc',\n"                            // 18
    "  'p2 cc',\n"                            // 19
    "  'p3 cc',\n"                            // 20
    "  'd db 4s',\n"                          // 21
    "  'p1 cc',\n"                            // 22
    "  'p2 cc',\n"                            // 23
    "  'p3 cc',\n"                            // 24
    "  'p1 sm AsAd',\n"                       // 25
    "  'p2 sm KsKd',\n"                       // 26
    "  'p3 sm QsQd',\n"                       // 27
    "]\n"                                     // 28
    "finishing_stacks = [1200, 900, 900]\n"
    "winnings = [300, 0, 0]\n";

// Five-card draw, heads-up: p1 (big blind) draws two, p2 (button) stands pat and folds to a bet.
const char* kDraw =
    "variant = 'F5D'\n"               // 1
    "antes = [0, 0]\n"                // 2
    "blinds_or_straddles = [1, 2]\n"  // 3 (heads-up: written reversed, p1 has the big blind)
    "small_bet = 2\n"                 // 4
    "big_bet = 4\n"                   // 5
    "starting_stacks = [100, 100]\n"  // 6
    "actions = [\n"                   // 7
    "  'd dh p1 AsAhKd7c2s',\n"       // 8
    "  'd dh p2 QsQhJd9c3s',\n"       // 9
    "  'p2 cc',\n"                    // 10
    "  'p1 cc',\n"                    // 11
    "  'p1 sd 7c2s',\n"               // 12
    "  'd dh p1 AdKs',\n"             // 13
    "  'p2 sd',\n"                    // 14
    "  'p1 cbr 4',\n"                 // 15
    "  'p2 f',\n"                     // 16
    "]\n"                             // 17
    "finishing_stacks = [102, 98]\n";

// Five-card stud, three players: p3 folds on the 1st round, p1 and p2 check it down; p2's pair of
// kings beats p1's ace high.
const char* kStud =
    "variant = 'N5S'\n"                    // 1
    "antes = [0, 0, 0]\n"                  // 2
    "blinds_or_straddles = [1, 2, 0]\n"    // 3
    "min_bet = 2\n"                        // 4
    "starting_stacks = [100, 100, 100]\n"  // 5
    "actions = [\n"                        // 6
    "  'd dh p1 As7d',\n"                  // 7
    "  'd dh p2 KsKd',\n"                  // 8
    "  'd dh p3 Qc2h',\n"                  // 9
    "  'p3 f',\n"                          // 10
    "  'p1 cc',\n"                         // 11
    "  'p2 cc',\n"                         // 12
    "  'd dh p1 8c',\n"                    // 13
    "  'd dh p2 3d',\n"                    // 14
    "  'p1 cc',\n"                         // 15
    "  'p2 cc',\n"                         // 16
    "  'd dh p1 9h',\n"                    // 17
    "  'd dh p2 4c',\n"                    // 18
    "  'p1 cc',\n"                         // 19
    "  'p2 cc',\n"                         // 20
    "  'd dh p1 Jc',\n"                    // 21
    "  'd dh p2 5s',\n"                    // 22
    "  'p1 cc',\n"                         // 23
    "  'p2 cc',\n"                         // 24
    "]\n"                                  // 25
    "finishing_stacks = [98, 102, 100]\n";

std::string replace(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

ReplayResult replay_text(const std::string& text) {
    auto h = parse_hand(text);
    EXPECT_TRUE(h) << (h ? "" : h.error().to_string());
    if (!h) return {};
    return replay(*h);
}

void expect_fails(const std::string& text, int line, const std::string& reason) {
    const ReplayResult r = replay_text(text);
    EXPECT_EQ(r.outcome, Outcome::Failed) << r.reason;
    EXPECT_EQ(r.reason, reason);
    EXPECT_EQ(r.line, line) << r.reason;
}

}  // namespace

TEST(PhhReplayContradiction, TheHandWrittenHistoriesThemselvesPass) {
    for (const char* text : {kCheckedDown, kDraw, kStud}) {
        const ReplayResult r = replay_text(text);
        EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason << "\n" << text;
    }
}

TEST(PhhReplayContradiction, CardsShownThatDifferFromTheCardsDealtFail) {
    expect_fails(replace(kCheckedDown, "'p2 sm KsKd'", "'p2 sm KsKh'"), 26,
                 "actions[19] 'p2 sm KsKh': p2 shows Kh, which the history did not deal p2 (p2 holds KsKd)");
}

TEST(PhhReplayContradiction, ShowingMoreCardsThanHeldFails) {
    expect_fails(replace(kCheckedDown, "'p1 sm AsAd'", "'p1 sm AsAdAh'"), 25,
                 "actions[18] 'p1 sm AsAdAh': p1 holds 2 cards (AsAd); the line shows 3");
}

TEST(PhhReplayContradiction, AFoldedPlayerDoesNotShow) {
    expect_fails(replace(kStud, "  'p2 cc',\n]", "  'p2 cc',\n  'p3 sm Qc2h',\n]"), 25,
                 "actions[18] 'p3 sm Qc2h': p3 has folded: only a player still in shows or mucks");
}

TEST(PhhReplayContradiction, TheBoardDealtBeforeThePreflopBettingEndsFails) {
    const std::string early =
        replace(kCheckedDown, "  'p2 cc',\n  'd db 2c7h9d',\n", "  'd db 2c7h9d',\n  'p2 cc',\n");
    expect_fails(early, 12,
                 "actions[5] 'd db 2c7h9d': the engine deals no board cards here: the pre-flop betting goes "
                 "on, p2 to act");
}

TEST(PhhReplayContradiction, AFourCardFlopFails) {
    expect_fails(replace(kCheckedDown, "'d db 2c7h9d'", "'d db 2c7h9d3h'"), 13,
                 "actions[6] 'd db 2c7h9d3h': the flop has 3 board cards; the line deals 4");
}

TEST(PhhReplayContradiction, ASixthBoardCardFails) {
    expect_fails(
        replace(kCheckedDown, "  'p3 cc',\n  'p1 sm", "  'p3 cc',\n  'd db 5h',\n  'p1 sm"), 25,
        "actions[18] 'd db 5h': the board is complete (5 cards): there is no more board card to deal");
}

TEST(PhhReplayContradiction, AShowdownWithNoRiverDealtFailsInsteadOfDrawingOne) {
    // Without the river the engine would have to take it from its random source.
    expect_fails(replace(kCheckedDown, "  'd db 4s',\n", ""), 20,
                 "actions[13] 'p3 cc': the engine then deals the river, which the history does not deal: a "
                 "replay never draws a card from a random source");
}

TEST(PhhReplayContradiction, ThreeHoleCardsInHoldemFail) {
    expect_fails(
        replace(kCheckedDown, "'d dh p1 AsAd'", "'d dh p1 AsAd3c'"), 7,
        "actions[0] 'd dh p1 AsAd3c': Texas Hold'em deals p1 2 cards on the pre-flop; the line deals 3");
}

TEST(PhhReplayContradiction, OnePlayerDealtTwiceFails) {
    expect_fails(replace(kCheckedDown, "'d dh p2 KsKd'", "'d dh p1 KsKd'"), 8,
                 "actions[1] 'd dh p1 KsKd': p1 is dealt twice on the pre-flop: every player is dealt once");
}

TEST(PhhReplayContradiction, APlayerNeverDealtFails) {
    expect_fails(replace(kCheckedDown, "  'd dh p2 KsKd',\n", ""), 9,
                 "actions[2] 'p3 cc': p2 is never dealt the cards of the pre-flop: every player is dealt in");
}

TEST(PhhReplayContradiction, WinningsThatDisagreeWithTheResultFail) {
    const ReplayResult r =
        replay_text(replace(kCheckedDown, "winnings = [300, 0, 0]", "winnings = [250, 50, 0]"));
    EXPECT_EQ(r.outcome, Outcome::Failed);
    EXPECT_EQ(r.reason, "winnings differ: p1 250 (engine 300), p2 50 (engine 0)");
}

TEST(PhhReplayContradiction, WinningsCountAnUncalledBetReturned) {
    // p1 bets 4 and p2 folds: p1 collects the 4 returned and the 4 of the blinds.
    const ReplayResult r = replay_text(std::string(kDraw) + "winnings = [8, 0]\n");
    EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason;
    EXPECT_EQ(r.engine_winnings, (std::vector<Chips>{8, 0}));
}

TEST(PhhReplayContradiction, DrawReplacementsMustMatchTheDiscards) {
    expect_fails(
        replace(kDraw, "'d dh p1 AdKs'", "'d dh p1 AdKsQd'"), 13,
        "actions[5] 'd dh p1 AdKsQd': p1 discarded 2 cards and is dealt 2 at the draw; the line deals 3");
}

TEST(PhhReplayContradiction, ADrawReplacementAfterStandingPatFails) {
    expect_fails(
        replace(kDraw, "  'p2 sd',\n", "  'p2 sd',\n  'd dh p2 2d',\n"), 15,
        "actions[7] 'd dh p2 2d': the engine deals p2 no cards here: the draw betting goes on, p1 to "
        "act");
}

TEST(PhhReplayContradiction, AMissingDrawReplacementFailsInsteadOfDrawingOne) {
    expect_fails(
        replace(kDraw, "  'd dh p1 AdKs',\n", ""), 12,
        "actions[4] 'p1 sd 7c2s': the engine then deals p1 a card of the draw, which the history does not "
        "deal: a replay never draws a card from a random source");
}

TEST(PhhReplayContradiction, DrawReplacementsWrittenAfterTheNextDrawFail) {
    // The engine deals p1's replacements at once, before p2 draws.
    expect_fails(
        replace(kDraw, "  'd dh p1 AdKs',\n  'p2 sd',\n", "  'p2 sd',\n  'd dh p1 AdKs',\n"), 13,
        "actions[5] 'p2 sd': the history does not deal p1's 2 cards of the draw (the engine dealt AdKs) "
        "before this action");
}

TEST(PhhReplayContradiction, StudTwoCardsOnALaterRoundFail) {
    expect_fails(
        replace(kStud, "'d dh p1 8c'", "'d dh p1 8c8d'"), 13,
        "actions[6] 'd dh p1 8c8d': Five-card Stud deals p1 1 card on the 2nd round; the line deals 2");
}

TEST(PhhReplayContradiction, StudCardsForAFoldedPlayerFail) {
    expect_fails(replace(kStud, "  'd dh p2 3d',\n", "  'd dh p2 3d',\n  'd dh p3 3h',\n"), 15,
                 "actions[8] 'd dh p3 3h': p3 has folded and is dealt no more cards");
}

TEST(PhhReplayContradiction, StudMissingFifthCardFailsInsteadOfDrawingOne) {
    expect_fails(
        replace(kStud, "  'd dh p2 5s',\n", ""), 20,
        "actions[13] 'p2 cc': the engine then deals p2 a card of the 4th round, which the history does "
        "not deal: a replay never draws a card from a random source");
}

TEST(PhhReplayContradiction, HistoryWithNoDealsFailsBeforeTheFirstAction) {
    const std::string none =
        replace(replace(replace(kDraw, "  'd dh p1 AsAhKd7c2s',\n", ""), "  'd dh p2 QsQhJd9c3s',\n", ""),
                "  'd dh p1 AdKs',\n", "");
    const ReplayResult r = replay_text(none);
    EXPECT_EQ(r.outcome, Outcome::Failed);
    EXPECT_EQ(
        r.reason,
        "before the first action: the engine then deals p1 a card of the deal, which the history does not "
        "deal: a replay never draws a card from a random source");
}

TEST(PhhReplayContradiction, DealLinesInAnotherOrderStillGiveEachPlayerTheirCards) {
    // Not a contradiction: the lines name the players, and the deck follows the engine's order.
    const ReplayResult r =
        replay_text(replace(kCheckedDown, "  'd dh p1 AsAd',\n  'd dh p2 KsKd',\n  'd dh p3 QsQd',\n",
                            "  'd dh p3 QsQd',\n  'd dh p2 KsKd',\n  'd dh p1 AsAd',\n"));
    EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason;
    EXPECT_EQ(r.engine_stacks, (std::vector<Chips>{1200, 900, 900}));
}

TEST(PhhReplayContradiction, EveryoneStandingPatDrawsNoCardFromARandomSource) {
    const ReplayResult r =
        replay_text(replace(replace(kDraw, "'p1 sd 7c2s'", "'p1 sd'"), "  'd dh p1 AdKs',\n", ""));
    EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason;
}

TEST(PhhReplayContradiction, TwoPlayersInOneSeatFail) {
    const ReplayResult r = replay_text(std::string(kCheckedDown) + "seats = [1, 4, 1]\n");
    EXPECT_EQ(r.outcome, Outcome::Failed);
    EXPECT_EQ(r.reason, "seats: seat 1 is given to two players");
    EXPECT_EQ(r.line, 31);
}

TEST(PhhReplayContradiction, ASeatBeyondTheSeatCountFails) {
    const ReplayResult r = replay_text(std::string(kCheckedDown) + "seats = [1, 4, 9]\nseat_count = 6\n");
    EXPECT_EQ(r.outcome, Outcome::Failed);
    EXPECT_EQ(r.reason, "seat_count: seat 9 is beyond the 6 seats");
    EXPECT_EQ(r.line, 32);
}

TEST(PhhReplayContradiction, TimeBanksForAnotherNumberOfPlayersFail) {
    const ReplayResult r = replay_text(std::string(kCheckedDown) + "time_banks = [30, 30]\n");
    EXPECT_EQ(r.outcome, Outcome::Failed);
    EXPECT_EQ(r.reason, "time_banks: expected an array of 3 times (one per player)");
}

TEST(PhhReplayContradiction, ConsistentSeatsPass) {
    const ReplayResult r = replay_text(std::string(kCheckedDown) + "seats = [2, 5, 9]\nseat_count = 9\n");
    EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason;
}

TEST(PhhReplayContradiction, AHistoryBuiltInMemoryNamingAPlayerWhoDoesNotExistFails) {
    // The parser refuses this in a file; a record built in memory reaches the replay as it is.
    auto h = parse_hand(kCheckedDown);
    ASSERT_TRUE(h);
    h->actions[0] = "d dh p9 AsAd";
    const ReplayResult r = replay(*h);
    EXPECT_EQ(r.outcome, Outcome::Failed);
    EXPECT_EQ(r.reason, "actions[0] 'd dh p9 AsAd': p9 does not exist (3 players)");
    EXPECT_EQ(r.line, 7);
}

TEST(PhhReplayContradiction, ACardDealtTwiceNamesTheSecondLine) {
    expect_fails(replace(kCheckedDown, "'d db 4s'", "'d db As'"), 21,
                 "actions[14] 'd db As': As is dealt twice");
}

TEST(PhhReplayContradiction, ShowingBeforeTheBettingIsOverFails) {
    expect_fails(replace(kCheckedDown, "  'p3 cc',\n  'p1 cc',\n  'p2 cc',\n  'd db 2c7h9d',\n",
                         "  'p3 cc',\n  'p1 sm AsAd',\n  'p1 cc',\n  'p2 cc',\n  'd db 2c7h9d',\n"),
                 11,
                 "actions[4] 'p1 sm AsAd': p1 shows or mucks before the betting is over: the pre-flop "
                 "betting goes on, p1 to act");
}
