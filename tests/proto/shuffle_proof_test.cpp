// Issue 10, item 7 on the wire: the commitment at a hand's start names who seeded the hand without
// their seeds; the reveal at its end carries the seed, the secret and every client seed; a ClientSeed's
// bytes reach the table as sent.
#include <gtest/gtest.h>

#include "server/protocol/shuffle_proof.hpp"
#include "server/protocol/table_snapshot.hpp"

namespace tavolo::server::protocol {
namespace {

const TableAddress kTable{.tournament_id = 4, .table = 2};

TEST(ShuffleProofWire, issue10_7_the_commitment_names_the_seeded_players_but_not_their_seeds) {
    const std::vector<SeededBy> seeded{{0, 100, "aabb"}, {3, 103, "cc"}};
    const v1::TableEvent e = shuffle_commitment_event(kTable, 7, std::string(64, 'e'), seeded);
    ASSERT_TRUE(e.has_shuffle_commitment());
    EXPECT_EQ(e.table().tournament_id(), 4);
    EXPECT_EQ(e.table().table(), 2);
    EXPECT_EQ(e.hand(), 7);
    EXPECT_EQ(e.shuffle_commitment().commitment(), std::string(64, 'e'));
    ASSERT_EQ(e.shuffle_commitment().seeded_size(), 2);
    EXPECT_EQ(e.shuffle_commitment().seeded(1).seat(), 3);
    EXPECT_EQ(e.shuffle_commitment().seeded(1).player(), 103);
    for (const auto& s : e.shuffle_commitment().seeded())
        EXPECT_EQ(s.seed_hex(), "");
}

TEST(ShuffleProofWire, issue10_7_the_reveal_carries_the_seed_the_secret_and_every_client_seed) {
    RevealedShuffle r{
        std::string(64, '1'), std::string(64, '2'), std::string(64, '3'), {{1, 101, "00ff"}, {4, 104, ""}}};
    const v1::TableEvent e = shuffle_reveal_event(kTable, 9, r);
    ASSERT_TRUE(e.has_shuffle_reveal());
    EXPECT_EQ(e.hand(), 9);
    EXPECT_EQ(e.shuffle_reveal().seed(), r.seed);
    EXPECT_EQ(e.shuffle_reveal().commitment(), r.commitment);
    EXPECT_EQ(e.shuffle_reveal().server_secret(), r.server_secret);
    ASSERT_EQ(e.shuffle_reveal().client_seeds_size(), 2);
    EXPECT_EQ(e.shuffle_reveal().client_seeds(0).seat(), 1);
    EXPECT_EQ(e.shuffle_reveal().client_seeds(0).player(), 101);
    EXPECT_EQ(e.shuffle_reveal().client_seeds(0).seed_hex(), "00ff");
    EXPECT_EQ(e.shuffle_reveal().client_seeds(1).seed_hex(), "");
}

TEST(ShuffleProofWire, issue10_7_a_client_seed_keeps_every_byte) {
    v1::ClientSeed m;
    m.set_seed(std::string("\x00\xff\x7f", 3));
    EXPECT_EQ(client_seed_bytes(m), (std::vector<std::uint8_t>{0x00, 0xff, 0x7f}));
}

TEST(ShuffleProofWire, issue10_7_a_snapshot_taken_mid_hand_repeats_the_commitment) {
    SnapshotContext context;
    context.table = kTable;
    context.shuffle_commitment = std::string(64, 'c');
    EXPECT_EQ(table_snapshot(engine::view::PokerView{}, context).shuffle_commitment(), std::string(64, 'c'));
    EXPECT_EQ(table_snapshot(engine::view::PolaccoView{}, context).shuffle_commitment(),
              std::string(64, 'c'));
    context.shuffle_commitment.clear();
    EXPECT_EQ(table_snapshot(engine::view::PokerView{}, context).shuffle_commitment(), "");
}

}  // namespace
}  // namespace tavolo::server::protocol
