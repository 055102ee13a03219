// A running Poker Polacco tournament at a restart (polacco_recovery.hpp, polacco_resume.cpp), from a
// database left as a crash leaves it: the engine plays 12 entrants until every table waits at three
// and the redraw is decided; the database has the tables as those last hands left them, five of the
// six places (the sixth's commit was lost) and the new draw's row opened but never seated. The
// restart draws the final table, reuses that row, breaks the old ones, and the resumed actor plays
// it to its end with scripted players: every entrant placed once, the pool paid to the cent. What
// does not add up (a player placed who still sits at a table) is cancelled with refunds instead.
#include <gtest/gtest.h>

#include <set>

#include "engine/polacco/tournament_restore.hpp"
#include "persistence/recovery.hpp"
#include "persistence/tournament_store.hpp"
#include "server/actors/polacco_recovery.hpp"
#include "server/actors/polacco_seating.hpp"
#include "server/actors/resumed_polacco.hpp"
#include "server/actors/tournament_payments.hpp"
#include "server/actors/tournament_recovery.hpp"
#include "tests/server/actors/actors_support.hpp"
#include "tests/server/actors/scripted_players.hpp"

namespace tavolo::server::actors::testing {
namespace {

// The lobby's time for recover_tournaments (a start long past is refunded, not adopted).
server::TimePoint now_utc() {
    return std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());
}

namespace polacco = engine::polacco;

TournamentDeclaration polacco_mtt_of_twelve(const std::string& name) {
    TournamentDeclaration d = default_declaration(
        name, TournamentGame::Polacco, engine::TournamentKind::ScheduledMtt, engine::Betting::NoLimit);
    auto& p = std::get<PolaccoTournament>(d.rules);
    p.min_players = 2;
    p.max_players = 12;
    return d;
}

// Plays hands (every decision drawn from `rng`) until the first redraw: the tournament then holds
// the tables it closed (closed_tables) as the hand that closed them left them.
polacco::Tournament play_to_first_redraw(const polacco::TournamentConfig& config, engine::RandomSource& rng) {
    std::vector<polacco::PlayerId> entrants;
    for (int i = 0; i < 12; ++i)
        entrants.push_back(i);
    auto t = polacco::Tournament::start(entrants, config, rng).value();
    while (t.draws() == 1) {
        const polacco::TableId id = t.tables_ready().front();
        EXPECT_TRUE(t.start_hand(id, rng));
        polacco::Hand& h = *t.hand(id);
        while (!h.result()) {
            const polacco::LegalActions legal = h.legal_actions();
            if (legal.choose_direction)
                EXPECT_TRUE(h.choose_direction(legal.player, polacco::Direction::Clockwise));
            else if (legal.declare && legal.lowest_declaration && (!legal.doubt || rng.uniform_below(2) == 0))
                EXPECT_TRUE(h.declare(legal.player, *legal.lowest_declaration));
            else
                EXPECT_TRUE(h.doubt(legal.player));
        }
        EXPECT_TRUE(t.finish_hand(id, rng));
    }
    return t;
}

// The database as a crash right after the redraw's hand leaves it.
struct Crashed {
    lobby::StartTournament start;
    polacco::Tournament engine;
    std::vector<persistence::TableId> old_rows;
    persistence::TableId unseated{};
};

Crashed crash_at_the_redraw(Harness& h, const TournamentDeclaration& d, bool placed_and_seated = false) {
    const auto start = h.tournament(d, 12);
    persistence::Database& db = h.db().db();
    persistence::TournamentStore store(db);
    EXPECT_TRUE(store.set_state(start.tournament, persistence::TournamentState::running));
    engine::SeededRandom rng{41};
    polacco::Tournament t = play_to_first_redraw(std::get<PolaccoTournament>(d.rules).config, rng);
    std::map<std::int64_t, persistence::SeatOwner> owners;
    for (std::size_t i = 0; i < start.entrants.size(); ++i)
        owners[static_cast<std::int64_t>(i)] = {start.entrants[i].registration, start.entrants[i].account};
    std::vector<DrawnTable> rows;
    for (const polacco::TableState& closed : t.closed_tables())
        rows.push_back({{closed.id + 1, 7}, closed});
    auto opened = seat_drawn_tables(db, start, rows, {}, owners);
    if (!opened) {  // the crashed database cannot be built: the test fails here
        ADD_FAILURE() << opened.error().message;
        return {start, std::move(t), {}, {}};
    }
    // Five places committed, the last one's commit lost.
    const auto& standings = t.standings();
    for (std::size_t i = 0; i + 1 < standings.size(); ++i) {
        const auto& s = standings[i];
        const auto registration = start.entrants[static_cast<std::size_t>(s.player)].registration;
        EXPECT_TRUE(store.record_finish(
            {registration, s.place, s.prize, prize_key(persistence::raw(start.tournament), registration)}));
    }
    if (placed_and_seated) {  // the lost place recorded for a player who still sits at a table
        const auto& s = standings.back();
        const auto registration =
            start.entrants[static_cast<std::size_t>(rows[0].state.seats.front().player)].registration;
        EXPECT_TRUE(store.record_finish(
            {registration, s.place, s.prize, prize_key(persistence::raw(start.tournament), registration)}));
    }
    // The final table's row opened, its seats never written.
    const auto unseated = store.open_table(start.tournament, 3, 7).value();
    return {start, std::move(t), (*opened)->tables, unseated};
}

const persistence::RecoveredTournament& only(const std::vector<persistence::RecoveredTournament>& all) {
    EXPECT_EQ(all.size(), 1U);
    return all.front();
}

TEST(PolaccoRecovery, a_redraw_cut_short_is_drawn_at_the_restart_and_the_tournament_plays_to_its_end) {
    Harness h(200.0);
    const TournamentDeclaration d = polacco_mtt_of_twelve("polacco-restart");
    Crashed crashed = crash_at_the_redraw(h, d);
    ASSERT_EQ(crashed.engine.remaining(), 6);
    persistence::Database& db = h.db().db();
    const auto unfinished = persistence::load_unfinished_tournaments(db).value();
    engine::SeededRandom rng{5};
    auto prepared = prepare_polacco(db, only(unfinished), d, rng);
    ASSERT_TRUE(prepared) << prepared.error();
    const polacco::Tournament& t = (*prepared)->tournament;
    EXPECT_TRUE(t.final_table());
    EXPECT_EQ(t.remaining(), 6);
    EXPECT_EQ(t.standings().size(), 6U) << "the lost place taken again";
    ASSERT_EQ((*prepared)->rows.size(), 1U);
    EXPECT_EQ((*prepared)->rows.at(0), crashed.unseated)
        << "the row opened before the crash is the one seated";
    const std::string id = std::to_string(persistence::raw(crashed.start.tournament));
    EXPECT_EQ(h.db().count(
                  "SELECT count(*) FROM tournament_tables WHERE state = 'broken' AND tournament_id = " + id),
              2);
    EXPECT_EQ(
        h.db().count("SELECT count(*) FROM tournament_tables WHERE state = 'open' AND tournament_id = " + id),
        1);
    // The players' penalties and passes are the ones the closed tables had.
    std::map<polacco::PlayerId, int> before, after;
    for (const auto& s : crashed.engine.closed_tables())
        for (const auto& p : s.seats)
            before[p.player] = p.penalties;
    for (const auto& p : t.tables().front().seats())
        after[p.player] = p.penalties;
    EXPECT_EQ(before, after);

    ScriptedPlayers players(h, 23);
    h.tournaments.resume(*prepared);
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>& log) {
        for (const Received& r : log)
            if (r.message.has_tournament_event() && r.message.tournament_event().has_finished()) return true;
        return false;
    })) << "the resumed tournament did not finish before the hang guard";
    ASSERT_TRUE(h.idle());
    EXPECT_EQ(
        h.db().count("SELECT count(DISTINCT finishing_place) FROM registrations WHERE tournament_id = " + id +
                     " AND finishing_place BETWEEN 1 AND 12"),
        12);
    EXPECT_EQ(
        h.db().count("SELECT coalesce(sum(prize_cents), 0) FROM registrations WHERE tournament_id = " + id),
        12 * d.buy_in().prize_part);
    EXPECT_EQ(h.db().count("SELECT count(*) FROM tournaments WHERE state = 'finished' AND id = " + id), 1);
    const auto audit = persistence::Ledger(db).audit().value();
    EXPECT_EQ(audit.sum_of_entries, 0);
    EXPECT_EQ(audit.mismatched_balances, 0);
}

TEST(PolaccoRecovery, tables_that_do_not_add_up_are_cancelled_with_refunds_and_the_reason_given) {
    Harness h(200.0);
    const TournamentDeclaration d = polacco_mtt_of_twelve("polacco-broken");
    Crashed crashed = crash_at_the_redraw(h, d, /*placed_and_seated=*/true);
    persistence::Database& db = h.db().db();
    const auto unfinished = persistence::load_unfinished_tournaments(db).value();
    engine::SeededRandom rng{5};
    auto prepared = prepare_polacco(db, only(unfinished), d, rng);
    ASSERT_FALSE(prepared);
    EXPECT_NE(prepared.error().find("does not add up"), std::string::npos) << prepared.error();
    const RecoveryOutcome outcome = recover_tournaments(db, {d}, h.tournaments, now_utc());
    EXPECT_EQ(outcome.resumed, 0);
    EXPECT_EQ(outcome.cancelled, 1);
    ASSERT_EQ(outcome.errors.size(), 1U);
    EXPECT_NE(outcome.errors[0].find("cannot resume"), std::string::npos) << outcome.errors[0];
    const std::string id = std::to_string(persistence::raw(crashed.start.tournament));
    EXPECT_EQ(h.db().count("SELECT count(*) FROM tournaments WHERE state = 'cancelled' AND id = " + id), 1);
    EXPECT_EQ(persistence::Ledger(db).audit().value().sum_of_entries, 0);
}

}  // namespace
}  // namespace tavolo::server::actors::testing
