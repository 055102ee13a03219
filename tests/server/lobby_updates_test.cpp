// The lobby's updates under a burst of registrations (LobbyOptions::update_interval, issue 14): the
// first change goes at once, the others of the interval as one update at its end with the count of
// then; changes of state go at once; each subscriber's `registered` flag is still his own.
#include <gtest/gtest.h>

#include "server/lobby/lobby_core.hpp"
#include "tests/server/lobby_core_support.hpp"

namespace tavolo::server::lobby::testing {
namespace {

constexpr auto kInterval = std::chrono::seconds(20);

std::vector<TournamentDeclaration> one_mtt() {
    return {poker("Big MTT", engine::TournamentKind::ScheduledMtt, 2, 50, StartAt{kOpened + 1h})};
}

LobbyOptions throttled() {
    LobbyOptions options;
    options.update_interval = kInterval;
    return options;
}

std::vector<SendToSubscriber> updates_of(const Effects& effects) {
    std::vector<SendToSubscriber> out;
    for (const auto& u : only<SendToSubscriber>(effects))
        if (u.message.has_lobby_update()) out.push_back(u);
    return out;
}

class LobbyUpdatesTest : public ::testing::Test {
  protected:
    void SetUp() override {
        for (std::int64_t a = 1; a <= 40; ++a)
            lobby.db.wallets[account(a)] = kGrant;
        lobby.open();
        mtt = lobby.registering(0);
        lobby.core.subscribe(SubscriberId{1}, account(1), 0);
        lobby.core.subscribe(SubscriberId{2}, std::nullopt, 0);
    }
    Lobby lobby{one_mtt(), throttled()};
    std::int64_t mtt = 0;
};

TEST_F(LobbyUpdatesTest, ABurstOfRegistrationsIsOneUpdatePerIntervalWithTheLatestCount) {
    const auto first = updates_of(lobby.enter(account(1), mtt));
    ASSERT_EQ(first.size(), 2u);  // at once: nothing was published before
    for (const auto& u : first) {
        EXPECT_EQ(u.message.lobby_update().tournament().entrants(), 1);
        EXPECT_EQ(u.message.lobby_update().tournament().registered(), u.subscriber == SubscriberId{1});
    }
    for (std::int64_t a = 2; a <= 30; ++a) {
        lobby.now += std::chrono::milliseconds(100);
        EXPECT_TRUE(updates_of(lobby.enter(account(a), mtt)).empty()) << "registration " << a;
    }
    ASSERT_TRUE(lobby.core.next_deadline().has_value());
    EXPECT_EQ(*lobby.core.next_deadline(), kOpened + kInterval);
    EXPECT_TRUE(updates_of(lobby.tick(kOpened + kInterval - std::chrono::milliseconds(1))).empty());
    const auto owed = updates_of(lobby.tick(kOpened + kInterval));
    ASSERT_EQ(owed.size(), 2u);
    for (const auto& u : owed) {
        EXPECT_EQ(u.message.lobby_update().tournament().entrants(), 30);
        EXPECT_EQ(u.message.lobby_update().tournament().registered(), u.subscriber == SubscriberId{1});
    }
    EXPECT_TRUE(updates_of(lobby.tick(kOpened + 2 * kInterval)).empty());  // nothing more owed
    EXPECT_EQ(*lobby.core.next_deadline(), kOpened + 1h);
    // A registration a whole interval after the last update goes at once again.
    EXPECT_EQ(updates_of(lobby.enter(account(31), mtt)).size(), 2u);
}

TEST_F(LobbyUpdatesTest, UnregistrationsAreThrottledAlikeAndTheStartGoesAtOnce) {
    lobby.enter(account(1), mtt);
    lobby.enter(account(2), mtt);
    lobby.enter(account(3), mtt);
    lobby.now += std::chrono::seconds(1);
    EXPECT_TRUE(updates_of(lobby.leave(account(3), mtt)).empty());
    // The start at its time: one update with the state and the count of then, owed ones included.
    const auto started = updates_of(lobby.tick(kOpened + 1h));
    ASSERT_EQ(started.size(), 2u);
    for (const auto& u : started) {
        EXPECT_EQ(u.message.lobby_update().tournament().state(), v1::TOURNAMENT_STATE_RUNNING);
        EXPECT_EQ(u.message.lobby_update().tournament().entrants(), 2);
    }
}

TEST(LobbyUpdatesUnthrottled, WithoutAnIntervalEveryRegistrationIsPublished) {
    Lobby lobby{one_mtt()};
    for (std::int64_t a = 1; a <= 3; ++a)
        lobby.db.wallets[account(a)] = kGrant;
    lobby.open();
    const std::int64_t mtt = lobby.registering(0);
    lobby.core.subscribe(SubscriberId{1}, std::nullopt, 0);
    for (std::int64_t a = 1; a <= 3; ++a) {
        const auto updates = updates_of(lobby.enter(account(a), mtt));
        ASSERT_EQ(updates.size(), 1u);
        EXPECT_EQ(updates[0].message.lobby_update().tournament().entrants(), a);
    }
}

}  // namespace
}  // namespace tavolo::server::lobby::testing
