// Issue 14: a large field hears of the others' eliminations coalesced, not N² frames. An MTT of
// 1,000 scripted players through the real actors on a real PostgreSQL: each eliminated player is
// told his own place (PlayerEliminated, once, to him alone), and the entrants still in receive a
// PlayersLeft at most once a second (real time), whose counts add up (players left + everyone told
// out = entrants). Before, every elimination went to every entrant: E eliminations cost 1,000 x E
// frames (the server cut sessions whose send queues overflowed at 9,133 entrants). 1,000 rather than
// 2,000: making the accounts and buy-ins one by one takes most of the test's time (2,000: 39 s of 46).
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <optional>
#include <set>

#include "tests/server/actors/actors_support.hpp"
#include "tests/server/actors/scripted_players.hpp"

namespace tavolo::server::actors::testing {
namespace {

constexpr double kSpeed = 200.0;

TournamentDeclaration mtt(int players) {
    TournamentDeclaration d = default_declaration(
        "mtt-news", TournamentGame::Holdem, engine::TournamentKind::ScheduledMtt, engine::Betting::NoLimit);
    auto& s = std::get<PokerTournament>(d.rules).structure;
    s.max_players = players;
    s.min_players = std::min(s.min_players, players);
    s.table_size = 9;
    return d;
}

bool is_news(const v1::ServerMessage& m) {
    return m.has_tournament_event() &&
           (m.tournament_event().has_eliminated() || m.tournament_event().has_players_left());
}

std::size_t told_out(const std::vector<Received>& log) {
    std::size_t n = 0;
    for (const Received& r : log)
        n += r.message.has_tournament_event() && r.message.tournament_event().has_eliminated() ? 1 : 0;
    return n;
}

// The fewest players left any PlayersLeft said.
int fewest_left(const std::vector<Received>& log, int entrants) {
    int fewest = entrants;
    for (const Received& r : log)
        if (r.message.has_tournament_event() && r.message.tournament_event().has_players_left())
            fewest = std::min(fewest, r.message.tournament_event().players_left().players_left());
    return fewest;
}

TEST(PlayersLeftActors, Issue14_a_field_of_1000_hears_each_elimination_once_and_players_left_once_a_second) {
    const int n = 1000;
    const std::size_t target = 300;  // eliminations told before the checks
    Harness h(kSpeed);
    h.outbox.keep = is_news;  // the tables' streams are answered, not kept (1,000 players' hands)
    const auto start = h.tournament(mtt(n), n);
    std::map<session::AccountIdValue, std::int64_t> entrant_of;
    for (std::size_t i = 0; i < start.entrants.size(); ++i)
        entrant_of[persistence::raw(start.entrants[i].account)] = static_cast<std::int64_t>(i);

    const auto began = std::chrono::steady_clock::now();
    {
        ScriptedPlayers players(h, 1414, 4);
        h.tournaments.start(start);
        ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>& log) { return told_out(log) >= target; }))
            << "fewer than " << target << " eliminations before the hang guard";
        // The eliminations owed to the others when the last was told go out within the interval (by
        // the director's timer), unless the tournament ends first: the results then say it all.
        const int told = static_cast<int>(told_out(h.outbox.log()));
        ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>& log) {
            return fewest_left(log, n) <= n - told || !h.lobby.finished().empty();
        })) << "the players still in were not told of the latest eliminations";
    }  // the harness is shut down: nothing is sent any more
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();

    const std::vector<Received> log = h.outbox.log();
    std::map<session::AccountIdValue, int> own_told;
    std::map<session::AccountIdValue, int> updates;
    std::map<session::AccountIdValue, int> told_out_so_far;  // the sum of `eliminated` he was told
    std::set<std::int64_t> out_entrants;
    int late_updates = 0;
    int bad_sums = 0;
    for (const Received& r : log) {
        ASSERT_NE(r.account, 0) << "tournament news goes to accounts";
        const v1::TournamentEvent& e = r.message.tournament_event();
        if (e.has_eliminated()) {
            EXPECT_EQ(e.eliminated().entrant(), entrant_of.at(r.account))
                << "an elimination is told to the eliminated player alone";
            ++own_told[r.account];
            out_entrants.insert(e.eliminated().entrant());
            continue;
        }
        const v1::PlayersLeft& p = e.players_left();
        if (own_told.contains(r.account) && ++late_updates < 5)
            ADD_FAILURE() << "account " << r.account << " was told the players left after his elimination";
        ++updates[r.account];
        EXPECT_EQ(p.entrants(), n);
        EXPECT_LE(p.latest_size(), 5);
        EXPECT_GE(p.eliminated(), p.latest_size());
        told_out_so_far[r.account] += p.eliminated();
        if (told_out_so_far[r.account] != n - p.players_left() && ++bad_sums < 5)
            ADD_FAILURE() << "account " << r.account << ": told " << told_out_so_far[r.account]
                          << " out in all, but " << p.players_left() << " of " << n << " left";
    }
    EXPECT_EQ(late_updates, 0);
    EXPECT_EQ(bad_sums, 0);
    for (const auto& [account, count] : own_told)
        EXPECT_EQ(count, 1) << "account " << account << " told his elimination once";
    EXPECT_GE(out_entrants.size(), target);

    // At most one update a second, the first at once: the bound grows with the run's length, never
    // a measurement of speed.
    int most = 0;
    std::size_t update_frames = 0;
    for (const auto& [account, count] : updates) {
        most = std::max(most, count);
        update_frames += static_cast<std::size_t>(count);
    }
    EXPECT_LE(most, static_cast<int>(seconds) + 2) << "over " << seconds << " s";
    EXPECT_GE(most, 1);
    std::printf(
        "players_left: entrants=%d eliminations_told=%zu own_frames=%zu update_frames=%zu "
        "most_updates_per_entrant=%d seconds=%.1f (every elimination to every entrant: %zu frames)\n",
        n, out_entrants.size(), own_told.size(), update_frames, most, seconds,
        out_entrants.size() * static_cast<std::size_t>(n));
}

}  // namespace
}  // namespace tavolo::server::actors::testing
