// A Poker Polacco tournament on several tables played to the end by scripted players through the
// real Polacco actor, the write service and a real PostgreSQL, at an accelerated game clock
// (RULES.md §9, POLACCO §4): 12 players at 2 tables, each paused at three, then every table closed
// and the final table drawn. Each player is told his move and receives his new table's snapshot
// before anything else of it; the players of a table that waits for the others are told so; every
// table's stream is gapless for each of its players.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <set>

#include "tests/server/actors/actors_support.hpp"
#include "tests/server/actors/scripted_players.hpp"

namespace tavolo::server::actors::testing {
namespace {

constexpr double kSpeed = 200.0;

// A Polacco MTT of twelve (several tables, redrawn down to the final one).
TournamentDeclaration polacco_mtt_of_twelve(const std::string& name) {
    TournamentDeclaration d = default_declaration(
        name, TournamentGame::Polacco, engine::TournamentKind::ScheduledMtt, engine::Betting::NoLimit);
    auto& p = std::get<PolaccoTournament>(d.rules);
    p.min_players = 2;
    p.max_players = 12;
    return d;
}

TEST(PolaccoTablesActors, rules_9_twelve_players_redrawn_to_the_final_table_each_told_his_move) {
    Harness h(kSpeed);
    ScriptedPlayers players(h, 17);
    const TournamentDeclaration d = polacco_mtt_of_twelve("polacco-mtt");
    const auto start = h.tournament(d, 12);
    h.tournaments.start(start);
    ASSERT_TRUE(h.wait_finished(start.tournament)) << "the tournament did not finish before the hang guard";
    ASSERT_TRUE(h.idle());
    const std::vector<Received> log = h.outbox.log();

    // The results: every entrant once, places 1..12, the pool paid out to the cent.
    std::optional<v1::TournamentFinished> results;
    for (const Received& r : log)
        if (r.message.has_tournament_event() && r.message.tournament_event().has_finished())
            results = r.message.tournament_event().finished();
    ASSERT_TRUE(results.has_value());
    ASSERT_EQ(results->results_size(), 12);
    std::set<int> places;
    engine::Cents paid = 0;
    for (const v1::Result& result : results->results()) {
        places.insert(result.place());
        paid += result.prize_cents();
    }
    EXPECT_EQ(places.size(), 12U);
    EXPECT_EQ(paid, 12 * d.buy_in().prize_part);
    const auto audit = persistence::Ledger(h.db().db()).audit().value();
    EXPECT_EQ(audit.sum_of_entries, 0);
    EXPECT_EQ(audit.mismatched_balances, 0);

    // Per account and table: the first message is the table's snapshot at 1, then 2, 3... A move
    // names the table whose snapshot comes next, with the player in it.
    std::map<std::pair<session::AccountIdValue, std::int32_t>, std::uint64_t> last;
    std::map<session::AccountIdValue, std::int32_t> moved_to;
    int gaps = 0, moves = 0, followed = 0, waiting = 0;
    for (const Received& r : log) {
        if (r.account == 0) continue;
        const v1::ServerMessage& m = r.message;
        if (m.has_tournament_event() && m.tournament_event().has_moved()) {
            const v1::MovedTable& move = m.tournament_event().moved();
            EXPECT_TRUE(move.breaking());
            EXPECT_NE(move.from().table(), move.to().table());
            moved_to[r.account] = move.to().table();
            ++moves;
            continue;
        }
        if (m.has_tournament_event() && m.tournament_event().has_waiting()) {
            const v1::TableWaiting& w = m.tournament_event().waiting();
            EXPECT_EQ(w.players(), 3);
            EXPECT_EQ(w.tables_waiting(), 1);
            EXPECT_EQ(w.tables(), 2);
            ++waiting;
            continue;
        }
        if (m.table_seq() == 0 || m.has_chat_line() || m.has_error()) continue;
        const v1::TableRef* table = m.has_table_snapshot() ? &m.table_snapshot().table()
                                    : m.has_table_event()  ? &m.table_event().table()
                                                           : nullptr;
        if (table == nullptr) continue;
        auto& seq = last[{r.account, table->table()}];
        if (seq == 0) {
            EXPECT_TRUE(m.has_table_snapshot()) << "account " << r.account << " table " << table->table()
                                                << ": its first message is not a snapshot";
            EXPECT_EQ(m.table_seq(), 1U);
            if (const auto it = moved_to.find(r.account);
                it != moved_to.end() && it->second == table->table()) {
                EXPECT_GE(m.table_snapshot().your_player(), 0);
                ++followed;
                moved_to.erase(it);
            }
        } else if (m.table_seq() != seq + 1 && ++gaps < 5) {
            ADD_FAILURE() << "account " << r.account << " table " << table->table() << ": seq "
                          << m.table_seq() << " after " << seq;
        }
        seq = m.table_seq();
    }
    EXPECT_EQ(gaps, 0);
    // The first table down to three waits (its three players told why); the second one's pause draws
    // the final table at once.
    EXPECT_EQ(waiting, 3);
    // 2 tables of 6 wait at three each; the 6 left are drawn to the final table (wire number 2).
    EXPECT_EQ(moves, 6);
    EXPECT_EQ(followed, 6) << "every moved player received his new table's snapshot";
    EXPECT_TRUE(moved_to.empty());
    const std::string id = std::to_string(persistence::raw(start.tournament));
    EXPECT_EQ(h.db().count("SELECT count(*) FROM tournament_tables WHERE tournament_id = " + id), 3);
    EXPECT_EQ(h.db().count(
                  "SELECT count(*) FROM tournament_tables WHERE state = 'broken' AND tournament_id = " + id),
              2);
}

// SIGTERM mid-tournament: every table finishes its hand in flight and deals no other; quiet comes
// once, when every hand dealt is committed.
TEST(PolaccoTablesActors, shutdown_every_table_finishes_its_hand_then_quiet_once) {
    Harness h(kSpeed);
    ScriptedPlayers players(h, 19);
    const auto start = h.tournament(polacco_mtt_of_twelve("polacco-stop"), 12);
    h.tournaments.start(start);
    // Both tables are dealing.
    ASSERT_TRUE(h.outbox.wait([](const std::vector<Received>& log) {
        std::set<std::int32_t> dealing;
        for (const Received& r : log)
            if (r.message.has_table_event() && r.message.table_event().has_polacco_hand_started())
                dealing.insert(r.message.table_event().table().table());
        return dealing.size() == 2;
    }));
    std::atomic<int> quiet{0};
    h.tournaments.stop_dealing([&] {
        ++quiet;
        h.outbox.poke();
    });
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>&) { return quiet.load() > 0; }));
    ASSERT_TRUE(h.idle());
    EXPECT_EQ(quiet.load(), 1);
    // Every hand dealt (one start per table and hand, whoever received it) is committed: none was cut
    // short, none dealt after the stop.
    std::set<std::pair<std::int32_t, std::int64_t>> dealt;
    for (const Received& r : h.outbox.log())
        if (r.message.has_table_event() && r.message.table_event().has_polacco_hand_started())
            dealt.emplace(r.message.table_event().table().table(), r.message.table_event().hand());
    EXPECT_EQ(h.db().count("SELECT count(*) FROM hands"), static_cast<std::int64_t>(dealt.size()));
}

}  // namespace
}  // namespace tavolo::server::actors::testing
