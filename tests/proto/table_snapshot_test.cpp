// The table snapshot a player receives on sitting down, observing or reconnecting (issue 10): his own
// hole cards with their faces, everyone else's face down, names, stakes and level, whose turn with
// his legal actions and the time left on his clock.
#include <gtest/gtest.h>

#include "server/protocol/table_snapshot.hpp"
#include "tests/engine/poker/hand_fixture.hpp"
#include "tests/proto/wire_faces.hpp"

namespace tavolo::server::protocol {
namespace {

using namespace engine;

struct Fixture {
    Table table{10};
    SeededRandom rng{11};
    Hand hand;
    SnapshotContext context;

    Fixture() {
        const HandSetup setup =
            engine::testing::make_setup(Variant::Holdem, Betting::NoLimit, {500, 700, 900}, 5, 10);
        for (const SeatSetup& s : setup.seats) {
            EXPECT_TRUE(table.sit(s.seat, 20 + s.seat, s.stack).has_value());
            context.players[20 + s.seat].name = "seat" + std::to_string(s.seat);
        }
        context.players[21].disconnected = true;
        context.table = {5, 0};
        context.level = 2;
        context.clock = ClockState{1, 12'000, 30'000};
        hand.reset(setup, rng);
    }

    v1::TableSnapshot snapshot(const view::PokerViewer& viewer) {
        return table_snapshot(view::view_of(table, &hand, viewer), context);
    }
};

TEST(TableSnapshot, APlayerSeesHisOwnHoleCardsAndTheOthersFaceDown) {
    Fixture f;
    const v1::TableSnapshot mine = f.snapshot(view::PokerViewer::player(1));
    EXPECT_EQ(mine.your_seat(), 1);
    ASSERT_EQ(mine.poker().seats_size(), 10);
    const auto held = f.hand.hole_cards(1);
    ASSERT_EQ(mine.poker().seats(1).cards_size(), 2);
    for (int i = 0; i < 2; ++i) {
        ASSERT_TRUE(mine.poker().seats(1).cards(i).has_face());
        EXPECT_EQ(mine.poker().seats(1).cards(i).face(), face_of(held[static_cast<std::size_t>(i)]));
    }
    for (int seat : {0, 2}) {
        ASSERT_EQ(mine.poker().seats(seat).cards_size(), 2) << seat;
        for (const v1::SeenCard& card : mine.poker().seats(seat).cards())
            EXPECT_FALSE(card.has_face()) << seat;
    }
    EXPECT_EQ(mine.poker().seats(1).name(), "seat1");
    EXPECT_TRUE(mine.poker().seats(1).disconnected());
    EXPECT_EQ(mine.poker().seats(4).entrant(), -1);  // an empty seat
    EXPECT_EQ(mine.poker().stakes().level(), 2);
    EXPECT_EQ(mine.poker().stakes().big_blind(), 10);
    EXPECT_TRUE(testing::round_trips(mine));
}

TEST(TableSnapshot, AnObserverSeesNoHoleCardFace) {
    Fixture f;
    const v1::TableSnapshot seen = f.snapshot(view::PokerViewer::observer());
    EXPECT_EQ(seen.your_seat(), -1);
    EXPECT_TRUE(testing::faces_in(seen).empty()) << seen.ShortDebugString();
    EXPECT_FALSE(seen.poker().has_legal());
}

TEST(TableSnapshot, ThePlayerToActGetsHisLegalActionsAndHisClock) {
    Fixture f;
    const LegalActions la = f.hand.legal_actions();
    const v1::TableSnapshot mine = f.snapshot(view::PokerViewer::player(la.seat));
    EXPECT_EQ(mine.poker().to_act(), la.seat);
    EXPECT_EQ(mine.poker().decision(), la.decision);
    ASSERT_TRUE(mine.poker().has_legal());
    EXPECT_EQ(mine.poker().legal().min_to(), la.min_to);
    EXPECT_EQ(mine.poker().legal().max_to(), la.max_to);
    EXPECT_EQ(mine.poker().legal().call_amount(), la.call_amount);
    ASSERT_TRUE(mine.has_clock());
    EXPECT_EQ(mine.clock().seat(), la.seat);
    EXPECT_EQ(mine.clock().time_left_ms(), 12'000);
    EXPECT_EQ(mine.clock().time_bank_ms(), 30'000);
    // Another player sees whose turn it is and the clock, not the options.
    const v1::TableSnapshot other = f.snapshot(view::PokerViewer::player((la.seat + 1) % 3));
    EXPECT_FALSE(other.poker().has_legal());
    EXPECT_EQ(other.poker().to_act(), la.seat);
    EXPECT_TRUE(other.has_clock());
}

}  // namespace
}  // namespace tavolo::server::protocol
