// Golden tests: hands of each game and structure, the PHH written by hand from the rules (RULES.md
// §1-§4; finishing stacks computed by hand) and the PokerStars-style text written by hand from the
// format trackers import (engine/phh/pokerstars_text.hpp), compared line by line.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "engine/phh/parser.hpp"
#include "engine/phh/pokerstars_text.hpp"

using namespace tavolo::engine::phh;

namespace {

// The raw strings start with a line break, for legibility.
void expect_text(const char* phh, const PokerStarsOptions& options, const char* expected) {
    auto hand = parse_hand(std::string(phh).substr(1));
    ASSERT_TRUE(hand) << hand.error().to_string();
    auto text = pokerstars_text(*hand, options);
    ASSERT_TRUE(text) << text.error();
    EXPECT_EQ(*text, std::string(expected).substr(1));
}

// A hand-written history of tests/data/phh-rules (its comment computes the result by hand).
void expect_rules_file(const std::string& name, const PokerStarsOptions& options, const char* expected) {
    std::ifstream in(std::string(TAVOLO_SOURCE_DIR) + "/tests/data/phh-rules/" + name);
    std::stringstream text;
    text << in.rdbuf();
    ASSERT_FALSE(text.str().empty()) << name;
    std::string phh =
        "\n";  // built by appending: GCC 12 -O3 warns (-Wrestrict, a false positive) on "\n" + string
    phh += text.str();
    expect_text(phh.c_str(), options, expected);
}

const char* kTwoPlayers = R"(
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [10, 20]
min_bet = 20
starting_stacks = [1000, 1000]
actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p2 f']
players = ['Dino', 'Elsa']
finishing_stacks = [1010, 990]
)";

}  // namespace

// Antes, blinds, a raise "by X to Y", a call of the difference, the flop bet nobody calls: returned,
// and the winner does not show. Seats and the level come from the PHH fields; the hero sees his cards only.
TEST(PokerStarsText, HoldemNoLimitHeroUncalledBetNoShowdown) {
    const char* phh = R"(
variant = 'NT'
antes = [10, 10, 10]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [3000, 2500, 4000]
actions = ['d dh p1 7c2d', 'd dh p2 QhQs', 'd dh p3 AhKd', 'p3 cbr 300', 'p1 f', 'p2 cc',
  'd db 2s6d6h', 'p2 cc', 'p3 cbr 400', 'p2 f']
hand = 42
level = 3
seats = [2, 5, 7]
seat_count = 9
players = ['Ada', 'Bruno', 'Carla']
finishing_stacks = [2940, 2190, 4370]
)";
    const char* expected = R"(
PokerStars Hand #42: Tournament #77, $10+$1 USD Hold'em No Limit - Level III (50/100) - 2026/11/26 20:00:00 UTC
Table '77 4' 9-max Seat #7 is the button
Seat 2: Ada (3000 in chips)
Seat 5: Bruno (2500 in chips)
Seat 7: Carla (4000 in chips)
Ada: posts the ante 10
Bruno: posts the ante 10
Carla: posts the ante 10
Ada: posts small blind 50
Bruno: posts big blind 100
*** HOLE CARDS ***
Dealt to Carla [Ah Kd]
Carla: raises 200 to 300
Ada: folds
Bruno: calls 200
*** FLOP *** [2s 6d 6h]
Bruno: checks
Carla: bets 400
Bruno: folds
Uncalled bet (400) returned to Carla
Carla collected 680 from pot
Carla: doesn't show hand
*** SUMMARY ***
Total pot 680 | Rake 0
Board [2s 6d 6h]
Seat 2: Ada (small blind) folded before Flop
Seat 5: Bruno (big blind) folded on the Flop
Seat 7: Carla (button) collected (680)
)";
    expect_text(phh,
                {
                    .hero = "Carla",
                    .tournament_id = "77",
                    .buy_in = "$10+$1 USD",
                    .table_name = "77 4",
                    .level = 0,
                    .time = "2026/11/26 20:00:00 UTC",
                },
                expected);
}

// Heads-up limit: the button posts the small blind; a showdown where the loser mucks. The operator's
// export (no hero) deals to nobody and names the mucked cards in the summary.
TEST(PokerStarsText, HoldemLimitHeadsUpOperatorExportShowdown) {
    const char* phh = R"(
variant = 'FT'
antes = [0, 0]
blinds_or_straddles = [10, 20]
small_bet = 20
big_bet = 40
starting_stacks = [1000, 1000]
actions = ['d dh p1 JcJd', 'd dh p2 AsAh', 'p2 cc', 'p1 cc', 'd db Js7h2c', 'p1 cbr 20', 'p2 cbr 40', 'p1 cc',
  'd db 3d', 'p1 cc', 'p2 cbr 40', 'p1 cc', 'd db 9s', 'p1 cc', 'p2 cc']
table = 3
players = ['Dino', 'Elsa']
finishing_stacks = [1100, 900]
)";
    const char* expected = R"(
PokerStars Hand #0: Tournament #5, Freeroll Hold'em Limit - Level I (10/20) - 1970/01/01 00:00:00 UTC
Table '5 3' 2-max Seat #2 is the button
Seat 1: Dino (1000 in chips)
Seat 2: Elsa (1000 in chips)
Elsa: posts small blind 10
Dino: posts big blind 20
*** HOLE CARDS ***
Elsa: calls 10
Dino: checks
*** FLOP *** [Js 7h 2c]
Dino: bets 20
Elsa: raises 20 to 40
Dino: calls 20
*** TURN *** [Js 7h 2c] [3d]
Dino: checks
Elsa: bets 40
Dino: calls 40
*** RIVER *** [Js 7h 2c 3d] [9s]
Dino: checks
Elsa: checks
*** SHOW DOWN ***
Dino: shows [Jc Jd] (three of a kind, Jacks)
Elsa: mucks hand
Dino collected 200 from pot
*** SUMMARY ***
Total pot 200 | Rake 0
Board [Js 7h 2c 3d 9s]
Seat 1: Dino (big blind) showed [Jc Jd] and won (200) with three of a kind, Jacks
Seat 2: Elsa (button) (small blind) mucked [As Ah]
)";
    expect_text(phh,
                {
                    .hero = {},
                    .tournament_id = "5",
                    .buy_in = {},
                    .table_name = {},
                    .level = 0,
                    .time = {},
                },
                expected);
}

// Three all-ins: the uncalled part of the biggest returned before the flop, a main pot and a side pot
// collected separately, the board run out, every hand shown and named.
TEST(PokerStarsText, HoldemSidePotAllInShowdown) {
    const char* phh = R"(
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [300, 600, 1000]
actions = ['d dh p1 AsAd', 'd dh p2 KsKh', 'd dh p3 QsQh', 'p3 cbr 1000', 'p1 cc', 'p2 cc',
  'p1 sm AsAd', 'p2 sm KsKh', 'p3 sm QsQh', 'd db 2c3d4h', 'd db 9s', 'd db Tc']
players = ['Ada', 'Bruno', 'Carla']
finishing_stacks = [900, 600, 400]
)";
    const char* expected = R"(
PokerStars Hand #0: Tournament #0, Freeroll Hold'em No Limit - Level I (10/20) - 1970/01/01 00:00:00 UTC
Table '0 1' 3-max Seat #3 is the button
Seat 1: Ada (300 in chips)
Seat 2: Bruno (600 in chips)
Seat 3: Carla (1000 in chips)
Ada: posts small blind 10
Bruno: posts big blind 20
*** HOLE CARDS ***
Dealt to Ada [As Ad]
Carla: raises 980 to 1000 and is all-in
Ada: calls 290 and is all-in
Bruno: calls 580 and is all-in
Uncalled bet (400) returned to Carla
*** FLOP *** [2c 3d 4h]
*** TURN *** [2c 3d 4h] [9s]
*** RIVER *** [2c 3d 4h 9s] [Tc]
*** SHOW DOWN ***
Ada: shows [As Ad] (a pair of Aces)
Bruno: shows [Ks Kh] (a pair of Kings)
Carla: shows [Qs Qh] (a pair of Queens)
Bruno collected 600 from side pot
Ada collected 900 from main pot
*** SUMMARY ***
Total pot 1500 Main pot 900. Side pot 600. | Rake 0
Board [2c 3d 4h 9s Tc]
Seat 1: Ada (small blind) showed [As Ad] and won (900) with a pair of Aces
Seat 2: Bruno (big blind) showed [Ks Kh] and won (600) with a pair of Kings
Seat 3: Carla (button) showed [Qs Qh] and lost with a pair of Queens
)";
    expect_text(phh,
                {
                    .hero = "Ada",
                    .tournament_id = {},
                    .buy_in = {},
                    .table_name = {},
                    .level = 0,
                    .time = {},
                },
                expected);
}

// Five-card stud with blinds: up cards dealt to everyone, the hero's down card too; a pot-sized bet
// on the 4th street folds the other player.
TEST(PokerStarsText, StudPotLimitHeroFoldsAfterPotBet) {
    const char* phh = R"(
variant = 'P5S'
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 Kc8d', 'd dh p2 3h4s', 'd dh p3 9c2h', 'p3 f', 'p1 cc', 'p2 cc',
  'd dh p1 Kd', 'd dh p2 5s', 'p1 cbr 40', 'p2 cbr 120', 'p1 cc',
  'd dh p1 2c', 'd dh p2 6d', 'p1 cc', 'p2 cbr 280', 'p1 f']
players = ['Ada', 'Bruno', 'Carla']
finishing_stacks = [860, 1140, 1000]
)";
    const char* expected = R"(
PokerStars Hand #0: Tournament #0, Freeroll 5 Card Stud Pot Limit - Level I (10/20) - 1970/01/01 00:00:00 UTC
Table '0 1' 3-max Seat #3 is the button
Seat 1: Ada (1000 in chips)
Seat 2: Bruno (1000 in chips)
Seat 3: Carla (1000 in chips)
Ada: posts small blind 10
Bruno: posts big blind 20
*** 2nd STREET ***
Dealt to Ada [8d]
Dealt to Bruno [3h 4s]
Dealt to Carla [2h]
Carla: folds
Ada: calls 10
Bruno: checks
*** 3rd STREET ***
Dealt to Ada [8d] [Kd]
Dealt to Bruno [3h 4s] [5s]
Ada: bets 40
Bruno: raises 80 to 120
Ada: calls 80
*** 4th STREET ***
Dealt to Ada [8d Kd] [2c]
Dealt to Bruno [3h 4s 5s] [6d]
Ada: checks
Bruno: bets 280
Ada: folds
Uncalled bet (280) returned to Bruno
Bruno collected 280 from pot
Bruno: doesn't show hand
*** SUMMARY ***
Total pot 280 | Rake 0
Seat 1: Ada (small blind) folded on the 4th Street
Seat 2: Bruno (big blind) collected (280)
Seat 3: Carla (button) folded on the 2nd Street (didn't bet)
)";
    expect_text(phh,
                {
                    .hero = "Bruno",
                    .tournament_id = {},
                    .buy_in = {},
                    .table_name = {},
                    .level = 0,
                    .time = {},
                },
                expected);
}

// Five-card draw, limit: the hero's discards and new cards, the others' counts, a stand pat, a
// capped raise war after the draw, the winner shows and the loser mucks.
TEST(PokerStarsText, DrawLimitHeroDiscardsShowdown) {
    const char* phh = R"(
variant = 'F5D'
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
small_bet = 20
big_bet = 40
starting_stacks = [500, 500, 500]
actions = ['d dh p1 AcAdKs7h2c', 'd dh p2 9h9sQd4c3c', 'd dh p3 5h6h7d8s2d', 'p3 cbr 40', 'p1 cc', 'p2 cc',
  'p1 sd 7h2c', 'd dh p1 AhKd', 'p2 sd Qd4c3c', 'd dh p2 9dJcJs', 'p3 sd',
  'p1 cbr 40', 'p2 cbr 80', 'p3 f', 'p1 cbr 120', 'p2 cc']
players = ['Ada', 'Bruno', 'Carla']
finishing_stacks = [700, 340, 460]
)";
    const char* expected = R"(
PokerStars Hand #0: Tournament #0, Freeroll 5 Card Draw Limit - Level I (10/20) - 1970/01/01 00:00:00 UTC
Table '0 1' 3-max Seat #3 is the button
Seat 1: Ada (500 in chips)
Seat 2: Bruno (500 in chips)
Seat 3: Carla (500 in chips)
Ada: posts small blind 10
Bruno: posts big blind 20
*** DEALING HANDS ***
Dealt to Ada [Ac Ad Ks 7h 2c]
Carla: raises 20 to 40
Ada: calls 30
Bruno: calls 20
*** FIRST DRAW ***
Ada: discards 2 cards [7h 2c]
Dealt to Ada [Ac Ad Ks] [Ah Kd]
Bruno: discards 3 cards
Carla: stands pat
Ada: bets 40
Bruno: raises 40 to 80
Carla: folds
Ada: raises 40 to 120
Bruno: calls 40
*** SHOW DOWN ***
Ada: shows [Ac Ad Ks Ah Kd] (a full house, Aces full of Kings)
Bruno: mucks hand
Ada collected 360 from pot
*** SUMMARY ***
Total pot 360 | Rake 0
Seat 1: Ada (small blind) showed [Ac Ad Ks Ah Kd] and won (360) with a full house, Aces full of Kings
Seat 2: Bruno (big blind) mucked
Seat 3: Carla (button) folded after the Draw
)";
    expect_text(phh,
                {
                    .hero = "Ada",
                    .tournament_id = {},
                    .buy_in = {},
                    .table_name = {},
                    .level = 0,
                    .time = {},
                },
                expected);
}

TEST(PokerStarsText, AHeroWhoIsNotAPlayerIsRefusedWithThePlayersNamed) {
    auto hand = parse_hand(std::string(kTwoPlayers).substr(1));
    ASSERT_TRUE(hand) << hand.error().to_string();
    auto text = pokerstars_text(*hand, {.hero = "Zed"});
    ASSERT_FALSE(text);
    EXPECT_NE(text.error().find("'Zed' is not one of the players (Dino, Elsa)"), std::string::npos)
        << text.error();
}

TEST(PokerStarsText, AHandThatDoesNotReplayIsRefusedWithTheReason) {
    std::string phh = std::string(kTwoPlayers).substr(1);
    phh.replace(phh.find("[1010, 990]"), 11, "[1000, 1000]");
    auto hand = parse_hand(phh);
    ASSERT_TRUE(hand) << hand.error().to_string();
    auto text = pokerstars_text(*hand);
    ASSERT_FALSE(text);
    EXPECT_NE(text.error().find("does not replay"), std::string::npos) << text.error();
    EXPECT_NE(text.error().find("finishing stacks differ"), std::string::npos) << text.error();
}

TEST(PokerStarsText, HeadsUpFoldWinnerCollectsTheBlindsWithoutShowing) {
    expect_text(kTwoPlayers, {.hero = "Dino"}, R"(
PokerStars Hand #0: Tournament #0, Freeroll Hold'em No Limit - Level I (10/20) - 1970/01/01 00:00:00 UTC
Table '0 1' 2-max Seat #2 is the button
Seat 1: Dino (1000 in chips)
Seat 2: Elsa (1000 in chips)
Elsa: posts small blind 10
Dino: posts big blind 20
*** HOLE CARDS ***
Dealt to Dino [As Ad]
Elsa: folds
Uncalled bet (10) returned to Dino
Dino collected 20 from pot
Dino: doesn't show hand
*** SUMMARY ***
Total pot 20 | Rake 0
Seat 1: Dino (big blind) collected (20)
Seat 2: Elsa (button) (small blind) folded before Flop
)");
}

// No names in the file: players are "Player N" by seat. The operator's export of a no-limit draw where
// the short stack is all-in for less than a raise: a main pot he wins and a side pot split between the
// two straights (RULES.md §3), showdown from the last aggressor clockwise.
TEST(PokerStarsText, DrawNoLimitOperatorExportSplitSidePot) {
    expect_rules_file("draw-nl-short-all-in.phh", {}, R"(
PokerStars Hand #0: Tournament #0, Freeroll 5 Card Draw No Limit - Level I (50/100) - 1970/01/01 00:00:00 UTC
Table '0 1' 3-max Seat #3 is the button
Seat 1: Player 1 (2000 in chips)
Seat 2: Player 2 (250 in chips)
Seat 3: Player 3 (2000 in chips)
Player 1: posts small blind 50
Player 2: posts big blind 100
*** DEALING HANDS ***
Player 3: calls 100
Player 1: calls 50
Player 2: checks
*** FIRST DRAW ***
Player 1: discards 2 cards
Player 2: discards 1 card
Player 3: discards 3 cards
Player 1: bets 100
Player 2: raises 50 to 150 and is all-in
Player 3: raises 100 to 250
Player 1: calls 150
*** SHOW DOWN ***
Player 3: shows [9d Ts Jc Qh Kd] (a straight, Nine to King)
Player 1: shows [9c Td Jh Qs Kc] (a straight, Nine to King)
Player 2: shows [2h 5h 7h 8h Th] (a flush, Ten high)
Player 1 collected 100 from side pot
Player 3 collected 100 from side pot
Player 2 collected 750 from main pot
*** SUMMARY ***
Total pot 950 Main pot 750. Side pot 200. | Rake 0
Seat 1: Player 1 (small blind) showed [9c Td Jh Qs Kc] and won (100) with a straight, Nine to King
Seat 2: Player 2 (big blind) showed [2h 5h 7h 8h Th] and won (750) with a flush, Ten high
Seat 3: Player 3 (button) showed [9d Ts Jc Qh Kd] and won (100) with a straight, Nine to King
)");
}

// Limit stud: an all-in for half a bet, the raise after it, a side pot for the two players left; the
// hero is the all-in player, whose down card only he sees.
TEST(PokerStarsText, StudLimitHalfBetAllInSidePot) {
    expect_rules_file("stud-limit-half-bet-all-in.phh", {.hero = "Player 2"}, R"(
PokerStars Hand #0: Tournament #0, Freeroll 5 Card Stud Limit - Level I (1/2) - 1970/01/01 00:00:00 UTC
Table '0 1' 3-max Seat #3 is the button
Seat 1: Player 1 (100 in chips)
Seat 2: Player 2 (5 in chips)
Seat 3: Player 3 (100 in chips)
Player 1: posts small blind 1
Player 2: posts big blind 2
*** 2nd STREET ***
Dealt to Player 1 [9s]
Dealt to Player 2 [Qc Qd]
Dealt to Player 3 [3h]
Player 3: calls 2
Player 1: calls 1
Player 2: checks
*** 3rd STREET ***
Dealt to Player 1 [9s] [9h]
Dealt to Player 2 [Qc Qd] [Qh]
Dealt to Player 3 [3h] [3d]
Player 1: bets 2
Player 2: raises 1 to 3 and is all-in
Player 3: calls 3
Player 1: raises 2 to 5
Player 3: calls 2
*** 4th STREET ***
Dealt to Player 1 [9s 9h] [Kc]
Dealt to Player 2 [Qc Qd Qh] [2s]
Dealt to Player 3 [3h 3d] [5h]
Player 1: bets 4
Player 3: calls 4
*** 5th STREET ***
Dealt to Player 1 [9s 9h Kc] [4s]
Dealt to Player 2 [Qc Qd Qh 2s] [7d]
Dealt to Player 3 [3h 3d 5h] [8c]
Player 1: checks
Player 3: checks
*** SHOW DOWN ***
Player 2: shows [Qc Qd Qh 2s 7d] (three of a kind, Queens)
Player 3: shows [5c 3h 3d 5h 8c] (two pair, Fives and Threes)
Player 1: mucks hand
Player 3 collected 12 from side pot
Player 2 collected 15 from main pot
*** SUMMARY ***
Total pot 27 Main pot 15. Side pot 12. | Rake 0
Seat 1: Player 1 (small blind) mucked
Seat 2: Player 2 (big blind) showed [Qc Qd Qh 2s 7d] and won (15) with three of a kind, Queens
Seat 3: Player 3 (button) showed [5c 3h 3d 5h 8c] and won (12) with two pair, Fives and Threes
)");
}
