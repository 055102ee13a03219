// Hands played by the engine, exported to PHH from their events, written, read back and replayed,
// end with the same stacks: in every game and structure we play (so every variant code), with 2 to
// 10 players on random seats, random buttons, missing small blinds, antes, short stacks, sitting-out
// players, and random legal play.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/phh/export.hpp"
#include "engine/phh/parser.hpp"
#include "engine/phh/replay.hpp"
#include "engine/phh/variant_codes.hpp"
#include "engine/phh/writer.hpp"
#include "engine/poker/hand.hpp"
#include "tests/engine/phh/random_hand.hpp"

using namespace tavolo::engine;
using namespace tavolo::engine::phh;

using namespace tavolo::engine::phh::testing;

TEST(PhhExport, EveryGameAndStructureReplaysFromItsExportedHistory) {
    SeededRandom rng(20261122);
    const Variant variants[] = {Variant::Holdem, Variant::FiveCardStud, Variant::FiveCardDraw};
    const Betting structures[] = {Betting::NoLimit, Betting::PotLimit, Betting::Limit};
    int hands = 0;
    for (Variant v : variants) {
        for (Betting b : structures) {
            const int max_players = game_for(v).max_players;
            for (int i = 0; i < 300; ++i) {
                const int players =
                    2 + static_cast<int>(rng.uniform_below(static_cast<std::uint64_t>(max_players - 1)));
                const HandSetup setup = random_setup(rng, v, b, players);
                Hand hand(setup, rng);
                ASSERT_TRUE(hand.setup_error().has_value());
                int discards_left = 52 - 5 * players - 1;
                while (!hand.is_over()) {
                    const LegalActions la = hand.legal_actions();
                    ASSERT_TRUE(hand.act(la.seat, random_legal(rng, hand, la, discards_left)).has_value());
                }
                std::vector<std::string> names(10);
                for (const SeatSetup& s : setup.seats)
                    names[static_cast<std::size_t>(s.seat)] = "seat " + std::to_string(s.seat);
                const HandHistory exported = history_of_hand(hand, setup, names);
                ASSERT_EQ(exported.variant, code_of_game({v, b}));
                const std::string text = write_hand(exported);
                auto read = parse_hand(text);
                ASSERT_TRUE(read) << read.error().to_string() << "\n" << text;
                ASSERT_TRUE(read->same_record(exported)) << text;
                const ReplayResult r = replay(*read);
                ASSERT_EQ(r.outcome, Outcome::Passed) << r.reason << "\n" << text;
                // The players in position order hold what the engine's seats hold.
                for (std::size_t p = 0; p < r.engine_stacks.size(); ++p) {
                    ASSERT_EQ((*read->finishing_stacks)[p], Decimal::whole(r.engine_stacks[p])) << text;
                }
                ++hands;
            }
        }
    }
    EXPECT_EQ(hands, 9 * 300);
}

TEST(PhhExport, PositionsStartLeftOfTheButtonAndNamesFollowTheirSeats) {
    HandSetup s;
    s.table_size = 9;
    s.small_blind = 5;
    s.big_blind = 10;
    s.seats = {{.seat = 1, .stack = 100}, {.seat = 4, .stack = 200}, {.seat = 7, .stack = 300}};
    s.button = 4;
    s.small_blind_seat = 7;
    s.big_blind_seat = 1;
    SeededRandom rng(1);
    Hand hand(s, rng);
    ASSERT_TRUE(hand.setup_error().has_value());
    while (!hand.is_over())
        ASSERT_TRUE(hand.act(hand.to_act(), Fold{}).has_value());
    std::vector<std::string> names = {"", "one", "", "", "four", "", "", "seven", ""};
    const HandHistory h = history_of_hand(hand, s, names);
    EXPECT_EQ(h.players, (std::vector<std::string>{"seven", "one", "four"}));
    EXPECT_EQ(h.blinds_or_straddles,
              (std::vector<Decimal>{Decimal::whole(5), Decimal::whole(10), Decimal::whole(0)}));
    EXPECT_EQ(h.starting_stacks,
              (std::vector<Decimal>{Decimal::whole(300), Decimal::whole(100), Decimal::whole(200)}));
    // Seat 4 (p3) folds first, then the small blind: the big blind wins the blinds.
    EXPECT_EQ(h.actions.back(), "p1 f");
    EXPECT_EQ(*h.finishing_stacks,
              (std::vector<Decimal>{Decimal::whole(295), Decimal::whole(105), Decimal::whole(200)}));
    ASSERT_NE(h.find_other("seats"), nullptr);
    EXPECT_EQ(format_value(*h.find_other("seats")), "[8, 2, 5]");
}

// `sd` lists the cards the Discarded event carries, in hand order, then `d dh` the replacements;
// a history exported in the middle of the hand (before the draw's replacements are played) too.
TEST(PhhExport, DrawDiscardsComeFromTheDiscardedEvent) {
    HandSetup s;
    s.variant = Variant::FiveCardDraw;
    s.betting = Betting::Limit;
    s.small_blind = 5;
    s.big_blind = 10;
    s.table_size = 6;
    s.seats = {{.seat = 0, .stack = 1000}, {.seat = 1, .stack = 1000}};
    s.button = 0;
    s.small_blind_seat = 0;
    s.big_blind_seat = 1;
    // Deal order from the button's left: seat 1, seat 0, five rounds; then burn 9s, replacements.
    const auto top = parse_cards("2cAc 3cKc 4cQc 5cJc 6d2d 9s 8s7s");
    ASSERT_TRUE(top);
    SeededRandom rng(7);
    Hand hand(s, rng, *top);
    ASSERT_TRUE(hand.call(0).has_value());
    ASSERT_TRUE(hand.check(1).has_value());
    const auto discards = parse_cards("6d3c");
    ASSERT_TRUE(discards);
    CardSet thrown;
    for (Card c : *discards)
        thrown.insert(c);
    ASSERT_TRUE(hand.discard(1, thrown).has_value());
    const HandHistory mid = history_of_hand(hand, s);
    ASSERT_GE(mid.actions.size(), 2U);
    EXPECT_EQ(mid.actions[mid.actions.size() - 2], "p1 sd 3c6d");
    EXPECT_EQ(mid.actions.back(), "d dh p1 8s7s");
    ASSERT_TRUE(hand.discard(0, CardSet{}).has_value());
    EXPECT_EQ(history_of_hand(hand, s).actions.back(), "p2 sd");
}
