// The operators' live feed hub (server/operator/live_feed.*, issue 12 item 3) without sockets:
// filtering by subscription, the event shapes, and the hole cards only through hand_revealed (what a
// table shows its observers carries none).
#include "server/operator/live_feed.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <vector>

#include "server/operator/live_outbox.hpp"
#include "tavolo.pb.h"

using namespace tavolo::server;
using namespace tavolo::server::operators;
namespace v1 = tavolo::v1;

namespace {

struct Received {
    std::vector<std::string> frames;
    LiveFeed::Sink sink() {
        return [this](Frame f) { frames.push_back(*f); };
    }
    boost::json::object at(std::size_t i) const { return boost::json::parse(frames.at(i)).as_object(); }
};

Frame serialised(const v1::ServerMessage& m) {
    return std::make_shared<const std::string>(m.SerializeAsString());
}

Frame tournament_event(std::int64_t tournament) {
    v1::ServerMessage m;
    m.mutable_tournament_event()->set_tournament_id(tournament);
    m.mutable_tournament_event()->mutable_level_up();
    return serialised(m);
}

Frame table_event(std::int64_t tournament) {
    v1::ServerMessage m;
    m.set_table_seq(5);
    m.mutable_table_event()->mutable_table()->set_tournament_id(tournament);
    return serialised(m);
}

actors::RevealedHand hand(std::int64_t tournament) {
    actors::RevealedHand h;
    h.table = {tournament, 1};
    h.hand = 4;
    h.seats.push_back({0, 7, "ann", "AcKd"});
    return h;
}

}  // namespace

TEST(LiveFeed, EveryConnectionGetsEveryTournamentUntilItSubscribes) {
    LiveFeed feed;
    Received all, three;
    feed.attach(all.sink());
    const auto id = feed.attach(three.sink());
    EXPECT_FALSE(feed.command(id, R"({"subscribe":{"tournament":3}})").has_value());
    feed.lobby_or_tournament_frame(tournament_event(3));
    feed.lobby_or_tournament_frame(tournament_event(4));
    feed.table_frame({4, 0}, table_event(4));
    feed.hand_revealed(hand(3));
    EXPECT_EQ(all.frames.size(), 4u);
    ASSERT_EQ(three.frames.size(), 2u);
    EXPECT_EQ(three.at(0).at("type").as_string(), "tournament");
    EXPECT_EQ(three.at(0).at("tournament").as_int64(), 3);
    EXPECT_EQ(three.at(1).at("type").as_string(), "hand_cards");
    EXPECT_EQ(three.at(1).at("seats").as_array().at(0).at("cards").as_string(), "AcKd");
    // Unsubscribing the last one: every tournament again.
    EXPECT_FALSE(feed.command(id, R"({"unsubscribe":{"tournament":3}})").has_value());
    feed.lobby_or_tournament_frame(tournament_event(4));
    EXPECT_EQ(three.frames.size(), 3u);
}

TEST(LiveFeed, LobbyEventsGoToEveryConnection) {
    LiveFeed feed;
    Received r;
    const auto id = feed.attach(r.sink());
    ASSERT_FALSE(feed.command(id, R"({"subscribe":{"tournament":9}})").has_value());
    v1::ServerMessage m;
    m.mutable_lobby_update();
    feed.lobby_or_tournament_frame(serialised(m));
    ASSERT_EQ(r.frames.size(), 1u);
    EXPECT_EQ(r.at(0).at("type").as_string(), "lobby");
    EXPECT_TRUE(r.at(0).at("event").as_object().contains("lobbyUpdate"));
}

TEST(LiveFeed, TableEventsCarryTheirAddressAndTheProtobufJson) {
    LiveFeed feed;
    Received r;
    feed.attach(r.sink());
    feed.table_frame({4, 2}, table_event(4));
    ASSERT_EQ(r.frames.size(), 1u);
    const auto e = r.at(0);
    EXPECT_EQ(e.at("type").as_string(), "table");
    EXPECT_EQ(e.at("table").as_int64(), 2);
    EXPECT_EQ(e.at("event").at("tableSeq").as_string(), "5");  // int64 in the JSON mapping
}

TEST(LiveFeed, AMalformedCommandIsAnswered) {
    LiveFeed feed;
    Received r;
    const auto id = feed.attach(r.sink());
    EXPECT_TRUE(feed.command(id, "nope").has_value());
    EXPECT_TRUE(feed.command(id, R"({"subscribe":{"tournament":"x"}})").has_value());
    EXPECT_TRUE(feed.command(id, R"({"watch":1})").has_value());
}

TEST(LiveFeed, ADetachedConnectionHearsNothingMore) {
    LiveFeed feed;
    Received r;
    const auto id = feed.attach(r.sink());
    feed.detach(id);
    feed.hand_revealed(hand(1));
    EXPECT_TRUE(r.frames.empty());
    EXPECT_FALSE(feed.has_listeners());
}

namespace {
struct NullOutbox : actors::Outbox {
    int to_accounts = 0;
    int to_sessions = 0;
    void to_session(session::SessionId, Frame) override { ++to_sessions; }
    void to_account(session::AccountIdValue, Frame) override { ++to_accounts; }
    void account_result(session::SessionId, session::AccountResult) override {}
};
}  // namespace

TEST(LiveOutbox, ATournamentEventSentToEveryEntrantReachesTheFeedOnce) {
    NullOutbox inner;
    LiveFeed feed;
    LiveOutbox outbox(inner, feed);
    Received r;
    feed.attach(r.sink());
    const Frame level = tournament_event(2);
    outbox.to_account(1, level);
    outbox.to_account(2, level);
    outbox.to_account(3, level);
    EXPECT_EQ(inner.to_accounts, 3);
    EXPECT_EQ(r.frames.size(), 1u);
}

TEST(LiveOutbox, APlayersOwnTableFrameNeverReachesTheFeed) {
    // A seated player's copy (his hole cards) goes to his account: the feed takes only tournament
    // events from there; tables reach it through to_operators, with what observers see.
    NullOutbox inner;
    LiveFeed feed;
    LiveOutbox outbox(inner, feed);
    Received r;
    feed.attach(r.sink());
    v1::ServerMessage m;
    m.mutable_table_event()->mutable_table()->set_tournament_id(1);
    outbox.to_account(1, serialised(m));
    EXPECT_TRUE(r.frames.empty());
    outbox.to_session(kFeedSession, tournament_event(1));
    EXPECT_EQ(r.frames.size(), 1u);
    EXPECT_EQ(inner.to_sessions, 0);
}
