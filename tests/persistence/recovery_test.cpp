#include "persistence/recovery.hpp"

#include <gtest/gtest.h>

#include "persistence/hand_store.hpp"
#include "tests/persistence/fixtures.hpp"
#include "tests/persistence/test_database.hpp"

using namespace tavolo::persistence;
using namespace tavolo::testing;
using std::chrono::milliseconds;

TEST(Recovery, LoadsEveryUnfinishedTournamentAtItsLastCommittedState) {
    MigratedDatabase t;
    auto running = small_tournament(t.db(), 4, 2, "Running");
    auto done = small_tournament(t.db(), 2, 1, "Done");
    auto fresh = small_tournament(t.db(), 1, 0, "Fresh");
    TournamentStore tournaments(t.db());
    HandStore hands(t.db());
    ASSERT_TRUE(tournaments.set_state(running.tournament.id, "running"));
    ASSERT_TRUE(tournaments.set_state(done.tournament.id, "finished"));

    std::vector<Seated> first{running.players[0], running.players[1]},
        second{running.players[2], running.players[3]};
    for (int n = 1; n <= 5; ++n)
        ASSERT_TRUE(hands.commit(make_hand(running.tables[0], n, first)));
    for (int n = 1; n <= 3; ++n)
        ASSERT_TRUE(hands.commit(make_hand(running.tables[1], n, second)));
    // Hand 4 at the second table fails mid-commit: recovery must show the table after hand 3.
    auto broken = make_hand(running.tables[1], 4, second);
    broken.snapshot.button = 99;
    ASSERT_FALSE(hands.commit(broken));
    ASSERT_TRUE(tournaments.record_finish(running.players[3].registration.id, 4, 0, "finish:r3"));
    TournamentClock clock{.level = 3,
                          .level_elapsed = milliseconds(125'000),
                          .level_remaining = milliseconds(355'000),
                          .on_break = false,
                          .saved_at = std::nullopt};
    ASSERT_TRUE(tournaments.save_clock(running.tournament.id, clock));

    auto loaded = load_unfinished_tournaments(t.db());
    ASSERT_TRUE(loaded) << loaded.error().message;
    ASSERT_EQ(loaded->size(), 2U);  // "Done" is finished
    const auto& r = (*loaded)[0];
    EXPECT_EQ(r.tournament.id, running.tournament.id);
    EXPECT_EQ(r.tournament.spec.state, "running");
    EXPECT_EQ(r.tournament.clock.level, 3);
    EXPECT_EQ(r.tournament.clock.level_elapsed, milliseconds(125'000));
    EXPECT_EQ(r.tournament.clock.level_remaining, milliseconds(355'000));
    EXPECT_TRUE(r.tournament.clock.saved_at.has_value());
    ASSERT_EQ(r.tables.size(), 2U);
    EXPECT_EQ(r.tables[0].snapshot, make_hand(running.tables[0], 5, first).snapshot);
    EXPECT_EQ(r.tables[1].snapshot, make_hand(running.tables[1], 3, second).snapshot);
    ASSERT_EQ(r.registrations.size(), 4U);
    EXPECT_EQ(r.registrations[3].finishing_place, 4);
    EXPECT_EQ(r.registrations[0].paid, 2500);
    EXPECT_EQ(r.registrations[0].prize_part, 2000);

    const auto& f = (*loaded)[1];
    EXPECT_EQ(f.tournament.id, fresh.tournament.id);
    EXPECT_TRUE(f.tables.empty());
    EXPECT_EQ(f.registrations.size(), 1U);
    EXPECT_FALSE(f.tournament.clock.saved_at.has_value());
}

TEST(Recovery, BrokenTablesAreNotResumed) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 2);
    TournamentStore tournaments(t.db());
    ASSERT_TRUE(tournaments.break_table(sng.tables[1]));
    auto loaded = load_unfinished_tournaments(t.db());
    ASSERT_TRUE(loaded);
    ASSERT_EQ(loaded->at(0).tables.size(), 1U);
    EXPECT_EQ(loaded->at(0).tables[0].id, sng.tables[0]);
    EXPECT_EQ(loaded->at(0).tables[0].snapshot.hand_number, 0);
}
