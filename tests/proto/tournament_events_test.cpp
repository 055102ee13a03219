// A tournament's facts as protocol messages (issue 10): level up, break, elimination with place and
// prize, a move to another table, the final results.
#include <gtest/gtest.h>

#include <vector>

#include "server/protocol/tournament_events.hpp"
#include "tests/proto/wire_faces.hpp"

namespace tavolo::server::protocol {
namespace {

using testing::round_trips;

TEST(TournamentEvents, ASetLevelBecomesALevelUpWithItsStakes) {
    const engine::SetLevel level{2, 5, engine::Stakes{100, 200, 25, engine::AnteMode::BigBlind}};
    const auto event = tournament_event(31, engine::DirectorMessage{level}, 0, 1'800'000);
    ASSERT_TRUE(event.has_value());
    EXPECT_EQ(event->tournament_id(), 31);
    ASSERT_EQ(event->event_case(), v1::TournamentEvent::kLevelUp);
    const v1::Stakes& stakes = event->level_up().stakes();
    EXPECT_EQ(stakes.level(), 5);
    EXPECT_EQ(stakes.small_blind(), 100);
    EXPECT_EQ(stakes.big_blind(), 200);
    EXPECT_EQ(stakes.ante(), 25);
    EXPECT_EQ(stakes.ante_mode(), v1::ANTE_MODE_BIG_BLIND);
    EXPECT_EQ(event->level_up().ends_at_ms(), 1'800'000);
    EXPECT_TRUE(round_trips(*event));
}

TEST(TournamentEvents, APauseBecomesABreakOfTheTimeLeftUntilItsEnd) {
    const auto event =
        tournament_event(31, engine::DirectorMessage{engine::PauseForBreak{0, 3'900'000}}, 3'600'000, 0);
    ASSERT_TRUE(event.has_value());
    EXPECT_EQ(event->break_started().duration_ms(), 300'000);
    // Seat changes reach players as snapshots, not as tournament events.
    EXPECT_FALSE(tournament_event(31, engine::DirectorMessage{engine::CloseTable{1}}, 0, 0).has_value());
    EXPECT_FALSE(
        tournament_event(31, engine::DirectorMessage{engine::StartHand{0, 4, false}}, 0, 0).has_value());
}

TEST(TournamentEvents, AnEliminationCarriesPlaceAndPrize) {
    const auto event = eliminated(8, engine::Placing{12, 3, 1}, "anna", 1'250);
    EXPECT_EQ(event.eliminated().entrant(), 12);
    EXPECT_EQ(event.eliminated().name(), "anna");
    EXPECT_EQ(event.eliminated().place(), 3);
    EXPECT_EQ(event.eliminated().shared(), 1);
    EXPECT_EQ(event.eliminated().prize_cents(), 1'250);
    EXPECT_TRUE(round_trips(event));
}

TEST(TournamentEvents, AMoveJoinsItsStandUpAndSeatPlayer) {
    const engine::StandUp from{2, 6, 40, 77, true};
    engine::SeatPlayer to{0, 3, {}, 77, true};
    to.player.entrant = 40;
    const auto event = moved(8, from, to);
    ASSERT_TRUE(event.has_value());
    EXPECT_EQ(event->moved().entrant(), 40);
    EXPECT_EQ(event->moved().from().table(), 2);
    EXPECT_EQ(event->moved().to().table(), 0);
    EXPECT_EQ(event->moved().to().tournament_id(), 8);
    EXPECT_EQ(event->moved().seat(), 3);
    EXPECT_TRUE(event->moved().breaking());
    // Halves of two different moves are not one move.
    to.move = 78;
    EXPECT_FALSE(moved(8, from, to).has_value());
}

TEST(TournamentEvents, TheResultsAreListedBestFirst) {
    const std::vector<FinalPlace> results{
        {engine::Placing{5, 3, 1}, "carla", 0},
        {engine::Placing{9, 1, 1}, "bruno", 6'500},
        {engine::Placing{2, 2, 1}, "anna", 3'500},
    };
    const auto event = finished(8, results, 3);
    ASSERT_EQ(event.finished().results_size(), 3);
    EXPECT_EQ(event.finished().entrants(), 3);
    EXPECT_EQ(event.finished().results(0).name(), "bruno");
    EXPECT_EQ(event.finished().results(0).prize_cents(), 6'500);
    EXPECT_EQ(event.finished().results(1).place(), 2);
    EXPECT_EQ(event.finished().results(2).entrant(), 5);
    EXPECT_TRUE(round_trips(event));
}

}  // namespace
}  // namespace tavolo::server::protocol
