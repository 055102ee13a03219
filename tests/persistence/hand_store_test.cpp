#include "persistence/hand_store.hpp"

#include <gtest/gtest.h>

#include "tests/persistence/fixtures.hpp"
#include "tests/persistence/test_database.hpp"
#include "tests/support/refusal_of.hpp"

using namespace tavolo::persistence;
using namespace tavolo::testing;

TEST(HandStore, HandAndSnapshotCommitTogetherAndReadBackExactly) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 3, 1);
    HandStore hands(t.db());
    auto h = make_hand(sng.tables[0], 1, sng.players, 2000);
    h.phh += "note = 'quotes \" and \\\\ backslashes, {braces}, commas'\n";
    ASSERT_TRUE(hands.commit(h));
    auto stored = hands.hand(sng.tables[0], 1);
    ASSERT_TRUE(stored) << stored.error().message;
    EXPECT_EQ(stored->events, h.events);
    EXPECT_EQ(stored->phh, h.phh);
    EXPECT_NE(stored->result_json.find("\"pot\": 101"), std::string::npos) << stored->result_json;
    auto snap = hands.snapshot(sng.tables[0]);
    ASSERT_TRUE(snap);
    EXPECT_EQ(*snap, h.snapshot);
}

TEST(HandStore, FailureMidTransactionLeavesNeitherHandNorSnapshot) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 3, 1);
    HandStore hands(t.db());
    ASSERT_TRUE(hands.commit(make_hand(sng.tables[0], 1, sng.players)));
    // Hand 2's row is inserted first, then its snapshot breaks a table constraint (a button on seat 12
    // of a 9-seat table): the whole transaction must roll back.
    auto bad = make_hand(sng.tables[0], 2, sng.players);
    bad.snapshot.button = 12;
    auto r = hands.commit(bad);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, StoreErrc::invalid_argument);
    EXPECT_EQ(refusal_of(hands.hand(sng.tables[0], 2)).code, StoreErrc::not_found);
    EXPECT_EQ(*hands.hand_count(sng.tables[0]), 1);
    EXPECT_EQ(hands.snapshot(sng.tables[0])->hand_number, 1);
}

TEST(HandStore, OneBadHandInABatchRollsBackTheWholeBatch) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 2);
    HandStore hands(t.db());
    std::vector<HandRecord> batch{make_hand(sng.tables[0], 1, sng.players), make_hand(sng.tables[1], 1),
                                  make_hand(sng.tables[1], 2)};
    batch[2].result_json = "{not json";
    ASSERT_FALSE(hands.commit(batch));
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), 0);
    EXPECT_EQ(t.count("SELECT max(hand_number) FROM tournament_tables"), 0);
}

TEST(HandStore, CommittingTheSameHandAgainIsANoOp) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 1);
    HandStore hands(t.db());
    auto h = make_hand(sng.tables[0], 1, sng.players);
    ASSERT_TRUE(hands.commit(h));
    ASSERT_TRUE(hands.commit(h));
    EXPECT_EQ(*hands.hand_count(sng.tables[0]), 1);
}

TEST(HandStore, AnOlderSnapshotNeverOverwritesANewerOne) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 1);
    HandStore hands(t.db());
    std::vector<HandRecord> batch{make_hand(sng.tables[0], 2, sng.players),
                                  make_hand(sng.tables[0], 1, sng.players)};
    ASSERT_TRUE(hands.commit(batch));
    ASSERT_TRUE(hands.commit(make_hand(sng.tables[0], 1, sng.players)));
    EXPECT_EQ(hands.snapshot(sng.tables[0])->hand_number, 2);
    EXPECT_EQ(hands.snapshot(sng.tables[0])->seats[0].stack, 3002);
}

TEST(HandStore, HandAtAnUnknownTableIsNotFound) {
    MigratedDatabase t;
    HandStore hands(t.db());
    auto r = hands.commit(make_hand(TableId{424242}, 1));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, StoreErrc::not_found);
}

TEST(HandStore, SnapshotOfAnUnknownTableIsNotFound) {
    MigratedDatabase t;
    HandStore hands(t.db());
    auto r = hands.snapshot(TableId{424242});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, StoreErrc::not_found);
    EXPECT_EQ(r.error().message, "no such table");
}
