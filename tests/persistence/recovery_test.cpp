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
    ASSERT_TRUE(tournaments.set_state(running.tournament.id, TournamentState::running));
    ASSERT_TRUE(tournaments.set_state(done.tournament.id, TournamentState::finished));

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
    EXPECT_EQ(r.tournament.spec.state, TournamentState::running);
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

// Seats change between hands too: the first seating, a player moved to balance tables, a table broken
// and its players re-seated. Each is committed as snapshots (and broken tables) in one transaction, so
// a restart before the next hand finds every player at the seat they were moved to, not lost with a
// broken table or still at the table they left; a hand committed late never undoes the move.
TEST(Recovery, SeatsChangedBetweenHandsAreRecovered) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 4, 3);
    HandStore hands(t.db());
    auto a = sng.tables[0], b = sng.tables[1], c = sng.tables[2];
    auto seat = [&](int player, int at, tavolo::engine::Chips stack) {
        return SeatSnapshot{at, sng.players[player].registration.id, sng.players[player].account.id, stack,
                            SeatStatus::active};
    };
    // The first seating, before any hand.
    TableSnapshot at_a{a, 0, 0, 0, {seat(0, 0, 3000), seat(1, 1, 3000)}, ""};
    TableSnapshot at_b{b, 0, 1, 0, {seat(2, 1, 3000)}, ""};
    TableSnapshot at_c{c, 0, std::nullopt, 0, {seat(3, 4, 3000)}, ""};
    ASSERT_TRUE(hands.save_snapshots(std::vector{at_a, at_b, at_c}));
    auto seated = load_unfinished_tournaments(t.db());
    ASSERT_TRUE(seated) << seated.error().message;
    ASSERT_EQ(seated->at(0).tables.size(), 3U);
    EXPECT_EQ(seated->at(0).tables[0].snapshot, at_a);
    EXPECT_EQ(seated->at(0).tables[2].snapshot, at_c);

    // Hand 1 at table a ends; before its commit lands, player 1 moves to table b and table c breaks,
    // its player joining table b.
    HandRecord hand1 = make_hand(a, 1);
    hand1.snapshot.seats = {seat(0, 0, 2500), seat(1, 1, 3500)};
    TableSnapshot a_after{a, 1, 0, 0, {seat(0, 0, 2500)}, ""};
    TableSnapshot b_after{b, 0, 1, 0, {seat(1, 0, 3500), seat(2, 1, 3000), seat(3, 2, 3000)}, ""};
    ASSERT_TRUE(hands.save_snapshots(std::vector{a_after, b_after}, std::vector{c}));
    ASSERT_TRUE(hands.commit(hand1));

    auto loaded = load_unfinished_tournaments(t.db());
    ASSERT_TRUE(loaded) << loaded.error().message;
    const auto& tables = loaded->at(0).tables;
    ASSERT_EQ(tables.size(), 2U) << "table c is broken";
    EXPECT_EQ(tables[0].snapshot, a_after) << "the late hand 1 must not bring player 1 back to table a";
    EXPECT_EQ(tables[1].snapshot, b_after);
    EXPECT_EQ(*hands.hand_count(a), 1);

    // An older snapshot never replaces a newer one, and an unknown table is not_found with nothing saved.
    TableSnapshot stale{b, 0, 1, 0, {seat(2, 1, 3000)}, ""};
    ASSERT_TRUE(hands.commit(make_hand(b, 1, {})));
    ASSERT_TRUE(hands.save_snapshots(std::vector{stale}));
    EXPECT_EQ(hands.snapshot(b)->hand_number, 1);
    auto unknown =
        hands.save_snapshots(std::vector{a_after, TableSnapshot{TableId{999'999}, 0, {}, 0, {}, ""}});
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().code, StoreErrc::not_found);
}

// One table read alone (a director's node taking a table back from its dead host): the same as the
// whole tournament's read gives it, its report included; nothing once it is broken or its tournament over.
TEST(Recovery, OneOpenTableIsReadAloneAsTheWholeTournamentsReadGivesIt) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 4, 2);
    TournamentStore tournaments(t.db());
    HandStore hands(t.db());
    ASSERT_TRUE(tournaments.set_state(sng.tournament.id, TournamentState::running));
    std::vector<Seated> first{sng.players[0], sng.players[1]};
    for (int n = 1; n <= 3; ++n) {
        auto hand = make_hand(sng.tables[0], n, first);
        hand.director_report = "report of hand " + std::to_string(n);
        ASSERT_TRUE(hands.commit(hand));
    }
    auto whole = load_unfinished_tournament(t.db(), sng.tournament.id);
    ASSERT_TRUE(whole && *whole);
    auto alone = load_open_table(t.db(), sng.tables[0]);
    ASSERT_TRUE(alone) << alone.error().message;
    ASSERT_TRUE(alone->has_value());
    const RecoveredTable& expected = (*whole)->tables.at(0);
    EXPECT_EQ((*alone)->id, expected.id);
    EXPECT_EQ((*alone)->table_number, expected.table_number);
    EXPECT_EQ((*alone)->max_seats, expected.max_seats);
    EXPECT_EQ((*alone)->snapshot, expected.snapshot);
    EXPECT_EQ((*alone)->snapshot.hand_number, 3);
    EXPECT_EQ((*alone)->director_report, "report of hand 3");

    ASSERT_TRUE(tournaments.break_table(sng.tables[1]));
    auto broken = load_open_table(t.db(), sng.tables[1]);
    ASSERT_TRUE(broken);
    EXPECT_FALSE(broken->has_value());
    ASSERT_TRUE(tournaments.set_state(sng.tournament.id, TournamentState::finished));
    auto over = load_open_table(t.db(), sng.tables[0]);
    ASSERT_TRUE(over);
    EXPECT_FALSE(over->has_value());
}
