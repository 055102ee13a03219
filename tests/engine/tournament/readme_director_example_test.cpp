// The director example of engine/tournament/README.md, run: tables and their director exchange
// reports and messages only, and each hand is played with the engine's Hand.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <numeric>

#include "engine/poker/hand.hpp"
#include "engine/tournament/tournament_director.hpp"
#include "engine/tournament/tournament_table.hpp"

namespace tavolo::engine {
namespace {

TEST(ReadmeExample, rules_6_a_director_and_its_tables_exchange_reports_and_messages) {
    SeededRandom rng(42);  // the director actor's source; each table actor has its own
    SeededRandom table_rng(43);
    std::vector<EntrantId> entrants(20);
    std::iota(entrants.begin(), entrants.end(), 0);
    const auto structure = default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    auto started = TournamentDirector::start(entrants, DirectorConfig{structure, Pace::Free, {}}, rng);
    ASSERT_TRUE(started.has_value());
    TournamentDirector& director = started->director;
    std::vector<TournamentTable> tables{TournamentTable(0), TournamentTable(1)};
    Duration now{0};
    // The server posts each message to its table's strand; a table's report goes back the same way.
    std::function<void(const std::vector<DirectorMessage>&)> deliver = [&](const auto& messages) {
        for (const auto& m : messages) {
            TournamentTable& t = tables.at(static_cast<std::size_t>(addressee(m)));
            ASSERT_TRUE(t.apply(m, table_rng).has_value());
            if (std::holds_alternative<OpenTable>(m)) {
                auto answer = director.on_report(t.report(), now, rng);  // its button
                ASSERT_TRUE(answer.has_value());
                deliver(*answer);
            }
        }
    };
    deliver(started->messages);
    deliver(director.tick(now, rng));  // level 1: every table starts its first hand
    Hand hand;
    HandSetup setup;
    for (int n = 0; n < 40; ++n) {
        TournamentTable& t = tables[static_cast<std::size_t>(n % 2)];
        if (!t.hand_to_start()) continue;
        ASSERT_TRUE(t.start_hand(setup).has_value());
        ASSERT_TRUE(hand.reset(setup, table_rng).has_value());
        while (!hand.is_over()) {  // every player lets the clock run out: check or fold
            ASSERT_TRUE(hand.act(hand.to_act(), Timeout{}).has_value());
        }
        std::vector<Chips> finals;
        for (const auto& s : setup.seats)
            finals.push_back(hand.stack(s.seat));
        ASSERT_TRUE(t.finish_hand(finals).has_value());
        now += std::chrono::minutes(1);
        auto answer = director.on_report(t.report(), now, rng);  // eliminations, moves, next hand
        ASSERT_TRUE(answer.has_value()) << to_string(answer.error());
        deliver(*answer);
        deliver(director.tick(now, rng));  // levels and breaks
    }
    EXPECT_GE(director.level(), 2);
    EXPECT_EQ(director.chips_in_play(), 20 * structure.starting_stack);
    Chips at_tables = 0;
    for (const auto& t : tables)
        at_tables += t.table().total_chips();
    EXPECT_EQ(at_tables, 20 * structure.starting_stack);
}

}  // namespace
}  // namespace tavolo::engine
