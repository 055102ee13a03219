// A director's messages to a table on another node and back ([cluster] spread_tables,
// server/cluster/table_wire.*): every kind crosses unchanged; what does not read is refused.
#include "server/cluster/table_wire.hpp"

#include <gtest/gtest.h>

namespace tavolo::server::cluster {
namespace {

engine::TablePlayer player(engine::EntrantId entrant, engine::Chips stack) {
    engine::TablePlayer p;
    p.entrant = entrant;
    p.stack = stack;
    p.sitting_out = true;
    p.disconnected = true;
    p.excluded_hands = 2;
    p.waiting = true;
    p.busted = false;
    return p;
}

TEST(TableWire, EveryDirectorMessageKindCrossesUnchanged) {
    const std::vector<engine::DirectorMessage> messages = {
        engine::OpenTable{3,
                          6,
                          engine::Variant::Holdem,
                          engine::Betting::PotLimit,
                          {{0, player(4, 1500)}, {2, player(9, 1700)}}},
        engine::StandUp{3, 2, 9, 17, true},
        engine::SeatPlayer{1, 5, player(9, 1700), 17, true},
        engine::CloseTable{3},
        engine::SetLevel{1, 4, engine::Stakes{50, 100, 10, engine::AnteMode::BigBlind}},
        engine::StartHand{1, 118, true},
        engine::Wait{1, engine::WaitReason::TooFewPlayers},
        engine::PauseForBreak{1, 3'600'000},
        engine::OfferAddOn{1, 2000}};
    for (const auto& m : messages) {
        const wire::DirectorOrder order = to_wire(m);
        wire::DirectorOrder parsed;
        ASSERT_TRUE(parsed.ParseFromString(order.SerializeAsString()));
        const auto back = from_wire(parsed);
        ASSERT_TRUE(back.has_value()) << back.error();
        EXPECT_EQ(back->index(), m.index());
        EXPECT_EQ(engine::addressee(*back), engine::addressee(m));
        EXPECT_EQ(to_wire(*back).SerializeAsString(), order.SerializeAsString()) << order.DebugString();
    }
    const auto open = std::get<engine::OpenTable>(*from_wire(to_wire(messages[0])));
    ASSERT_EQ(open.players.size(), 2U);
    EXPECT_EQ(open.players[1].seat, 2);
    EXPECT_EQ(open.players[1].player, player(9, 1700));
    EXPECT_EQ(open.betting, engine::Betting::PotLimit);
    const auto level = std::get<engine::SetLevel>(*from_wire(to_wire(messages[4])));
    EXPECT_EQ(level.stakes.big_blind, 100);
    EXPECT_EQ(level.stakes.ante_mode, engine::AnteMode::BigBlind);
    const auto seat = std::get<engine::SeatPlayer>(*from_wire(to_wire(messages[2])));
    EXPECT_EQ(seat.player, player(9, 1700));
    EXPECT_EQ(seat.move, 17);
}

TEST(TableWire, AnOrderThatDoesNotReadIsRefused) {
    wire::DirectorOrder unknown;
    unknown.set_kind(static_cast<wire::DirectorOrder::Kind>(42));
    EXPECT_FALSE(from_wire(unknown).has_value());
    wire::DirectorOrder wait;
    wait.set_kind(wire::DirectorOrder::KIND_WAIT);
    wait.set_value(7);
    EXPECT_FALSE(from_wire(wait).has_value());
    wire::DirectorOrder seat;
    seat.set_kind(wire::DirectorOrder::KIND_SEAT_PLAYER);
    EXPECT_FALSE(from_wire(seat).has_value()) << "a SeatPlayer names one player";
}

TEST(TableWire, TheEntrantsSeatedTravelWithTheirMessages) {
    actors::Roster roster;
    roster.entrants.resize(12);
    roster.entrants[4] = {104, persistence::RegistrationId{204}, "dora"};
    roster.entrants[9] = {109, persistence::RegistrationId{209}, "ivan"};
    const std::vector<engine::DirectorMessage> messages = {
        engine::OpenTable{0, 6, engine::Variant::Holdem, engine::Betting::NoLimit, {{0, player(4, 1500)}}},
        engine::StartHand{0, 1, false}, engine::SeatPlayer{0, 3, player(9, 10), 2, false}};
    const auto entrants = entrants_seated(messages, roster);
    ASSERT_EQ(entrants.size(), 2U);
    EXPECT_EQ(entrants[0].entrant(), 4);
    EXPECT_EQ(entrants[0].account(), 104);
    EXPECT_EQ(entrants[1].registration(), 209);
    EXPECT_EQ(entrants[1].name(), "ivan");
    EXPECT_TRUE(entrants_seated({engine::StartHand{0, 1, false}}, roster).empty());
}

TEST(TableWire, AMoveNoticeCrossesUnchanged) {
    const actors::MoveNotice notice{12, 77, std::make_shared<const std::string>("frame\0bytes", 11)};
    wire::WireMoveNotice parsed;
    ASSERT_TRUE(parsed.ParseFromString(to_wire(notice).SerializeAsString()));
    const actors::MoveNotice back = from_wire(parsed);
    EXPECT_EQ(back.move, 12);
    EXPECT_EQ(back.account, 77);
    ASSERT_TRUE(back.frame);
    EXPECT_EQ(*back.frame, *notice.frame);
}

}  // namespace
}  // namespace tavolo::server::cluster
