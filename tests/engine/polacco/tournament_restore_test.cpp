// A running Poker Polacco tournament restored after a restart (tournament_restore.hpp): saved at
// many points of a seeded run (between hands, during a redraw, at the final table), restored and
// played on with the same random draws, it ends as the uninterrupted run; what does not add up is
// refused.
#include "engine/polacco/tournament_restore.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "engine/polacco/draw.hpp"

namespace tavolo::engine::polacco {
namespace {

std::vector<PlayerId> ids(int n) {
    std::vector<PlayerId> v(static_cast<std::size_t>(n));
    std::iota(v.begin(), v.end(), PlayerId{0});
    return v;
}

TournamentConfig config(Cents prize_part = 1'000) {
    TournamentConfig c;
    c.rules.passamano = true;
    c.prize_part = prize_part;
    return c;
}

// Plays one hand to its end at a table chosen with `rng`, every decision drawn from `rng` too; the
// caller finishes it.
TableId play_hand(Tournament& t, RandomSource& rng) {
    const std::vector<TableId> ready = t.tables_ready();
    EXPECT_FALSE(ready.empty());
    const TableId id = ready[rng.uniform_below(ready.size())];
    EXPECT_TRUE(t.start_hand(id, rng));
    Hand& h = *t.hand(id);
    while (!h.result()) {
        const LegalActions legal = h.legal_actions();
        const PlayerId p = legal.player;
        if (legal.choose_direction) {
            const bool cw = h.rules().clockwise_only || rng.uniform_below(2) == 0;
            EXPECT_TRUE(h.choose_direction(p, cw ? Direction::Clockwise : Direction::Anticlockwise));
        } else if (legal.declare && legal.lowest_declaration && (!legal.doubt || rng.uniform_below(3) != 0)) {
            EXPECT_TRUE(h.declare(p, *legal.lowest_declaration));
        } else if (legal.pass && rng.uniform_below(4) == 0) {
            EXPECT_TRUE(h.pass(p));
        } else {
            EXPECT_TRUE(h.doubt(p));
        }
    }
    return id;
}

std::vector<TournamentEvent> play_one(Tournament& t, RandomSource& rng) {
    const TableId id = play_hand(t, rng);
    return t.finish_hand(id, rng).value();
}

// Plays to the end (bounded, so a bug cannot hang the suite).
void play_out(Tournament& t, RandomSource& rng) {
    for (int hands = 0; !t.finished() && hands < 100'000; ++hands)
        play_one(t, rng);
    ASSERT_TRUE(t.finished());
}

// What a server finds durable: the current draw's tables between hands and the places committed.
TournamentRecord record_of(const Tournament& t, const std::vector<PlayerId>& entrants,
                           const TournamentConfig& c) {
    TournamentRecord r{entrants, c, t.draws() - 1, {}, {}};
    for (const Table& table : t.tables())
        r.tables.push_back(table.snapshot().value());
    r.placed = t.standings();
    return r;
}

// Every entrant placed once at 1..n, the pool paid to the cent.
void expect_complete(const Tournament& t) {
    std::set<PlayerId> players;
    std::set<int> places;
    Cents paid = 0;
    for (const Standing& s : t.standings()) {
        players.insert(s.player);
        places.insert(s.place);
        paid += s.prize;
    }
    EXPECT_EQ(static_cast<int>(players.size()), t.entrants());
    EXPECT_EQ(static_cast<int>(places.size()), t.entrants());
    EXPECT_EQ(*places.begin(), 1);
    EXPECT_EQ(*places.rbegin(), t.entrants());
    EXPECT_EQ(paid, t.prize_pool());
}

bool same_standings(const std::vector<Standing>& a, const std::vector<Standing>& b) {
    return std::ranges::equal(a, b, [](const Standing& x, const Standing& y) {
        return x.player == y.player && x.place == y.place && x.prize == y.prize;
    });
}

TEST(PolaccoRestore, TheDrawsFollowFromTheEntrants) {
    EXPECT_EQ(draw_plan(16, 7), (std::vector<int>{3, 2, 1}));  // 16 -> 9 -> 6
    EXPECT_EQ(draw_plan(7, 7), (std::vector<int>{1}));
    EXPECT_EQ(draw_plan(25, 7), (std::vector<int>{4, 2, 1}));  // 25 -> 12 -> 6
    EXPECT_EQ(draw_plan(30, 9), (std::vector<int>{4, 2, 1}));  // 30 -> 12 -> 6
    const auto plan = draw_plan(16, 7);
    EXPECT_EQ(first_table_of_draw(plan, 0), 0);
    EXPECT_EQ(first_table_of_draw(plan, 2), 5);
    EXPECT_EQ(first_table_of_draw(plan, 3), -1);
    EXPECT_EQ(draw_starting_at(plan, 3), 1);
    EXPECT_EQ(draw_starting_at(plan, 4), -1);
    // The plan is what play gives: every draw of a real run has the plan's tables.
    for (std::uint64_t seed : {1U, 2U, 3U}) {
        SeededRandom rng{seed};
        const TournamentConfig c = config();
        auto t = Tournament::start(ids(25), c, rng).value();
        std::vector<int> seen;
        for (const TournamentEvent& e : t.log())
            seen.push_back(static_cast<int>(std::get<TablesDrawn>(e).tables.size()));
        while (!t.finished())
            for (const TournamentEvent& e : play_one(t, rng))
                if (const auto* d = std::get_if<TablesDrawn>(&e))
                    seen.push_back(static_cast<int>(d->tables.size()));
        EXPECT_EQ(seen, draw_plan(25, 7));
    }
}

// Saved after every hand of a seeded run and restored there, the run goes on as if never stopped.
TEST(PolaccoRestore, SavedBetweenAnyHandsItEndsAsTheUninterruptedRun) {
    for (std::uint64_t seed : {7U, 8U, 9U}) {
        const TournamentConfig c = config();
        const auto entrants = ids(25);
        SeededRandom rng{seed};
        Tournament whole = Tournament::start(entrants, c, rng).value();
        std::vector<std::pair<TournamentRecord, SeededRandom>> saves;
        while (!whole.finished()) {
            saves.emplace_back(record_of(whole, entrants, c), rng);
            play_one(whole, rng);
        }
        expect_complete(whole);
        ASSERT_GT(saves.size(), 20U);
        int at_final = 0;
        for (auto& [record, from] : saves) {
            SeededRandom unused{99};
            auto restored = Tournament::restore(record, unused);
            ASSERT_TRUE(restored) << describe(restored.error());
            at_final += restored->final_table() ? 1 : 0;
            EXPECT_EQ(restored->draws(), record.draw + 1);
            EXPECT_EQ(restored->remaining(), [&] {
                int seated = 0;
                for (const TableState& s : record.tables)
                    seated += static_cast<int>(s.seats.size());
                return seated;
            }());
            play_out(*restored, from);
            expect_complete(*restored);
            EXPECT_TRUE(same_standings(restored->standings(), whole.standings())) << "seed " << seed;
        }
        EXPECT_GT(at_final, 0);
    }
}

// Saved after the hand that made every table wait, before the new tables were recorded (the closed
// tables as that hand left them): the restore draws them, with the same random draws the same
// tables, and the run ends as the uninterrupted one.
TEST(PolaccoRestore, SavedDuringARedrawItDrawsAgainAndEndsTheSame) {
    const TournamentConfig c = config();
    const auto entrants = ids(30);
    SeededRandom rng{21};
    Tournament whole = Tournament::start(entrants, c, rng).value();
    std::vector<std::pair<TournamentRecord, SeededRandom>> saves;  // with the source before the draw
    while (!whole.finished()) {
        const int draws = whole.draws();
        const TableId id = play_hand(whole, rng);
        const SeededRandom before_draw = rng;
        ASSERT_TRUE(whole.finish_hand(id, rng));
        if (whole.draws() == draws) continue;
        TournamentRecord r{entrants, c, draws - 1, whole.closed_tables(), whole.standings()};
        EXPECT_EQ(r.tables.size(),
                  static_cast<std::size_t>(draw_plan(30, 7)[static_cast<std::size_t>(r.draw)]));
        SeededRandom redraw = before_draw;
        auto restored = Tournament::restore(r, redraw);
        ASSERT_TRUE(restored) << describe(restored.error());
        EXPECT_EQ(restored->draws(), draws + 1);
        EXPECT_EQ(restored->paused_tables(), 0);
        EXPECT_EQ(restored->final_table(), whole.final_table());
        ASSERT_EQ(restored->tables().size(), whole.tables().size());
        for (std::size_t i = 0; i < whole.tables().size(); ++i)
            EXPECT_EQ(restored->tables()[i].snapshot().value(), whole.tables()[i].snapshot().value());
        saves.emplace_back(std::move(r), before_draw);
    }
    ASSERT_EQ(saves.size(), 3U);  // 30 -> 15 -> 9 -> 6
    expect_complete(whole);
    for (auto& [record, from] : saves) {
        auto restored = Tournament::restore(record, from);
        ASSERT_TRUE(restored);
        play_out(*restored, from);
        expect_complete(*restored);
        EXPECT_TRUE(same_standings(restored->standings(), whole.standings()));
    }
}

// A place decided by a committed hand whose own commit was lost: the entrant is neither seated nor
// placed, and takes the one place left; several lost at once take the places left, each once.
TEST(PolaccoRestore, APlaceNotCommittedIsTheOneLeft) {
    const TournamentConfig c = config(777);
    const auto entrants = ids(20);
    SeededRandom rng{3};
    Tournament whole = Tournament::start(entrants, c, rng).value();
    std::vector<std::pair<TournamentRecord, SeededRandom>> saves;
    while (!whole.finished()) {
        play_one(whole, rng);
        if (whole.finished() || whole.standings().empty()) continue;
        TournamentRecord r = record_of(whole, entrants, c);
        r.placed.pop_back();  // the newest place's commit was lost
        saves.emplace_back(std::move(r), rng);
    }
    for (auto& [record, from] : saves) {
        SeededRandom unused{1};
        auto restored = Tournament::restore(record, unused);
        ASSERT_TRUE(restored) << describe(restored.error());
        play_out(*restored, from);
        EXPECT_TRUE(same_standings(restored->standings(), whole.standings()));
    }
    // Three lost at once: three places, each once, the pool still paid to the cent.
    TournamentRecord r = saves[saves.size() / 2].first;
    ASSERT_GE(r.placed.size(), 3U);
    r.placed.resize(r.placed.size() - 2);
    SeededRandom more{4};
    auto restored = Tournament::restore(r, more);
    ASSERT_TRUE(restored);
    play_out(*restored, more);
    expect_complete(*restored);
}

// At the final table after the last hand (one player left): the tournament has a winner, whether
// his place committed or not.
TEST(PolaccoRestore, OnePlayerLeftAtTheFinalTableHasWon) {
    const TournamentConfig c = config();
    const auto entrants = ids(9);
    SeededRandom rng{12};
    Tournament whole = Tournament::start(entrants, c, rng).value();
    play_out(whole, rng);
    TournamentRecord r{entrants, c, 1, {whole.tables().front().snapshot().value()}, whole.standings()};
    ASSERT_EQ(r.tables.front().seats.size(), 1U);
    for (bool winner_recorded : {true, false}) {
        if (!winner_recorded) r.placed.pop_back();
        SeededRandom unused{1};
        auto restored = Tournament::restore(r, unused);
        ASSERT_TRUE(restored) << describe(restored.error());
        EXPECT_TRUE(restored->finished());
        EXPECT_EQ(restored->winner(), whole.winner());
        EXPECT_TRUE(same_standings(restored->standings(), whole.standings()));
        expect_complete(*restored);
    }
}

TEST(PolaccoRestore, WhatDoesNotAddUpIsRefused) {
    const TournamentConfig c = config();
    const auto entrants = ids(16);
    SeededRandom rng{30};
    Tournament t = Tournament::start(entrants, c, rng).value();
    for (int i = 0; i < 12 && t.standings().size() < 2; ++i)
        play_one(t, rng);
    while (t.standings().size() < 2)
        play_one(t, rng);
    ASSERT_EQ(t.draws(), 1);
    const TournamentRecord good = record_of(t, entrants, c);
    SeededRandom any{1};
    ASSERT_TRUE(Tournament::restore(good, any));
    const auto refused = [&](TournamentRecord r) {
        SeededRandom r2{1};
        auto out = Tournament::restore(r, r2);
        return out ? std::optional<PolaccoError>{} : std::optional{out.error()};
    };
    using enum PolaccoError;
    {  // a player at two tables
        TournamentRecord r = good;
        auto& seats = r.tables[1].seats;
        auto it = std::ranges::find_if(
            seats, [&](const HandPlayer& p) { return p.player != r.tables[1].first_speaker; });
        it->player = r.tables[0].seats.front().player;
        EXPECT_EQ(refused(r), InconsistentTournament);
    }
    {  // lives out of range
        TournamentRecord r = good;
        r.tables[0].seats.front().penalties = 4;
        EXPECT_EQ(refused(r), InvalidPenalties);
    }
    {  // seated and placed
        TournamentRecord r = good;
        r.placed.push_back(
            {r.tables[0].seats.front().player, 14, t.prizes().size() >= 14 ? t.prizes()[13] : 0});
        EXPECT_EQ(refused(r), InconsistentTournament);
    }
    {  // a place outside 1..n, or twice
        TournamentRecord r = good;
        r.placed.front().place = 17;
        EXPECT_EQ(refused(r), InconsistentTournament);
        r = good;
        r.placed[1].place = r.placed[0].place;
        EXPECT_EQ(refused(r), InconsistentTournament);
        r = good;
        r.placed.front().place = 1;  // a winner while players remain
        EXPECT_EQ(refused(r), InconsistentTournament);
    }
    {  // a prize that is not the place's
        TournamentRecord r = good;
        r.placed.front().prize += 1;
        EXPECT_EQ(refused(r), InconsistentTournament);
    }
    {  // a table missing, a table twice, an unknown player, a draw that does not exist
        TournamentRecord r = good;
        r.tables.pop_back();
        EXPECT_EQ(refused(r), InconsistentTournament);
        r = good;
        r.tables[1].id = 0;
        EXPECT_EQ(refused(r), InconsistentTournament);
        r = good;
        r.tables[0].seats.front().player = 99;
        r.tables[0].first_speaker = r.tables[0].seats[1].player;
        EXPECT_EQ(refused(r), InconsistentTournament);
        r = good;
        r.draw = 7;
        EXPECT_EQ(refused(r), InconsistentTournament);
        r = good;
        r.draw = 2;  // the final table's draw has one table
        EXPECT_EQ(refused(r), InconsistentTournament);
    }
    {  // a table of a draw that is not the last below three
        TournamentRecord r = good;
        r.tables[0].seats.resize(2);
        r.tables[0].first_speaker = r.tables[0].seats[0].player;
        EXPECT_EQ(refused(r), InconsistentTournament);
    }
    {  // other rules than the tournament's
        TournamentRecord r = good;
        r.tables[0].rules.passamano = false;
        EXPECT_EQ(refused(r), InvalidRules);
    }
}

}  // namespace
}  // namespace tavolo::engine::polacco
