// The session's requests across nodes (server/cluster/cluster_wire.*) and the stand-ins of remote
// sessions (remote_sessions.*).
#include "server/cluster/cluster_wire.hpp"

#include <gtest/gtest.h>

#include "server/cluster/remote_sessions.hpp"

namespace tavolo::server::cluster {
namespace {

session::TableRequest request_with(session::TableRequestBody body) {
    return {{7, 42, "alice"}, 9, {12, 1}, std::move(body)};
}

TEST(ClusterWire, EveryTableRequestKindCrossesUnchanged) {
    v1::Action action;
    action.set_hand(3);
    action.set_decision(5);
    action.mutable_poker()->set_bet_or_raise_to(400);
    const std::vector<session::TableRequestBody> bodies = {action,
                                                           session::SitOutRequest{false},
                                                           session::ChatRequest{"hi"},
                                                           session::ObserveRequest{},
                                                           session::StopObservingRequest{},
                                                           session::ReattachRequest{},
                                                           session::AwayNotice{},
                                                           session::ClientSeedRequest{{1, 2, 0, 255}},
                                                           session::PurchaseRequest{true, false}};
    for (const auto& body : bodies) {
        const auto wire = to_wire(request_with(body), "a");
        EXPECT_EQ(wire.from().node(), "a");
        EXPECT_EQ(wire.from().session(), 7U);
        wire::TableRequest parsed;
        ASSERT_TRUE(parsed.ParseFromString(wire.SerializeAsString()));
        const auto back = from_wire(parsed, 99);
        ASSERT_TRUE(back.has_value());
        EXPECT_EQ(back->from.session, 99U) << "the receiving node's stand-in";
        EXPECT_EQ(back->from.account, 42);
        EXPECT_EQ(back->from.name, "alice");
        EXPECT_EQ(back->request_id, 9U);
        EXPECT_EQ(back->table, (protocol::TableAddress{12, 1}));
        ASSERT_EQ(back->body.index(), body.index());
    }
    const auto seed = from_wire(to_wire(request_with(session::ClientSeedRequest{{1, 2, 0, 255}}), "a"), 1);
    EXPECT_EQ(std::get<session::ClientSeedRequest>(seed->body).bytes,
              (std::vector<std::uint8_t>{1, 2, 0, 255}));
    const auto chat = from_wire(to_wire(request_with(session::ChatRequest{"hi"}), "a"), 1);
    EXPECT_EQ(std::get<session::ChatRequest>(chat->body).text, "hi");
    const auto act = from_wire(to_wire(request_with(action), "a"), 1);
    EXPECT_EQ(std::get<v1::Action>(act->body).poker().bet_or_raise_to(), 400);
    EXPECT_FALSE(from_wire(wire::TableRequest{}, 1).has_value()) << "no body: refused";
}

TEST(ClusterWire, EveryLobbyRequestKindCrossesUnchanged) {
    v1::Register reg;
    reg.set_tournament_id(77);
    const std::vector<decltype(session::LobbyRequest::body)> bodies = {
        v1::SubscribeLobby{}, v1::UnsubscribeLobby{}, reg, v1::Unregister{}, v1::GetWallet{}};
    for (const auto& body : bodies) {
        const auto back = from_wire(to_wire(session::LobbyRequest{5, 42, 3, body}, "b"), 1234);
        ASSERT_TRUE(back.has_value());
        EXPECT_EQ(back->session, 1234U);
        EXPECT_EQ(back->account, 42);
        EXPECT_EQ(back->request_id, 3U);
        EXPECT_EQ(back->body.index(), body.index());
    }
    const auto back = from_wire(to_wire(session::LobbyRequest{5, 42, 3, reg}, "b"), 1);
    EXPECT_EQ(std::get<v1::Register>(back->body).tournament_id(), 77);
}

TEST(RemoteSessions, AStandInIsStableUniqueAndNeverALocalIdOrTheFeedsSession) {
    RemoteSessions remote;
    const auto a7 = remote.stand_in("a", 7);
    EXPECT_EQ(remote.stand_in("a", 7), a7);
    EXPECT_NE(remote.stand_in("c", 7), a7);
    EXPECT_TRUE(RemoteSessions::is_stand_in(a7));
    EXPECT_FALSE(RemoteSessions::is_stand_in(1));
    EXPECT_FALSE(RemoteSessions::is_stand_in(~session::SessionId{0})) << "operators::kFeedSession";
    ASSERT_TRUE(remote.find(a7).has_value());
    EXPECT_EQ(remote.find(a7)->node, "a");
    EXPECT_EQ(remote.find(a7)->session, 7U);
    EXPECT_EQ(remote.forget("a", 7), a7);
    EXPECT_FALSE(remote.find(a7).has_value());
    EXPECT_FALSE(remote.forget("a", 7).has_value());
    EXPECT_EQ(remote.size(), 1U);
}

}  // namespace
}  // namespace tavolo::server::cluster
