// The director's saves (migration 0008): the newest wins whatever the order the writes commit in, and
// recovery reads it back with the report each table owes its director for its last hand.
#include "persistence/director_store.hpp"

#include <gtest/gtest.h>

#include "persistence/hand_store.hpp"
#include "persistence/recovery.hpp"
#include "tests/persistence/fixtures.hpp"
#include "tests/persistence/test_database.hpp"

using namespace tavolo::persistence;
using namespace tavolo::testing;

TEST(DirectorStore, TheNewestSaveWinsWhateverTheOrder) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 4, 2, "Saved");
    DirectorStore store(t.db());
    EXPECT_EQ(*store.load(sng.tournament.id), std::nullopt);
    std::vector<RegistrationId> entrants;
    for (const auto& p : sng.players)
        entrants.push_back(p.registration.id);
    SavedDirector three{sng.tournament.id, 3, "state three\n", entrants};
    SavedDirector two{sng.tournament.id, 2, "state two\n", entrants};
    ASSERT_TRUE(store.save(SavedDirector{sng.tournament.id, 1, "state one\n", entrants}));
    ASSERT_TRUE(store.save(three));
    ASSERT_TRUE(store.save(two));    // committed late: changes nothing
    ASSERT_TRUE(store.save(three));  // again (a retry after an unknown outcome): changes nothing
    auto loaded = store.load(sng.tournament.id);
    ASSERT_TRUE(loaded.has_value());
    EXPECT_EQ(*loaded, std::optional<SavedDirector>(three));
    EXPECT_FALSE(store.save(SavedDirector{sng.tournament.id, 0, "x\n", entrants}));
}

TEST(DirectorStore, RecoveryReadsTheDirectorAndTheReportOwedForTheLastHand) {
    MigratedDatabase t;
    auto running = small_tournament(t.db(), 4, 2, "Running");
    TournamentStore tournaments(t.db());
    ASSERT_TRUE(tournaments.set_state(running.tournament.id, TournamentState::running));
    HandStore hands(t.db());
    std::vector<Seated> first{running.players[0], running.players[1]};
    auto hand = make_hand(running.tables[0], 1, first);
    hand.director_report = "report of hand 1\n";
    ASSERT_TRUE(hands.commit(hand));
    hand = make_hand(running.tables[0], 2, first);
    hand.director_report = "report of hand 2\n";
    ASSERT_TRUE(hands.commit(hand));
    ASSERT_TRUE(DirectorStore(t.db()).save(
        SavedDirector{running.tournament.id, 7, "the state\n", {running.players[1].registration.id}}));

    auto all = load_unfinished_tournaments(t.db());
    ASSERT_TRUE(all.has_value());
    ASSERT_EQ(all->size(), 1U);
    const RecoveredTournament& r = all->front();
    ASSERT_TRUE(r.director.has_value());
    EXPECT_EQ(r.director->seq, 7);
    EXPECT_EQ(r.director->state, "the state\n");
    EXPECT_EQ(r.director->entrants, std::vector<RegistrationId>{running.players[1].registration.id});
    ASSERT_EQ(r.tables.size(), 2U);
    EXPECT_EQ(r.tables[0].snapshot.hand_number, 2);
    EXPECT_EQ(r.tables[0].director_report, "report of hand 2\n");
    EXPECT_EQ(r.tables[1].director_report, "");
}
