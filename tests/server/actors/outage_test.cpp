// The database goes away mid-tournament (issue 11): the tables pause (no hand starts that cannot be
// committed), the hands finished meanwhile commit when it returns, in order, and play resumes by
// itself. Through the real actors and write service; the outage is the test database refusing
// connections (MigratedDatabase::cut / restore).
#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "persistence/ledger.hpp"
#include "tests/server/actors/actors_support.hpp"
#include "tests/server/actors/scripted_players.hpp"

namespace tavolo::server::actors::testing {
namespace {

constexpr double kSpeed = 50.0;

bool paused_event(const Received& r, bool paused) {
    return r.message.has_tournament_event() && r.message.tournament_event().has_table_paused() &&
           r.message.tournament_event().table_paused().paused() == paused;
}

std::set<std::pair<std::int32_t, std::int64_t>> hands_where(const std::vector<Received>& log, bool ended) {
    std::set<std::pair<std::int32_t, std::int64_t>> seen;
    for (const Received& r : log) {
        if (!r.message.has_table_event()) continue;
        const auto& e = r.message.table_event();
        if (ended ? e.has_hand_ended() : e.has_hand_started()) seen.emplace(e.table().table(), e.hand());
    }
    return seen;
}

TEST(OutageActors, database_away_mid_tournament_pauses_the_table_loses_nothing_and_play_resumes) {
    Harness h(kSpeed);
    // Check or call until the outage is over (no elimination: the tournament outlives it), then
    // all in now and then so that it ends.
    ScriptedPlayers players(h, 91, 0);
    TournamentDeclaration d = default_declaration("outage", TournamentGame::Holdem,
                                                  engine::TournamentKind::SitAndGo, engine::Betting::NoLimit);
    auto& s = std::get<PokerTournament>(d.rules).structure;
    s.max_players = 6;
    s.min_players = 6;
    const auto start = h.tournament(d, 6);
    h.tournaments.start(start);
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>& log) {
        return hands_where(log, true).size() >= 3 || !h.lobby.finished().empty();
    }));
    ASSERT_TRUE(h.lobby.finished().empty()) << "over before the outage";

    h.db().cut();
    ASSERT_TRUE(h.outbox.wait([](const std::vector<Received>& log) {
        return std::any_of(log.begin(), log.end(), [](const Received& r) { return paused_event(r, true); });
    })) << "the table was never told it waits for the database";
    // The outage lasts a while: the table deals nothing during it (checked below from the log).
    std::this_thread::sleep_for(std::chrono::seconds(2));
    const std::size_t started_while_down = hands_where(h.outbox.log(), false).size();
    h.db().restore();
    players.set_all_in_percent(20);
    ASSERT_TRUE(h.outbox.wait([](const std::vector<Received>& log) {
        return std::any_of(log.begin(), log.end(), [](const Received& r) { return paused_event(r, false); });
    })) << "the table never resumed";
    ASSERT_TRUE(h.wait_finished(start.tournament)) << "the tournament did not finish after the outage";
    ASSERT_TRUE(h.idle());

    // No hand started between the pause and the resumption.
    const std::vector<Received> log = h.outbox.log();
    bool paused = false;
    int dealt_while_paused = 0;
    for (const Received& r : log) {
        if (paused_event(r, true)) paused = true;
        if (paused_event(r, false)) paused = false;
        if (paused && r.message.has_table_event() && r.message.table_event().has_hand_started())
            ++dealt_while_paused;
    }
    EXPECT_EQ(dealt_while_paused, 0);
    EXPECT_GT(hands_where(log, false).size(), started_while_down) << "play went on after the outage";

    // Nothing lost, nothing twice: every hand the players saw end is committed once.
    const std::string tournament = std::to_string(persistence::raw(start.tournament));
    EXPECT_EQ(h.db().count("SELECT count(*) FROM hands h JOIN tournament_tables t ON t.id = h.table_id WHERE "
                           "t.tournament_id = " +
                           tournament),
              static_cast<std::int64_t>(hands_where(log, true).size()));
    EXPECT_EQ(
        h.db().count("SELECT count(*) FROM registrations WHERE finishing_place IS NULL AND tournament_id = " +
                     tournament),
        0);
    const auto audit = persistence::Ledger(h.db().db()).audit().value();
    EXPECT_EQ(audit.sum_of_entries, 0);
    EXPECT_EQ(audit.negative_wallets, 0);
    EXPECT_EQ(audit.mismatched_balances, 0);
    EXPECT_EQ(h.db().count("SELECT sum(prize_cents) FROM registrations WHERE tournament_id = " + tournament),
              start.declaration.buy_in().prize_part * 6);
}

}  // namespace
}  // namespace tavolo::server::actors::testing
