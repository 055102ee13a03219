// Issue 11 item 4: at a restart the lobby adopts each registering tournament the configuration still
// declares, with its committed registrations, instead of cancelling it and opening a copy; it lists
// each resumed running tournament until its end (server/lobby/README.md "Adoption at a restart").
// The lobby core alone: no sockets, the database a stand-in, time a value.
#include <gtest/gtest.h>

#include "server/lobby/declaration_fingerprint.hpp"
#include "server/lobby/lobby_adoption.hpp"
#include "server/lobby/lobby_core.hpp"
#include "tests/server/lobby_core_support.hpp"

namespace tavolo::server::lobby::testing {
namespace {

constexpr TournamentId kStored{50};

persistence::Registration entry(
    std::int64_t id, std::int64_t account_number,
    persistence::RegistrationState state = persistence::RegistrationState::registered, int entry_number = 1) {
    persistence::Registration r;
    r.id = RegistrationId{id};
    r.tournament = kStored;
    r.account = account(account_number);
    r.entry_number = entry_number;
    r.state = state;
    r.prize_part = kBuyIn.prize_part;
    r.fee = kBuyIn.fee;
    r.paid = kBuyIn.total();
    return r;
}

AdoptedTournament registering(std::vector<persistence::Registration> entries,
                              std::optional<TimePoint> starts_at = std::nullopt,
                              std::size_t declaration = 0) {
    return {kStored, declaration, false, starts_at, std::move(entries), false};
}

// A lobby after a restart: the stored tournament adopted, then opened; the stand-in database knows its price.
struct Restarted : Lobby {
    explicit Restarted(std::vector<TournamentDeclaration> declarations,
                       std::vector<AdoptedTournament> adopted)
        : Lobby(std::move(declarations)) {
        for (std::int64_t a = 1; a <= 6; ++a)
            db.wallets[account(a)] = kGrant;
        for (const auto& t : adopted)
            db.prices[t.id] = kBuyIn;
        run(core.adopt(std::move(adopted), now));
        open();
    }
};

std::vector<TournamentDeclaration> sit_and_go() {
    return {poker("Three-seat Sit&Go", engine::TournamentKind::SitAndGo, 3, 3, StartWhenFull{})};
}

TEST(LobbyAdoption, ARegisteringSitAndGoKeepsItsEntriesAndNoCopyIsOpened) {
    Restarted lobby(sit_and_go(), {registering({entry(11, 1), entry(12, 2)})});
    EXPECT_TRUE(only<CreateTournament>(lobby.log).empty()) << "the adopted one is the copy to join";
    const v1::LobbySnapshot seen = lobby.snapshot(account(1));
    ASSERT_EQ(seen.tournaments_size(), 1);
    const v1::TournamentInfo& t = seen.tournaments(0);
    EXPECT_EQ(t.id(), raw(kStored));
    EXPECT_EQ(t.state(), v1::TOURNAMENT_STATE_REGISTERING);
    EXPECT_EQ(t.entrants(), 2);
    EXPECT_TRUE(t.registered());
    EXPECT_EQ(t.prize_pool_cents(), 2 * kBuyIn.prize_part);
    EXPECT_FALSE(lobby.snapshot(account(3)).tournaments(0).registered());

    // A second Register of an adopted entry is refused as already registered: nothing is charged.
    const Effects again = lobby.enter(account(1), raw(kStored));
    EXPECT_EQ(error_code(again, account(1)), v1::ERROR_CODE_REGISTRATION_CLOSED);
    EXPECT_TRUE(only<RegisterPlayer>(again).empty());

    // The third fills it: it starts with the adopted entries first, in registration order.
    const Effects filled = lobby.enter(account(3), raw(kStored));
    const auto bought = only<RegisterPlayer>(filled);
    ASSERT_EQ(bought.size(), 1u);
    EXPECT_EQ(bought[0].key, "buyin:50:3");
    const auto started = only<StartTournament>(filled);
    ASSERT_EQ(started.size(), 1u);
    ASSERT_EQ(started[0].entrants.size(), 3u);
    EXPECT_EQ(started[0].entrants[0].registration, RegistrationId{11});
    EXPECT_EQ(started[0].entrants[1].account, account(2));
    EXPECT_EQ(started[0].entrants[2].account, account(3));
    EXPECT_EQ(only<CreateTournament>(filled).size(), 1u) << "a fresh copy once it starts, as always";
}

TEST(LobbyAdoption, BuyInKeysGoOnFromTheStoredEntriesAndUnregisteringRefundsWhatWasPaid) {
    // Account 1 unregistered once and registered again (its second key); account 2 holds one entry.
    Restarted lobby(sit_and_go(), {registering({entry(11, 1, persistence::RegistrationState::unregistered),
                                                entry(12, 2), entry(13, 1)})});
    EXPECT_EQ(lobby.info(raw(kStored))->entrants(), 2);
    const Effects left = lobby.leave(account(2), raw(kStored));
    const auto refunds = only<RefundEntry>(left);
    ASSERT_EQ(refunds.size(), 1u);
    EXPECT_EQ(refunds[0].key, "unregister:12");
    EXPECT_EQ(refunds[0].registration, RegistrationId{12});
    EXPECT_EQ(refunds[0].from_pool, kBuyIn.prize_part);
    EXPECT_EQ(refunds[0].from_house, kBuyIn.fee);
    EXPECT_EQ(lobby.db.wallets[account(2)], kGrant + kBuyIn.total());  // the stand-in paid it back

    EXPECT_EQ(only<RegisterPlayer>(lobby.enter(account(2), raw(kStored))).at(0).key, "buyin:50:2:2");
    lobby.leave(account(1), raw(kStored));
    EXPECT_EQ(only<RefundEntry>(lobby.log).back().key, "unregister:13");
    EXPECT_EQ(only<RegisterPlayer>(lobby.enter(account(1), raw(kStored))).at(0).key, "buyin:50:1:3");
}

std::vector<TournamentDeclaration> mtt() {
    return {poker("Evening MTT", engine::TournamentKind::ScheduledMtt, 2, 20, StartAt{kOpened + 10min})};
}

TEST(LobbyAdoption, AnMttStartsAtItsStoredTimeWithItsMinimum) {
    Restarted lobby(mtt(), {registering({entry(11, 1), entry(12, 2)}, kOpened + 10min)});
    EXPECT_TRUE(only<CreateTournament>(lobby.log).empty());
    EXPECT_EQ(lobby.core.next_deadline(), kOpened + 10min);
    EXPECT_TRUE(only<StartTournament>(lobby.tick(kOpened + 9min)).empty());
    const auto started = only<StartTournament>(lobby.tick(kOpened + 10min));
    ASSERT_EQ(started.size(), 1u);
    EXPECT_EQ(started[0].tournament, kStored);
    EXPECT_EQ(started[0].entrants.size(), 2u);
    EXPECT_TRUE(only<CreateTournament>(lobby.log).empty()) << "an MTT is not re-opened";
}

TEST(LobbyAdoption, AnMttBelowItsMinimumAtItsTimeIsCancelledAndRefundedInFull) {
    Restarted lobby(mtt(), {registering({entry(11, 1)}, kOpened + 10min)});
    const Effects at_time = lobby.tick(kOpened + 10min);
    EXPECT_TRUE(only<StartTournament>(at_time).empty());
    const auto refunds = only<RefundEntry>(at_time);
    ASSERT_EQ(refunds.size(), 1u);
    EXPECT_EQ(refunds[0].key, "cancel:11");
    EXPECT_EQ(refunds[0].from_pool + refunds[0].from_house, kBuyIn.total());
    EXPECT_EQ(lobby.db.states[kStored], persistence::TournamentState::cancelled);
    EXPECT_EQ(lobby.info(raw(kStored))->state(), v1::TOURNAMENT_STATE_CANCELLED);
}

TEST(LobbyAdoption, AStartThatPassedDuringTheOutageStartsAtOnce) {
    Restarted lobby(mtt(), {registering({entry(11, 1), entry(12, 2)}, kOpened - 5min)});
    const auto started = only<StartTournament>(lobby.log);
    ASSERT_EQ(started.size(), 1u);
    EXPECT_EQ(started[0].entrants.size(), 2u);
    EXPECT_EQ(lobby.db.states[kStored], persistence::TournamentState::running);
}

// ---- Which declaration, or why not (what the recovery asks before adopting) -------------------

persistence::Tournament stored_from(const TournamentDeclaration& d, std::optional<TimePoint> starts_at) {
    persistence::Tournament t;
    t.id = kStored;
    t.spec = spec_of(d, starts_at);
    return t;
}

TEST(LobbyAdoption, AStoredTournamentIsAdoptedUnderTheSameDeclarationOnly) {
    const auto declared = mtt();
    const persistence::Tournament stored = stored_from(declared[0], kOpened + 10min);
    EXPECT_TRUE(config_names(stored.spec.config_json, declaration_fingerprint(declared[0])));
    EXPECT_EQ(adoption_of(declared, stored, kOpened).declaration, std::optional<std::size_t>{0});
    // The database gives JSON back re-spaced: still found.
    persistence::Tournament respaced = stored;
    respaced.spec.config_json =
        "{\"declaration_fingerprint\":\"" + declaration_fingerprint(declared[0]) + "\"}";
    EXPECT_TRUE(adoption_of(declared, respaced, kOpened).declaration);

    auto dearer = mtt();
    std::get<PokerTournament>(dearer[0].rules).structure.buy_in = engine::BuyIn{2000, 200};
    const auto changed = adoption_of(dearer, stored, kOpened);
    EXPECT_FALSE(changed.declaration);
    EXPECT_NE(changed.why_not.find("changed"), std::string::npos) << changed.why_not;

    auto renamed = mtt();
    renamed[0].name = "Morning MTT";
    const auto gone = adoption_of(renamed, stored, kOpened);
    EXPECT_FALSE(gone.declaration);
    EXPECT_NE(gone.why_not.find("no tournament named \"Evening MTT\""), std::string::npos) << gone.why_not;

    persistence::Tournament before_fingerprints = stored;  // a row written before this version
    before_fingerprints.spec.config_json = "{}";
    EXPECT_FALSE(adoption_of(declared, before_fingerprints, kOpened).declaration);
}

TEST(LobbyAdoption, AStartLongPastIsNotAdopted) {
    const auto declared = mtt();
    const persistence::Tournament stored = stored_from(declared[0], kOpened + 10min);
    EXPECT_TRUE(adoption_of(declared, stored, kOpened + 10min + kLateStartGrace).declaration)
        << "a recent start: it starts at once";
    const auto late = adoption_of(declared, stored, kOpened + 30min);
    EXPECT_FALSE(late.declaration);
    EXPECT_NE(late.why_not.find("passed 20 minutes ago"), std::string::npos) << late.why_not;
}

TEST(LobbyAdoption, TheFingerprintCoversTheTermsPlayersRegisteredFor) {
    const TournamentDeclaration base = mtt()[0];
    EXPECT_EQ(declaration_fingerprint(base), declaration_fingerprint(mtt()[0]));
    EXPECT_EQ(declaration_fingerprint(base).rfind("v1-", 0), 0u);
    auto changed = [&](auto edit) {
        TournamentDeclaration d = base;
        edit(d, std::get<PokerTournament>(d.rules).structure);
        return declaration_fingerprint(d) != declaration_fingerprint(base);
    };
    EXPECT_TRUE(changed([](auto&, auto& s) { s.starting_stack += 1; }));
    EXPECT_TRUE(changed([](auto&, auto& s) { s.blinds.levels.at(0).big_blind += 2; }));
    EXPECT_TRUE(changed([](auto&, auto& s) { s.max_players += 1; }));
    EXPECT_TRUE(changed([](auto&, auto& s) { s.guarantee += 1; }));
    EXPECT_TRUE(changed([](auto& d, auto&) { d.start = StartAt{kOpened + 11min}; }));
    EXPECT_TRUE(changed([](auto& d, auto&) { d.every = std::chrono::minutes(30); }));
    EXPECT_TRUE(changed([](auto& d, auto&) { d.game = TournamentGame::Stud; }));
}

// ---- Recurring schedules ----------------------------------------------------------------------

TEST(LobbyAdoption, ARecurringScheduleGoesOnAfterTheAdoptedCopyWithARelativeStart) {
    TournamentDeclaration d =
        poker("Every half hour", engine::TournamentKind::ScheduledMtt, 2, 100, StartAfter{15min});
    d.every = 30min;
    // The adopted copy opened five minutes before the restart: it starts ten minutes after it.
    Restarted lobby({d}, {registering({entry(11, 1)}, kOpened + 10min)});
    EXPECT_TRUE(only<CreateTournament>(lobby.log).empty()) << "no duplicate of the adopted occurrence";
    lobby.tick(kOpened + 24min);
    EXPECT_TRUE(only<CreateTournament>(lobby.log).empty());
    lobby.tick(kOpened + 25min);  // one period after the adopted copy opened
    const auto created = only<CreateTournament>(lobby.log);
    ASSERT_EQ(created.size(), 1u);
    EXPECT_EQ(std::chrono::time_point_cast<std::chrono::milliseconds>(*created[0].spec.starts_at),
              kOpened + 40min);
}

TEST(LobbyAdoption, ARecurringScheduleWithAFixedStartGoesOnFromTheAdoptedCopy) {
    const TimePoint base = kOpened + 1h;
    TournamentDeclaration d =
        poker("Every half hour", engine::TournamentKind::ScheduledMtt, 2, 100, StartAt{base});
    d.every = 30min;
    // The third copy (k = 2) was registering: it starts at base + 60 min.
    Restarted lobby({d}, {registering({entry(11, 1)}, base + 60min)});
    EXPECT_TRUE(only<CreateTournament>(lobby.log).empty());
    lobby.tick(base + 59min);
    EXPECT_TRUE(only<CreateTournament>(lobby.log).empty());
    lobby.tick(base + 60min);  // the next copy opens when the adopted one starts
    EXPECT_EQ(only<StartTournament>(lobby.log).size(), 0u) << "below its minimum of 2: cancelled";
    const auto created = only<CreateTournament>(lobby.log);
    ASSERT_EQ(created.size(), 1u);
    EXPECT_EQ(std::chrono::time_point_cast<std::chrono::milliseconds>(*created[0].spec.starts_at),
              base + 90min);
}

TEST(LobbyAdoption, WithoutAnAdoptedCopyTheDeclarationOpensAsBefore) {
    Restarted lobby(mtt(), {});
    const auto created = only<CreateTournament>(lobby.log);
    ASSERT_EQ(created.size(), 1u);
    EXPECT_TRUE(config_names(created[0].spec.config_json, declaration_fingerprint(mtt()[0])));
}

// ---- A running tournament resumed by its director -----------------------------------------------

TEST(LobbyAdoption, AResumedRunningTournamentIsListedUntilItFinishes) {
    using persistence::RegistrationState;
    AdoptedTournament running{
        kStored,
        0,
        true,
        kOpened - 1h,
        {entry(11, 1, RegistrationState::playing), entry(12, 2, RegistrationState::eliminated),
         entry(13, 3, RegistrationState::playing)},
        false};
    Restarted lobby(mtt(), {running});
    EXPECT_TRUE(only<CreateTournament>(lobby.log).empty()) << "its MTT is the one running";
    EXPECT_TRUE(only<StartTournament>(lobby.log).empty()) << "its director runs it already";
    const v1::TournamentInfo* t = lobby.info(raw(kStored));
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->state(), v1::TOURNAMENT_STATE_RUNNING);
    EXPECT_EQ(t->entrants(), 3);
    EXPECT_EQ(t->prize_pool_cents(), 3 * kBuyIn.prize_part);
    EXPECT_TRUE(lobby.snapshot(account(1)).tournaments(0).registered());
    EXPECT_FALSE(lobby.snapshot(account(2)).tournaments(0).registered()) << "eliminated";
    EXPECT_EQ(error_code(lobby.enter(account(4), raw(kStored)), account(4)),
              v1::ERROR_CODE_REGISTRATION_CLOSED);

    lobby.core.subscribe(SubscriberId{1}, account(1), 5);
    const Effects over = lobby.run(lobby.core.tournament_finished(kStored, kOpened + 1min));
    EXPECT_EQ(lobby.db.states[kStored], persistence::TournamentState::finished);
    const auto updates = only<SendToSubscriber>(over);
    ASSERT_EQ(updates.size(), 1u);
    EXPECT_EQ(updates[0].message.lobby_update().tournament().state(), v1::TOURNAMENT_STATE_FINISHED);
    const auto removed = only<SendToSubscriber>(lobby.tick(kOpened + 1min + LobbyOptions{}.keep_over));
    ASSERT_EQ(removed.size(), 1u);
    EXPECT_TRUE(removed[0].message.lobby_update().removed());
}

TEST(LobbyAdoption, AResumedMttStillInLateRegistrationTakesLateEntries) {
    TournamentDeclaration d = mtt()[0];
    auto& s = std::get<PokerTournament>(d.rules).structure;
    s.late_registration = true;
    s.late_registration_levels = 3;
    AdoptedTournament running{kStored,
                              0,
                              true,
                              kOpened - 10min,
                              {entry(11, 1, persistence::RegistrationState::playing),
                               entry(12, 2, persistence::RegistrationState::playing)},
                              true};
    Restarted lobby({d}, {running});
    const Effects late = lobby.enter(account(3), raw(kStored));
    ASSERT_EQ(only<AddLateEntrant>(late).size(), 1u);
    EXPECT_EQ(only<RegisterPlayer>(late).at(0).key, "buyin:50:3");
    EXPECT_EQ(lobby.info(raw(kStored))->entrants(), 3);
}

}  // namespace
}  // namespace tavolo::server::lobby::testing
