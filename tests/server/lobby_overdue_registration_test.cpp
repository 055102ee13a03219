// A buy-in the database answers after the lobby actor's timeout (issue 14: 20,000 bots registering
// at once for one MTT; 5,000 buy-ins committed, 910 entrants started). The core is told the request
// is overdue (LobbyCore::registration_overdue): it refuses nothing while the outcome is unknown, no
// longer holds the start for it, and applies the late answer: the entrant is seated, or his buy-in is
// paid back in full. Never charged without a seat.
#include <gtest/gtest.h>

#include <set>

#include "server/lobby/lobby_core.hpp"
#include "tests/server/lobby_core_support.hpp"

namespace tavolo::server::lobby::testing {
namespace {

class OverdueRegistrationTest : public ::testing::Test {
  protected:
    static TournamentDeclaration mtt(bool late_registration) {
        TournamentDeclaration d =
            poker("Overdue MTT", engine::TournamentKind::ScheduledMtt, 2, 10, StartAt{kOpened + 1h});
        if (late_registration) {
            auto& s = std::get<PokerTournament>(d.rules).structure;
            s.late_registration = true;
            s.late_registration_levels = 3;
        }
        return d;
    }
    void open(Lobby& lobby) {
        for (std::int64_t a = 1; a <= 10; ++a)
            lobby.db.wallets[account(a)] = kGrant;
        lobby.open();
        t = lobby.registering(0);
        lobby.enter(account(1), t);
        lobby.enter(account(2), t);
    }
    // Account 3's buy-in is sent and left unanswered; the actor's timeout then reports it overdue.
    RequestId enter_and_time_out(Lobby& lobby) {
        lobby.hold = true;
        lobby.enter(account(3), t, 33);
        lobby.hold = false;
        const auto asked = only<RegisterPlayer>(lobby.held);
        EXPECT_EQ(asked.size(), 1u);
        const Effects overdue = lobby.run(lobby.core.registration_overdue(asked.at(0).request, lobby.now));
        // The outcome is unknown: the player is refused nothing ("nothing changed" would be a lie).
        EXPECT_TRUE(only<SendToAccount>(overdue).empty());
        return asked.at(0).request;
    }
    // Every account is charged exactly when it holds a seat (given to the director at the start or
    // as a late entrant), and refunded in full otherwise.
    static void expect_charged_iff_seated(Lobby& lobby) {
        std::set<AccountId> seated;
        for (const auto& s : only<StartTournament>(lobby.log))
            for (const auto& e : s.entrants)
                seated.insert(e.account);
        for (const auto& late : only<AddLateEntrant>(lobby.log))
            seated.insert(late.entrant.account);
        for (const auto& [who, balance] : lobby.db.wallets)
            EXPECT_EQ(balance, seated.contains(who) ? kGrant - kBuyIn.total() : kGrant)
                << "account " << persistence::raw(who);
    }
    std::int64_t t = 0;
};

TEST_F(OverdueRegistrationTest, ABuyInAnsweredAfterTheTimeoutBeforeTheStartIsAnEntrantAtTheStart) {
    Lobby lobby{{mtt(false)}};
    open(lobby);
    enter_and_time_out(lobby);
    // Its seat is kept and its retry waits for the answer (no second buy-in, nothing charged twice).
    EXPECT_EQ(error_code(lobby.enter(account(3), t, 34), account(3)), v1::ERROR_CODE_REGISTRATION_CLOSED);
    EXPECT_EQ(only<RegisterPlayer>(lobby.log).size(), 3u);
    // The write commits late: the entrant counts, told with his request id.
    const Effects answered = lobby.release();
    const auto replies = only<SendToAccount>(answered);
    ASSERT_EQ(replies.size(), 1u);
    EXPECT_TRUE(replies[0].message.has_registered());
    EXPECT_EQ(replies[0].message.request_id(), 33u);
    EXPECT_EQ(replies[0].message.registered().balance_cents(), kGrant - kBuyIn.total());
    ASSERT_TRUE(lobby.info(t) != nullptr);
    EXPECT_EQ(lobby.info(t)->entrants(), 3);
    lobby.tick(kOpened + 1h);
    const auto started = only<StartTournament>(lobby.log);
    ASSERT_EQ(started.size(), 1u);
    ASSERT_EQ(started[0].entrants.size(), 3u);
    EXPECT_EQ(started[0].entrants[2].account, account(3));
    expect_charged_iff_seated(lobby);
}

TEST_F(OverdueRegistrationTest, AnOverdueBuyInNoLongerHoldsTheStartAndIsPaidBackWhenItCommitsAfter) {
    Lobby lobby{{mtt(false)}};
    open(lobby);
    lobby.hold = true;
    lobby.enter(account(3), t, 33);
    lobby.hold = false;
    // The start time comes with the buy-in in flight: the start waits for it...
    lobby.tick(kOpened + 1h);
    EXPECT_TRUE(only<StartTournament>(lobby.log).empty());
    // ...until the actor's timeout reports it overdue: then it starts with the committed entrants.
    const auto asked = only<RegisterPlayer>(lobby.held);
    ASSERT_EQ(asked.size(), 1u);
    const Effects overdue = lobby.run(lobby.core.registration_overdue(asked[0].request, lobby.now));
    EXPECT_TRUE(only<SendToAccount>(overdue).empty());
    const auto started = only<StartTournament>(overdue);
    ASSERT_EQ(started.size(), 1u);
    EXPECT_EQ(started[0].entrants.size(), 2u);
    // The write commits after the start, which takes no late entrant: paid back in full under its
    // own key, and the player told so (to the request he made).
    const Effects answered = lobby.release();
    EXPECT_TRUE(only<AddLateEntrant>(answered).empty());
    const auto refunds = only<RefundEntry>(answered);
    ASSERT_EQ(refunds.size(), 1u);
    EXPECT_EQ(refunds[0].account, account(3));
    EXPECT_EQ(refunds[0].key, "late:" + std::to_string(persistence::raw(refunds[0].registration)));
    EXPECT_EQ(refunds[0].from_pool + refunds[0].from_house, kBuyIn.total());
    EXPECT_EQ(error_code(answered, account(3)), v1::ERROR_CODE_REGISTRATION_CLOSED);
    for (const auto& s : only<SendToAccount>(answered))
        if (s.message.has_error()) {
            EXPECT_EQ(s.message.request_id(), 33u);
        }
    EXPECT_EQ(lobby.db.refunds.size(), 1u);
    expect_charged_iff_seated(lobby);
}

TEST_F(OverdueRegistrationTest, AnOverdueBuyInCommittedWhileLateRegistrationIsOpenIsALateEntrant) {
    Lobby lobby{{mtt(true)}};
    open(lobby);
    lobby.hold = true;
    lobby.enter(account(3), t, 33);
    lobby.hold = false;
    lobby.tick(kOpened + 1h);
    EXPECT_TRUE(only<StartTournament>(lobby.log).empty());
    const auto asked = only<RegisterPlayer>(lobby.held);
    ASSERT_EQ(asked.size(), 1u);
    lobby.run(lobby.core.registration_overdue(asked[0].request, lobby.now));
    ASSERT_EQ(only<StartTournament>(lobby.log).size(), 1u);
    const Effects answered = lobby.release();
    const auto added = only<AddLateEntrant>(answered);
    ASSERT_EQ(added.size(), 1u);
    EXPECT_EQ(added[0].entrant.account, account(3));
    EXPECT_TRUE(only<RefundEntry>(answered).empty());
    EXPECT_EQ(lobby.info(t)->entrants(), 3);
    expect_charged_iff_seated(lobby);
}

TEST_F(OverdueRegistrationTest, AnOverdueBuyInKeepsItsSeatSoAFullTournamentNeverOverfills) {
    TournamentDeclaration d = mtt(false);
    std::get<PokerTournament>(d.rules).structure.max_players = 3;
    Lobby lobby{{d}};
    open(lobby);
    enter_and_time_out(lobby);
    EXPECT_EQ(error_code(lobby.enter(account(4), t), account(4)), v1::ERROR_CODE_REGISTRATION_CLOSED);
    EXPECT_EQ(lobby.db.wallets[account(4)], kGrant);
    lobby.release();
    EXPECT_EQ(lobby.info(t)->entrants(), 3);
    lobby.tick(kOpened + 1h);
    ASSERT_EQ(only<StartTournament>(lobby.log).size(), 1u);
    EXPECT_EQ(only<StartTournament>(lobby.log)[0].entrants.size(), 3u);
    expect_charged_iff_seated(lobby);
}

TEST_F(OverdueRegistrationTest, AnOverdueBuyInThatFailsIsRefusedThenAndTheAccountMayRetry) {
    Lobby lobby{{mtt(false)}};
    open(lobby);
    enter_and_time_out(lobby);
    lobby.db.failure = StoreErrc::queue_full;
    const Effects answered = lobby.release();
    EXPECT_EQ(error_code(answered, account(3)), v1::ERROR_CODE_UNAVAILABLE);
    lobby.db.failure.reset();
    const Effects retried = lobby.enter(account(3), t, 35);
    const auto replies = only<SendToAccount>(retried);
    ASSERT_EQ(replies.size(), 1u);
    EXPECT_TRUE(replies[0].message.has_registered());
    lobby.tick(kOpened + 1h);
    expect_charged_iff_seated(lobby);
}

TEST_F(OverdueRegistrationTest,
       WhileOverdueNoUnregistrationAndATimeoutReportedTwiceOrAfterTheAnswerIsNothing) {
    Lobby lobby{{mtt(false)}};
    open(lobby);
    const RequestId request = enter_and_time_out(lobby);
    EXPECT_EQ(error_code(lobby.leave(account(3), t), account(3)), v1::ERROR_CODE_NOT_REGISTERED);
    EXPECT_TRUE(lobby.core.registration_overdue(request, lobby.now).empty());
    lobby.release();
    EXPECT_TRUE(lobby.core.registration_overdue(request, lobby.now).empty());
    ASSERT_TRUE(lobby.info(t) != nullptr);
    EXPECT_EQ(lobby.info(t)->entrants(), 3);
    lobby.tick(kOpened + 1h);
    ASSERT_EQ(only<StartTournament>(lobby.log).size(), 1u);
    EXPECT_EQ(only<StartTournament>(lobby.log)[0].entrants.size(), 3u);
    expect_charged_iff_seated(lobby);
}

}  // namespace
}  // namespace tavolo::server::lobby::testing
