// The lobby's logic (server/lobby): registration and unregistration with the buy-in as a ledger
// movement under an idempotency key, the Sit&Go and MTT starts of RULES.md §6 and the cancellation
// refunds of §6/§7, the demo lobby's re-opening, and what subscribers see. Time is a value.
#include "server/lobby/lobby_core.hpp"

#include <gtest/gtest.h>

#include "server/demo_lobby.hpp"
#include "tests/server/lobby_core_support.hpp"

namespace tavolo::server::lobby::testing {
namespace {

enum Declared : std::size_t { kSng3, kDeadlineSng, kMtt, kHeadsUp };

std::vector<TournamentDeclaration> declarations() {
    return {poker("Three-seat Sit&Go", engine::TournamentKind::SitAndGo, 3, 3, StartWhenFull{}),
            poker("Deadline Sit&Go", engine::TournamentKind::SitAndGo, 3, 6, StartAfter{60s}),
            poker("Evening MTT", engine::TournamentKind::ScheduledMtt, 3, 4, StartAt{kOpened + 1h}),
            poker("Heads-Up", engine::TournamentKind::HeadsUp, 2, 2, StartWhenFull{})};
}

class LobbyCoreTest : public ::testing::Test {
  protected:
    void SetUp() override {
        for (std::int64_t a = 1; a <= 8; ++a)
            lobby.db.wallets[account(a)] = kGrant;
        lobby.open();
    }
    std::int64_t id(Declared d) const { return lobby.registering(d); }
    int entrants(std::int64_t tournament) const {
        const auto* info = lobby.info(tournament);
        return info ? info->entrants() : -1;
    }
    Lobby lobby{declarations()};
};

TEST_F(LobbyCoreTest, OpensEveryDeclarationRegisteringWithWhatTheLobbyShows) {
    const auto created = only<CreateTournament>(lobby.log);
    ASSERT_EQ(created.size(), 4u);
    EXPECT_EQ(created[kMtt].spec.starts_at, std::chrono::system_clock::time_point(kOpened + 1h));
    const v1::LobbySnapshot snapshot = lobby.snapshot();
    ASSERT_EQ(snapshot.tournaments_size(), 4);
    const v1::TournamentInfo& sng = snapshot.tournaments(kSng3);
    EXPECT_EQ(sng.name(), "Three-seat Sit&Go");
    EXPECT_EQ(sng.game(), v1::GAME_HOLDEM);
    EXPECT_EQ(sng.betting(), v1::BETTING_NO_LIMIT);
    EXPECT_EQ(sng.kind(), v1::TOURNAMENT_KIND_SIT_AND_GO);
    EXPECT_EQ(sng.seats(), 6);
    EXPECT_EQ(sng.prize_cents(), 1000);
    EXPECT_EQ(sng.fee_cents(), 100);
    EXPECT_EQ(sng.entrants(), 0);
    EXPECT_TRUE(sng.starts_when_full());
    EXPECT_EQ(sng.state(), v1::TOURNAMENT_STATE_REGISTERING);
    const v1::TournamentInfo& deadline = snapshot.tournaments(kDeadlineSng);
    EXPECT_EQ(deadline.starts_at_ms(), (kOpened + 60s).time_since_epoch().count());
    EXPECT_EQ(snapshot.tournaments(kMtt).kind(), v1::TOURNAMENT_KIND_MTT);
    EXPECT_FALSE(snapshot.tournaments(kMtt).starts_when_full());
    EXPECT_EQ(snapshot.tournaments(kHeadsUp).seats(), 2);
}

TEST_F(LobbyCoreTest, RegisterChargesTheBuyInUnderItsKeyAndAnswersTheEntrant) {
    const std::int64_t t = id(kSng3);
    const Effects effects = lobby.enter(account(1), t, 41);
    const auto charged = only<RegisterPlayer>(effects);
    ASSERT_EQ(charged.size(), 1u);
    EXPECT_EQ(charged[0].key, "buyin:" + std::to_string(t) + ":1");
    const auto replies = only<SendToAccount>(effects);
    ASSERT_EQ(replies.size(), 1u);
    ASSERT_TRUE(replies[0].message.has_registered());
    EXPECT_EQ(replies[0].message.request_id(), 41u);
    EXPECT_EQ(replies[0].message.registered().tournament_id(), t);
    EXPECT_EQ(replies[0].message.registered().balance_cents(), kGrant - kBuyIn.total());
    EXPECT_EQ(entrants(t), 1);
    EXPECT_TRUE(lobby.snapshot(account(1)).tournaments(kSng3).registered());
    EXPECT_FALSE(lobby.snapshot(account(2)).tournaments(kSng3).registered());
}

TEST_F(LobbyCoreTest, UnregisterRefundsTheBuyInAndFeeAndALaterEntryIsANewMovement) {
    const std::int64_t t = id(kSng3);
    lobby.enter(account(1), t);
    const Effects left = lobby.leave(account(1), t, 7);
    const auto refunds = only<RefundEntry>(left);
    ASSERT_EQ(refunds.size(), 1u);
    EXPECT_EQ(refunds[0].from_pool, kBuyIn.prize_part);
    EXPECT_EQ(refunds[0].from_house, kBuyIn.fee);
    EXPECT_EQ(refunds[0].new_state, persistence::RegistrationState::unregistered);
    EXPECT_EQ(refunds[0].key, "unregister:" + std::to_string(persistence::raw(refunds[0].registration)));
    const auto replies = only<SendToAccount>(left);
    ASSERT_EQ(replies.size(), 1u);
    ASSERT_TRUE(replies[0].message.has_unregistered());
    EXPECT_EQ(replies[0].message.unregistered().balance_cents(), kGrant);
    EXPECT_EQ(lobby.db.wallets[account(1)], kGrant);
    EXPECT_EQ(entrants(t), 0);

    // Registering again is a second buy-in, not a replay of the first.
    const auto again = only<RegisterPlayer>(lobby.enter(account(1), t));
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(again[0].key, "buyin:" + std::to_string(t) + ":1:2");
    EXPECT_EQ(lobby.db.wallets[account(1)], kGrant - kBuyIn.total());
    EXPECT_EQ(entrants(t), 1);
}

TEST_F(LobbyCoreTest, APlayerRegistersOncePerTournament) {
    const std::int64_t t = id(kDeadlineSng);
    lobby.enter(account(1), t);
    const Effects twice = lobby.enter(account(1), t);
    EXPECT_EQ(error_code(twice, account(1)), v1::ERROR_CODE_REGISTRATION_CLOSED);
    EXPECT_TRUE(only<RegisterPlayer>(twice).empty());
    EXPECT_EQ(lobby.db.wallets[account(1)], kGrant - kBuyIn.total());
    EXPECT_EQ(entrants(t), 1);
}

TEST_F(LobbyCoreTest, ASecondRegistrationWhileTheFirstIsInFlightIsRefused) {
    const std::int64_t t = id(kDeadlineSng);
    lobby.hold = true;
    lobby.enter(account(1), t);
    const Effects twice = lobby.enter(account(1), t);
    EXPECT_EQ(error_code(twice, account(1)), v1::ERROR_CODE_REGISTRATION_CLOSED);
    EXPECT_EQ(lobby.held.size(), 1u);
    // Nor can he unregister an entry not yet committed.
    EXPECT_EQ(error_code(lobby.leave(account(1), t), account(1)), v1::ERROR_CODE_NOT_REGISTERED);
    lobby.release();
    EXPECT_EQ(entrants(t), 1);
}

TEST_F(LobbyCoreTest, AFullTournamentRefusesCountingSeatsWhoseBuyInIsInFlight) {
    const std::int64_t t = id(kMtt);  // at most 4, starts at its time: it stays full
    for (std::int64_t a = 1; a <= 4; ++a)
        lobby.enter(account(a), t);
    EXPECT_EQ(entrants(t), 4);
    const Effects fifth = lobby.enter(account(5), t);
    EXPECT_EQ(error_code(fifth, account(5)), v1::ERROR_CODE_REGISTRATION_CLOSED);
    EXPECT_EQ(lobby.db.wallets[account(5)], kGrant);

    // Three buy-ins in flight hold the three seats of the Sit&Go: a fourth player is refused.
    const std::int64_t sng = id(kSng3);
    lobby.hold = true;
    for (std::int64_t a = 1; a <= 3; ++a)
        lobby.enter(account(a), sng);
    EXPECT_EQ(error_code(lobby.enter(account(4), sng), account(4)), v1::ERROR_CODE_REGISTRATION_CLOSED);
    EXPECT_EQ(lobby.held.size(), 3u);
}

TEST_F(LobbyCoreTest, RequestsInTheWrongStateAreRefusedWithTheirCodes) {
    EXPECT_EQ(error_code(lobby.enter(account(1), 9999), account(1)), v1::ERROR_CODE_UNKNOWN_TOURNAMENT);
    EXPECT_EQ(error_code(lobby.leave(account(1), 9999), account(1)), v1::ERROR_CODE_UNKNOWN_TOURNAMENT);
    const std::int64_t hu = id(kHeadsUp);
    EXPECT_EQ(error_code(lobby.leave(account(1), hu), account(1)), v1::ERROR_CODE_NOT_REGISTERED);
    lobby.enter(account(1), hu);
    lobby.enter(account(2), hu);  // full: it starts
    ASSERT_EQ(lobby.info(hu)->state(), v1::TOURNAMENT_STATE_RUNNING);
    EXPECT_EQ(error_code(lobby.enter(account(3), hu), account(3)), v1::ERROR_CODE_REGISTRATION_CLOSED);
    EXPECT_EQ(error_code(lobby.leave(account(1), hu), account(1)), v1::ERROR_CODE_NOT_REGISTERED);
    EXPECT_EQ(lobby.db.wallets[account(1)], kGrant - kBuyIn.total());  // no refund once started
    EXPECT_EQ(lobby.db.wallets[account(3)], kGrant);
}

TEST_F(LobbyCoreTest, InsufficientFundsLeavesTheLobbyUnchanged) {
    const std::int64_t t = id(kSng3);
    lobby.enter(account(1), t);
    lobby.db.wallets[account(2)] = kBuyIn.total() - 1;
    const std::string before = lobby.snapshot().SerializeAsString();
    const Effects refused = lobby.enter(account(2), t);
    EXPECT_EQ(error_code(refused, account(2)), v1::ERROR_CODE_INSUFFICIENT_FUNDS);
    EXPECT_EQ(lobby.snapshot().SerializeAsString(), before);
    EXPECT_EQ(lobby.db.wallets[account(2)], kBuyIn.total() - 1);
    // The seat his buy-in held is free again: two more players fill the table.
    lobby.enter(account(3), t);
    lobby.enter(account(4), t);
    EXPECT_EQ(only<StartTournament>(lobby.log).size(), 1u);
}

TEST_F(LobbyCoreTest, ADatabaseDownLeavesTheLobbyUnchangedAndTheRetryReplaysTheSameKey) {
    const std::int64_t t = id(kSng3);
    const std::string before = lobby.snapshot().SerializeAsString();
    lobby.db.failure = StoreErrc::unavailable;
    const Effects failed = lobby.enter(account(1), t);
    EXPECT_EQ(error_code(failed, account(1)), v1::ERROR_CODE_UNAVAILABLE);
    EXPECT_EQ(lobby.snapshot().SerializeAsString(), before);
    lobby.db.failure.reset();
    const Effects retried = lobby.enter(account(1), t);
    EXPECT_EQ(only<RegisterPlayer>(retried).at(0).key, only<RegisterPlayer>(failed).at(0).key);
    EXPECT_EQ(entrants(t), 1);
}

TEST_F(LobbyCoreTest, ABuyInCommittedWhoseAnswerWasLostIsChargedOnceOnTheRetry) {
    const std::int64_t t = id(kSng3);
    lobby.hold = true;
    lobby.enter(account(1), t);
    const RegisterPlayer request = std::get<RegisterPlayer>(lobby.held.at(0));
    lobby.held.clear();
    lobby.hold = false;
    ASSERT_TRUE(lobby.db.enter(request));  // committed, but the answer never reached the lobby
    lobby.run(lobby.core.registration_done(
        request.request, persistence::store_error(StoreErrc::unavailable, "connection lost"), std::nullopt,
        lobby.now));
    EXPECT_EQ(entrants(t), 0);
    const Effects retried = lobby.enter(account(1), t);
    EXPECT_EQ(only<RegisterPlayer>(retried).at(0).key, request.key);
    EXPECT_EQ(lobby.db.wallets[account(1)], kGrant - kBuyIn.total());
    EXPECT_EQ(entrants(t), 1);
}

TEST_F(LobbyCoreTest, AFailedRefundLeavesThePlayerRegistered) {
    const std::int64_t t = id(kSng3);
    lobby.enter(account(1), t);
    const std::string before = lobby.snapshot().SerializeAsString();
    lobby.db.failure = StoreErrc::database;
    EXPECT_EQ(error_code(lobby.leave(account(1), t), account(1)), v1::ERROR_CODE_INTERNAL);
    EXPECT_EQ(lobby.snapshot().SerializeAsString(), before);
    lobby.db.failure.reset();
    EXPECT_TRUE(only<SendToAccount>(lobby.leave(account(1), t)).at(0).message.has_unregistered());
    EXPECT_EQ(lobby.db.wallets[account(1)], kGrant);
}

TEST_F(LobbyCoreTest, Rules6_SitAndGoStartsWhenFullWithExactlyTheRegisteredEntrants) {
    const std::int64_t t = id(kSng3);
    lobby.enter(account(1), t);
    lobby.enter(account(2), t);
    lobby.leave(account(1), t);
    lobby.enter(account(3), t);
    EXPECT_TRUE(only<StartTournament>(lobby.log).empty());
    lobby.enter(account(4), t);
    const auto started = only<StartTournament>(lobby.log);
    ASSERT_EQ(started.size(), 1u);
    EXPECT_EQ(persistence::raw(started[0].tournament), t);
    EXPECT_EQ(started[0].declaration.name, "Three-seat Sit&Go");
    std::vector<AccountId> accounts;
    for (const Entrant& e : started[0].entrants)
        accounts.push_back(e.account);
    EXPECT_EQ(accounts, (std::vector<AccountId>{account(2), account(3), account(4)}));
    EXPECT_EQ(lobby.db.states.at(TournamentId{t}), persistence::TournamentState::running);
    EXPECT_EQ(lobby.info(t)->state(), v1::TOURNAMENT_STATE_RUNNING);
}

TEST_F(LobbyCoreTest, ASitAndGoThatStartsIsReopenedSoThereIsAlwaysOneToJoin) {
    const std::int64_t first = id(kSng3);
    for (std::int64_t a = 1; a <= 3; ++a)
        lobby.enter(account(a), first);
    const std::int64_t copy = id(kSng3);
    ASSERT_NE(copy, 0);
    EXPECT_NE(copy, first);
    EXPECT_EQ(entrants(copy), 0);
    EXPECT_EQ(lobby.info(first)->state(), v1::TOURNAMENT_STATE_RUNNING);
    // The copy takes registrations of its own, even from the players of the first.
    lobby.enter(account(1), copy);
    EXPECT_EQ(entrants(copy), 1);
    // The /metrics count by state agrees with the listing, without making it.
    std::map<v1::TournamentState, std::int64_t> listed;
    const v1::LobbySnapshot snapshot = lobby.snapshot();
    for (const auto& info : snapshot.tournaments())
        ++listed[info.state()];
    EXPECT_EQ(lobby.core.count_states(), listed);
    EXPECT_EQ(listed[v1::TOURNAMENT_STATE_RUNNING], 1);
    EXPECT_EQ(listed[v1::TOURNAMENT_STATE_REGISTERING], 4);
}

TEST(LobbyCoreDemo, EveryDemoSitAndGoIsReopenedWhenItStarts) {
    Lobby lobby{demo_lobby()};
    for (std::int64_t a = 1; a <= 6; ++a)
        lobby.db.wallets[account(a)] = kGrant;
    lobby.open();
    const auto demo = demo_lobby();
    ASSERT_EQ(lobby.snapshot().tournaments_size(), static_cast<int>(demo.size()));
    for (std::size_t d = 0; d < demo.size(); ++d) {
        const std::int64_t t = lobby.registering(d);
        for (int a = 1; a <= demo[d].max_players(); ++a)
            lobby.enter(account(a), t);
        EXPECT_EQ(lobby.info(t)->state(), v1::TOURNAMENT_STATE_RUNNING) << demo[d].name;
        const std::int64_t copy = lobby.registering(d);
        EXPECT_NE(copy, 0) << demo[d].name;
        EXPECT_NE(copy, t) << demo[d].name;
    }
    EXPECT_EQ(only<StartTournament>(lobby.log).size(), demo.size());
}

TEST_F(LobbyCoreTest, Rules6_AtItsDeadlineASitAndGoStartsWithItsMinimum) {
    const std::int64_t t = id(kDeadlineSng);
    for (std::int64_t a = 1; a <= 3; ++a)
        lobby.enter(account(a), t);
    lobby.tick(kOpened + 59s);
    EXPECT_TRUE(only<StartTournament>(lobby.log).empty());
    EXPECT_EQ(lobby.core.next_deadline(), kOpened + 60s);
    lobby.tick(kOpened + 60s);
    const auto started = only<StartTournament>(lobby.log);
    ASSERT_EQ(started.size(), 1u);
    EXPECT_EQ(started[0].entrants.size(), 3u);
    EXPECT_EQ(lobby.info(t)->state(), v1::TOURNAMENT_STATE_RUNNING);
    EXPECT_NE(id(kDeadlineSng), 0);  // re-opened, with a deadline of its own
    EXPECT_EQ(lobby.info(id(kDeadlineSng))->starts_at_ms(), (kOpened + 120s).time_since_epoch().count());
}

TEST_F(LobbyCoreTest, Rules6_BelowItsMinimumAtItsDeadlineASitAndGoIsCancelledAndRefundedInFull) {
    const std::int64_t t = id(kDeadlineSng);
    lobby.enter(account(1), t);
    lobby.enter(account(2), t);
    lobby.tick(kOpened + 60s);
    EXPECT_TRUE(only<StartTournament>(lobby.log).empty());
    const auto refunds = only<RefundEntry>(lobby.log);
    ASSERT_EQ(refunds.size(), 2u);
    for (const RefundEntry& r : refunds) {
        EXPECT_EQ(r.key, "cancel:" + std::to_string(persistence::raw(r.registration)));
        EXPECT_EQ(r.from_pool + r.from_house, kBuyIn.total());
    }
    EXPECT_EQ(lobby.db.wallets[account(1)], kGrant);
    EXPECT_EQ(lobby.db.wallets[account(2)], kGrant);
    EXPECT_EQ(lobby.info(t)->state(), v1::TOURNAMENT_STATE_CANCELLED);
    EXPECT_EQ(lobby.db.states.at(TournamentId{t}), persistence::TournamentState::cancelled);
    // Each player hears of the money back.
    for (const AccountId a : {account(1), account(2)}) {
        const auto told = std::ranges::any_of(only<SendToAccount>(lobby.log), [&](const SendToAccount& s) {
            return s.account == a && s.message.has_wallet() && s.message.wallet().balance_cents() == kGrant;
        });
        EXPECT_TRUE(told) << persistence::raw(a);
    }
    EXPECT_EQ(error_code(lobby.enter(account(3), t), account(3)), v1::ERROR_CODE_REGISTRATION_CLOSED);
}

TEST_F(LobbyCoreTest, RegistrationClosesAtTheDeadlineEvenBeforeTheTick) {
    const std::int64_t t = id(kDeadlineSng);
    lobby.now = kOpened + 60s;
    EXPECT_EQ(error_code(lobby.enter(account(1), t), account(1)), v1::ERROR_CODE_REGISTRATION_CLOSED);
}

TEST_F(LobbyCoreTest, Rules6_TheDeadlineWaitsForABuyInInFlightAndStartsWithIt) {
    const std::int64_t t = id(kDeadlineSng);
    lobby.enter(account(1), t);
    lobby.enter(account(2), t);
    lobby.hold = true;
    lobby.enter(account(3), t);
    lobby.tick(kOpened + 60s);
    EXPECT_TRUE(only<StartTournament>(lobby.log).empty());
    EXPECT_TRUE(only<RefundEntry>(lobby.log).empty());
    lobby.release();
    const auto started = only<StartTournament>(lobby.log);
    ASSERT_EQ(started.size(), 1u);
    EXPECT_EQ(started[0].entrants.size(), 3u);
}

TEST_F(LobbyCoreTest, Rules6_ABuyInAskedBeforeTheDeadlineAndAnsweredAfterItCounts) {
    const std::int64_t t = id(kDeadlineSng);
    lobby.enter(account(1), t);
    lobby.enter(account(2), t);
    lobby.hold = true;
    lobby.now = kOpened + 59s;
    lobby.enter(account(3), t);
    lobby.now = kOpened + 61s;  // the answer comes after the deadline, before any tick
    lobby.release();
    EXPECT_TRUE(only<RefundEntry>(lobby.log).empty());
    const auto started = only<StartTournament>(lobby.log);
    ASSERT_EQ(started.size(), 1u);
    EXPECT_EQ(started[0].entrants.size(), 3u);
}

TEST_F(LobbyCoreTest, Rules7_ACancellationRefundThatFailsIsRetriedUnderTheSameKeyAndPaidOnce) {
    const std::int64_t t = id(kDeadlineSng);
    lobby.enter(account(1), t);
    lobby.db.failure = StoreErrc::unavailable;
    lobby.tick(kOpened + 60s);
    ASSERT_EQ(only<RefundEntry>(lobby.log).size(), 1u);
    EXPECT_EQ(lobby.db.wallets[account(1)], kGrant - kBuyIn.total());
    lobby.db.failure.reset();
    lobby.tick(kOpened + 61s);
    const auto refunds = only<RefundEntry>(lobby.log);
    ASSERT_EQ(refunds.size(), 2u);
    EXPECT_EQ(refunds[0].key, refunds[1].key);
    lobby.tick(kOpened + 62s);
    EXPECT_EQ(only<RefundEntry>(lobby.log).size(), 2u);
    EXPECT_EQ(lobby.db.wallets[account(1)], kGrant);
}

TEST_F(LobbyCoreTest, Rules6_AnMttStartsAtItsTimeWithItsMinimumAndNotWhenFull) {
    const std::int64_t t = id(kMtt);
    for (std::int64_t a = 1; a <= 4; ++a)
        lobby.enter(account(a), t);
    EXPECT_TRUE(only<StartTournament>(lobby.log).empty());
    lobby.tick(kOpened + 1h - 1s);
    EXPECT_TRUE(only<StartTournament>(lobby.log).empty());
    lobby.tick(kOpened + 1h);
    const auto started = only<StartTournament>(lobby.log);
    ASSERT_EQ(started.size(), 1u);
    EXPECT_EQ(started[0].entrants.size(), 4u);
    EXPECT_EQ(id(kMtt), 0);  // an MTT is not re-opened
}

TEST_F(LobbyCoreTest, Rules6_AnMttBelowItsMinimumIsCancelledAndEveryEntryRefundedInFull) {
    const std::int64_t t = id(kMtt);
    lobby.enter(account(1), t);
    lobby.enter(account(2), t);
    lobby.tick(kOpened + 1h);
    EXPECT_TRUE(only<StartTournament>(lobby.log).empty());
    EXPECT_EQ(only<RefundEntry>(lobby.log).size(), 2u);
    EXPECT_EQ(lobby.db.wallets[account(1)], kGrant);
    EXPECT_EQ(lobby.db.wallets[account(2)], kGrant);
    EXPECT_EQ(lobby.info(t)->state(), v1::TOURNAMENT_STATE_CANCELLED);
}

TEST_F(LobbyCoreTest, Rules6_AnMttWithoutLateRegistrationTakesNoEntryOnceStarted) {
    const std::int64_t t = id(kMtt);
    for (std::int64_t a = 1; a <= 3; ++a)
        lobby.enter(account(a), t);
    lobby.tick(kOpened + 1h);
    EXPECT_EQ(error_code(lobby.enter(account(4), t), account(4)), v1::ERROR_CODE_REGISTRATION_CLOSED);
}

TEST_F(LobbyCoreTest, SubscribersGetTheSnapshotThenAnUpdatePerChangeAsTheyMaySeeIt) {
    const std::int64_t t = id(kSng3);
    const Effects subscribed = lobby.core.subscribe(SubscriberId{1}, account(1), 5);
    lobby.core.subscribe(SubscriberId{2}, std::nullopt, 6);
    ASSERT_EQ(subscribed.size(), 1u);
    const auto& first = std::get<SendToSubscriber>(subscribed[0]).message;
    EXPECT_EQ(first.request_id(), 5u);
    EXPECT_EQ(first.lobby_snapshot().tournaments_size(), 4);

    const auto updates = only<SendToSubscriber>(lobby.enter(account(1), t));
    ASSERT_EQ(updates.size(), 2u);
    for (const auto& u : updates) {
        EXPECT_EQ(u.message.lobby_update().tournament().id(), t);
        EXPECT_EQ(u.message.lobby_update().tournament().entrants(), 1);
        EXPECT_EQ(u.message.lobby_update().tournament().registered(), u.subscriber == SubscriberId{1});
    }
    lobby.core.unsubscribe(SubscriberId{2});
    EXPECT_EQ(only<SendToSubscriber>(lobby.enter(account(2), t)).size(), 1u);
}

TEST_F(LobbyCoreTest, AnOverTournamentLeavesTheLobbyAfterAWhile) {
    const std::int64_t t = id(kDeadlineSng);
    lobby.core.subscribe(SubscriberId{1}, std::nullopt, 0);
    lobby.tick(kOpened + 60s);  // nobody came: cancelled
    ASSERT_NE(lobby.info(t), nullptr);
    const auto removed = only<SendToSubscriber>(lobby.tick(kOpened + 60s + LobbyOptions{}.keep_over));
    EXPECT_EQ(lobby.info(t), nullptr);
    const bool told = std::ranges::any_of(removed, [&](const SendToSubscriber& s) {
        return s.message.lobby_update().removed() && s.message.lobby_update().tournament().id() == t;
    });
    EXPECT_TRUE(told);
}

TEST_F(LobbyCoreTest, ATournamentTheDirectorFinishesIsListedFinished) {
    const std::int64_t t = id(kHeadsUp);
    lobby.enter(account(1), t);
    lobby.enter(account(2), t);
    lobby.core.subscribe(SubscriberId{1}, std::nullopt, 0);
    const auto updates = only<SendToSubscriber>(lobby.core.tournament_finished(TournamentId{t}, lobby.now));
    ASSERT_EQ(updates.size(), 1u);
    EXPECT_EQ(updates[0].message.lobby_update().tournament().state(), v1::TOURNAMENT_STATE_FINISHED);
    EXPECT_EQ(lobby.info(t)->state(), v1::TOURNAMENT_STATE_FINISHED);
    // Only a running tournament finishes: a registering one is not touched.
    EXPECT_TRUE(lobby.core.tournament_finished(TournamentId{id(kSng3)}, lobby.now).empty());
}

TEST_F(LobbyCoreTest, ATournamentTheDirectorCancelsIsListedCancelled) {
    const std::int64_t t = id(kHeadsUp);
    lobby.enter(account(1), t);
    lobby.enter(account(2), t);
    lobby.core.subscribe(SubscriberId{1}, std::nullopt, 0);
    const Effects effects = lobby.core.tournament_cancelled(TournamentId{t}, lobby.now);
    const auto updates = only<SendToSubscriber>(effects);
    ASSERT_EQ(updates.size(), 1u);
    EXPECT_EQ(updates[0].message.lobby_update().tournament().state(), v1::TOURNAMENT_STATE_CANCELLED);
    EXPECT_EQ(lobby.info(t)->state(), v1::TOURNAMENT_STATE_CANCELLED);
    const auto states = only<SetTournamentState>(effects);
    ASSERT_EQ(states.size(), 1u);
    EXPECT_EQ(states[0].state, persistence::TournamentState::cancelled);
    // The refunds were the director's: the lobby pays nothing more.
    EXPECT_TRUE(only<RefundEntry>(effects).empty());
    // Only a running tournament is cancelled so, once.
    EXPECT_TRUE(lobby.core.tournament_cancelled(TournamentId{t}, lobby.now).empty());
    EXPECT_TRUE(lobby.core.tournament_cancelled(TournamentId{id(kSng3)}, lobby.now).empty());
}

TEST_F(LobbyCoreTest, ARegistrationTheDatabaseRefusesAsAgainstItsRulesIsReportedClosed) {
    const std::int64_t t = id(kSng3);
    lobby.db.failure = StoreErrc::invalid_argument;
    const Effects refused = lobby.enter(account(1), t);
    EXPECT_EQ(error_code(refused, account(1)), v1::ERROR_CODE_REGISTRATION_CLOSED);
    EXPECT_EQ(entrants(t), 0);
}

TEST(LobbyCorePolacco, APolaccoSitAndGoIsListedWithoutBettingAndStartsWhenFull) {
    const auto demo = demo_lobby();
    const auto found = std::ranges::find(demo, TournamentGame::Polacco, &TournamentDeclaration::game);
    ASSERT_NE(found, demo.end());
    const TournamentDeclaration polacco = *found;
    Lobby lobby{{polacco}};
    for (std::int64_t a = 1; a <= 6; ++a)
        lobby.db.wallets[account(a)] = kGrant;
    lobby.open();
    const auto created = only<CreateTournament>(lobby.log);
    ASSERT_EQ(created.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<persistence::PolaccoGame>(created[0].spec.game));
    const std::int64_t t = lobby.registering(0);
    const v1::TournamentInfo* info = lobby.info(t);
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->game(), v1::GAME_POLACCO);
    EXPECT_EQ(info->betting(), v1::BETTING_UNSPECIFIED);
    EXPECT_EQ(info->prize_cents() + info->fee_cents(), polacco.buy_in().total());
    for (std::int64_t a = 1; a <= polacco.max_players(); ++a)
        lobby.enter(account(a), t);
    const auto started = only<StartTournament>(lobby.log);
    ASSERT_EQ(started.size(), 1u);
    EXPECT_EQ(static_cast<int>(started[0].entrants.size()), polacco.max_players());
    EXPECT_TRUE(std::holds_alternative<PolaccoTournament>(started[0].declaration.rules));
}

TEST_F(LobbyCoreTest, AfterStopRegistrationsEveryRegistrationIsRefusedAsShuttingDown) {
    lobby.core.stop_registrations();
    const std::int64_t t = id(kSng3);
    EXPECT_EQ(error_code(lobby.enter(account(1), t), account(1)), v1::ERROR_CODE_SHUTTING_DOWN);
    EXPECT_EQ(lobby.db.wallets[account(1)], kGrant);
}

}  // namespace
}  // namespace tavolo::server::lobby::testing
