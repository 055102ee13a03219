// The lobby and a running MTT (server/lobby): late registration while the director keeps it open
// (RULES.md §6), and a late buy-in that lands after the window closed, paid back in full.
#include <gtest/gtest.h>

#include "server/lobby/lobby_core.hpp"
#include "tests/server/lobby_core_support.hpp"

namespace tavolo::server::lobby::testing {
namespace {

class LateRegistrationTest : public ::testing::Test {
  protected:
    static std::vector<TournamentDeclaration> late_mtt() {
        TournamentDeclaration d =
            poker("Late MTT", engine::TournamentKind::ScheduledMtt, 2, 10, StartAt{kOpened + 1h});
        auto& s = std::get<PokerTournament>(d.rules).structure;
        s.late_registration = true;
        s.late_registration_levels = 3;
        return {d};
    }
    void SetUp() override {
        for (std::int64_t a = 1; a <= 8; ++a)
            lobby.db.wallets[account(a)] = kGrant;
        lobby.open();
        t = lobby.registering(0);
        lobby.enter(account(1), t);
        lobby.enter(account(2), t);
        lobby.tick(kOpened + 1h);
        ASSERT_EQ(only<StartTournament>(lobby.log).size(), 1u);
    }
    Lobby lobby{late_mtt()};
    std::int64_t t = 0;
};

TEST_F(LateRegistrationTest, Rules6_ALateEntrantIsChargedAndHandedToTheRunningDirector) {
    const Effects late = lobby.enter(account(3), t);
    ASSERT_EQ(only<SendToAccount>(late).size(), 1u);
    EXPECT_TRUE(only<SendToAccount>(late)[0].message.has_registered());
    const auto added = only<AddLateEntrant>(late);
    ASSERT_EQ(added.size(), 1u);
    EXPECT_EQ(persistence::raw(added[0].tournament), t);
    EXPECT_EQ(added[0].entrant.account, account(3));
    EXPECT_EQ(lobby.db.wallets[account(3)], kGrant - kBuyIn.total());
    EXPECT_EQ(lobby.info(t)->entrants(), 3);
    EXPECT_EQ(lobby.info(t)->state(), v1::TOURNAMENT_STATE_RUNNING);
    // Once started, nobody unregisters.
    EXPECT_EQ(error_code(lobby.leave(account(3), t), account(3)), v1::ERROR_CODE_NOT_REGISTERED);
}

TEST_F(LateRegistrationTest, Rules6_AfterTheDirectorClosesLateRegistrationEntriesAreRefused) {
    lobby.core.late_registration_closed(TournamentId{t});
    EXPECT_EQ(error_code(lobby.enter(account(3), t), account(3)), v1::ERROR_CODE_REGISTRATION_CLOSED);
    EXPECT_EQ(lobby.db.wallets[account(3)], kGrant);
}

TEST_F(LateRegistrationTest, Rules6_ALateBuyInCommittedAfterTheWindowClosedIsPaidBackInFull) {
    lobby.hold = true;
    lobby.enter(account(3), t);
    lobby.core.late_registration_closed(TournamentId{t});
    const Effects answered = lobby.release();
    EXPECT_TRUE(only<AddLateEntrant>(answered).empty());
    const auto refunds = only<RefundEntry>(answered);
    ASSERT_EQ(refunds.size(), 1u);
    EXPECT_EQ(refunds[0].key, "late:" + std::to_string(persistence::raw(refunds[0].registration)));
    EXPECT_EQ(error_code(answered, account(3)), v1::ERROR_CODE_REGISTRATION_CLOSED);
    EXPECT_EQ(lobby.db.wallets[account(3)], kGrant);
    EXPECT_EQ(lobby.info(t)->entrants(), 2);
}

}  // namespace
}  // namespace tavolo::server::lobby::testing
