// Issue 11: recurring schedules (`every = "30m"`) in the configuration and in the lobby, and the
// guarantee and freeroll of a tournament shown in the lobby listing (RULES.md §6).
#include <gtest/gtest.h>

#include "server/config.hpp"
#include "server/lobby/lobby_core.hpp"
#include "tests/server/lobby_core_support.hpp"

namespace tavolo::server::lobby::testing {
namespace {

constexpr const char* kMtt =
    "[[tournament]]\nname = \"Every half hour\"\ngame = \"holdem\"\nkind = \"mtt\"\nstart = \"+15m\"\n";

TEST(RecurringSchedule, TheEveryKeyParsesAsAPeriod) {
    auto c = parse_config(std::string(kMtt) + "every = \"30m\"\n", "test");
    ASSERT_TRUE(c) << c.error();
    ASSERT_TRUE(c->tournaments.at(0).every.has_value());
    EXPECT_EQ(*c->tournaments.at(0).every, std::chrono::minutes(30));
    auto plus = parse_config(std::string(kMtt) + "every = \"+2h\"\n", "test");
    ASSERT_TRUE(plus) << plus.error();
    EXPECT_EQ(*plus->tournaments.at(0).every, std::chrono::hours(2));
    auto once = parse_config(kMtt, "test");
    ASSERT_TRUE(once);
    EXPECT_FALSE(once->tournaments.at(0).every.has_value());
}

TEST(RecurringSchedule, BadPeriodsAreRefusedNamingTheKey) {
    for (const char* bad :
         {"every = \"30\"\n", "every = \"10s\"\n", "every = 30\n", "every = \"\"\n", "every = \"soon\"\n"}) {
        auto c = parse_config(std::string(kMtt) + bad, "test");
        ASSERT_FALSE(c) << bad;
        EXPECT_NE(c.error().find("tournament[0].every"), std::string::npos) << c.error();
    }
    // A Sit&Go that starts when full is re-opened when it starts: no schedule for it.
    auto c = parse_config(
        "[[tournament]]\nname = \"S\"\ngame = \"holdem\"\nseats = 6\nmax_players = 6\nevery = \"30m\"\n",
        "test");
    ASSERT_FALSE(c);
    EXPECT_NE(c.error().find("tournament[0].every"), std::string::npos) << c.error();
}

std::vector<TournamentDeclaration> every_half_hour(StartRule start) {
    TournamentDeclaration d = poker("Every half hour", engine::TournamentKind::ScheduledMtt, 2, 100, start);
    d.every = std::chrono::minutes(30);
    return {d};
}

std::vector<std::int64_t> listed_ids(const Lobby& lobby) {
    std::vector<std::int64_t> ids;
    const v1::LobbySnapshot snapshot = lobby.snapshot();
    for (const auto& t : snapshot.tournaments())
        ids.push_back(t.id());
    return ids;
}

TEST(RecurringSchedule, TheLobbyOpensTheNextCopyAtEachPeriod) {
    Lobby lobby(every_half_hour(StartAfter{std::chrono::minutes(15)}));
    lobby.open();
    ASSERT_EQ(lobby.snapshot().tournaments_size(), 1);
    EXPECT_EQ(lobby.core.next_deadline(), kOpened + 15min);  // the first copy's start comes first
    lobby.tick(kOpened + 29min);
    EXPECT_EQ(only<CreateTournament>(lobby.log).size(), 1u);
    lobby.tick(kOpened + 30min);
    const auto created = only<CreateTournament>(lobby.log);
    ASSERT_EQ(created.size(), 2u);
    // The copy's "+15m" counts from its own opening.
    ASSERT_TRUE(created[1].spec.starts_at.has_value());
    EXPECT_EQ(std::chrono::time_point_cast<std::chrono::milliseconds>(*created[1].spec.starts_at),
              kOpened + 45min);
    const auto snapshot = lobby.snapshot();
    ASSERT_EQ(snapshot.tournaments_size(), 2);
    EXPECT_EQ(snapshot.tournaments(1).starts_at_ms(), (kOpened + 45min).time_since_epoch().count());
    EXPECT_EQ(snapshot.tournaments(1).state(), v1::TOURNAMENT_STATE_REGISTERING);
    ASSERT_TRUE(lobby.core.next_deadline().has_value());
    EXPECT_LE(*lobby.core.next_deadline(), kOpened + 45min);  // the new copy's start at the latest
}

// A heads-up with no time to register ("+0s") is cancelled at its deadline: recurring, its copies
// open once a period (the schedule alone opens them); not recurring, it is not re-opened (each
// copy would be cancelled at once, and again: thousands of tournaments a second).
TEST(RecurringSchedule, ASitAndGoWithNoTimeToRegisterIsNotReopenedOverAndOver) {
    TournamentDeclaration d = poker("Heads-up now", engine::TournamentKind::HeadsUp, 2, 2, StartAfter{0s});
    d.every = std::chrono::minutes(1);
    Lobby recurring({d});
    recurring.open();
    for (auto at = kOpened; at <= kOpened + 3min; at += 1s)
        recurring.tick(at);
    EXPECT_EQ(only<CreateTournament>(recurring.log).size(), 4u);  // at 0, 1, 2 and 3 minutes

    d.every.reset();
    Lobby once({d});
    once.open();
    for (auto at = kOpened; at <= kOpened + 10s; at += 1s)
        once.tick(at);
    EXPECT_EQ(only<CreateTournament>(once.log).size(), 1u);
    EXPECT_EQ(once.snapshot().tournaments(0).state(), v1::TOURNAMENT_STATE_CANCELLED);
}

TEST(RecurringSchedule, ALateTickOpensEveryCopyDueEachAtItsOwnMoment) {
    const TimePoint first = kOpened + 1h;
    Lobby lobby(every_half_hour(StartAt{first}));
    lobby.open();
    lobby.tick(kOpened + 61min);  // copies due at +30m and +60m
    const auto created = only<CreateTournament>(lobby.log);
    ASSERT_EQ(created.size(), 3u);
    // A fixed start moves by one period per copy.
    EXPECT_EQ(std::chrono::time_point_cast<std::chrono::milliseconds>(*created[1].spec.starts_at),
              first + 30min);
    EXPECT_EQ(std::chrono::time_point_cast<std::chrono::milliseconds>(*created[2].spec.starts_at),
              first + 60min);
    EXPECT_EQ(listed_ids(lobby).size(), 3u);
}

TEST(RecurringSchedule, AfterStopRegistrationsNoCopyOpens) {
    Lobby lobby(every_half_hour(StartAfter{std::chrono::minutes(15)}));
    lobby.open();
    lobby.core.stop_registrations();
    lobby.tick(kOpened + 2h);
    EXPECT_EQ(only<CreateTournament>(lobby.log).size(), 1u);
}

TEST(LobbyListing, Rules6_TheGuaranteeAndFreerollAreShown) {
    TournamentDeclaration guaranteed = poker("Guaranteed", engine::TournamentKind::ScheduledMtt, 2, 100,
                                             StartAfter{std::chrono::minutes(15)});
    auto& g = std::get<PokerTournament>(guaranteed.rules).structure;
    g.guarantee = 50'000;
    g.late_registration = true;
    g.late_registration_levels = 3;
    g.rebuys.enabled = true;
    g.rebuys.period_levels = 4;
    g.rebuys.addon = true;
    TournamentDeclaration free = poker("Free", engine::TournamentKind::SitAndGo, 6, 6, StartWhenFull{});
    std::get<PokerTournament>(free.rules).structure.freeroll = true;
    Lobby lobby({guaranteed, free});
    lobby.open();
    const auto snapshot = lobby.snapshot();
    ASSERT_EQ(snapshot.tournaments_size(), 2);
    const v1::TournamentInfo& a = snapshot.tournaments(0);
    EXPECT_EQ(a.guarantee_cents(), 50'000);
    EXPECT_FALSE(a.freeroll());
    EXPECT_EQ(a.late_registration_levels(), 3);
    EXPECT_EQ(a.rebuy_levels(), 4);
    EXPECT_TRUE(a.addon());
    const v1::TournamentInfo& b = snapshot.tournaments(1);
    EXPECT_EQ(b.guarantee_cents(), 0);
    EXPECT_TRUE(b.freeroll());
    EXPECT_EQ(b.rebuy_levels(), 0);
}

}  // namespace
}  // namespace tavolo::server::lobby::testing
