// RULES.md §6: the poker tournament director decides from the tables' reports only and answers
// with messages (engine/tournament/tournament_director.hpp). Each test drives real tables
// (TournamentTable) the way the server's table actors will.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <utility>

#include "tests/engine/tournament/director_room.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine {
namespace {

using std::chrono::minutes;
using test::mtt;
using test::Room;

TEST(Director, rules_6_the_start_draws_seats_evenly_and_opens_every_table) {
    Room room;
    room.start(23, mtt(10), Pace::Free);
    ASSERT_EQ(room.since<OpenTable>(0).size(), 3u);
    int seated = 0;
    for (const auto& t : room.tables) {
        EXPECT_GE(t.table().player_count(), 7);
        EXPECT_LE(t.table().player_count(), 8);
        EXPECT_NE(t.table().button(), kNoSeat);  // each table drew its button
        EXPECT_EQ(t.stakes().big_blind, 50);
        seated += t.table().player_count();
    }
    EXPECT_EQ(seated, 23);
    EXPECT_EQ(room.director->floor().players(), 23);
    room.tick(Duration{0});
    EXPECT_EQ(room.since<StartHand>(0).size(), 3u);
    EXPECT_EQ(room.director->tables_in_hand(), 3);
}

TEST(Director, start_refuses_bad_fields) {
    SeededRandom rng(1);
    EXPECT_EQ(refusal_of(TournamentDirector::start({1}, DirectorConfig{mtt(10), Pace::Free, {}}, rng)),
              DirectorError::NotEnoughEntrants);
    EXPECT_EQ(refusal_of(TournamentDirector::start({1, 2, 1}, DirectorConfig{mtt(10), Pace::Free, {}}, rng)),
              DirectorError::InvalidEntrant);
    EXPECT_EQ(refusal_of(TournamentDirector::start({1, -2}, DirectorConfig{mtt(10), Pace::Free, {}}, rng)),
              DirectorError::InvalidEntrant);
    auto bad = mtt(10);
    bad.starting_stack = 0;
    EXPECT_EQ(refusal_of(TournamentDirector::start({1, 2}, DirectorConfig{bad, Pace::Free, {}}, rng)),
              DirectorError::BadStructure);
}

// Issue 15: the conservation check is made to fail. A report whose stacks do not add up to what
// the table had is refused, and the director's books do not move.
TEST(Director, rules_6_a_report_whose_stacks_do_not_add_up_is_refused_and_changes_nothing) {
    Room room;
    room.start(20, mtt(10), Pace::Free);
    room.tick(Duration{0});
    HandSetup setup;
    ASSERT_TRUE(room.table(0).start_hand(setup).has_value());
    std::vector<Chips> stacks;
    for (const auto& s : setup.seats)
        stacks.push_back(s.stack);
    ASSERT_TRUE(room.table(0).finish_hand(stacks).has_value());
    TableReport report = room.table(0).report();
    TableReport gained = report;
    gained.players[0].player.stack += 1;  // a chip from nowhere
    const Chips chips = room.director->floor().table(0).total_chips();
    auto refused = room.director->on_report(gained, room.now, room.rng);
    ASSERT_FALSE(refused.has_value());
    EXPECT_EQ(refused.error(), DirectorError::ChipsNotConserved);
    EXPECT_EQ(room.director->floor().table(0).total_chips(), chips);
    EXPECT_EQ(room.director->tables_in_hand(), 2);  // table 0 still counts as playing its hand
    TableReport lost = report;
    lost.players[1].player.stack -= 1;
    EXPECT_EQ(refusal_of(room.director->on_report(lost, room.now, room.rng)),
              DirectorError::ChipsNotConserved);
    // The true report is taken.
    auto ok = room.director->on_report(report, room.now, room.rng);
    ASSERT_TRUE(ok.has_value());
    EXPECT_EQ(room.director->tables_in_hand(), 2);  // table 0 was started again (Pace::Free)
    EXPECT_EQ(room.director->chips_in_play(), 20 * 5000);
}

// Issue 15: the negative-stack check is made to fail.
TEST(Director, rules_6_a_report_with_a_negative_stack_is_refused) {
    Room room;
    room.start(20, mtt(10), Pace::Free);
    TableReport r = room.table(1).report();
    r.players[1].player.stack += r.players[0].player.stack + 1;  // the sum is kept: only the sign is wrong
    r.players[0].player.stack = -1;
    ASSERT_EQ(std::accumulate(r.players.begin(), r.players.end(), Chips{0},
                              [](Chips sum, const ReportedSeat& p) { return sum + p.player.stack; }),
              room.director->floor().table(1).total_chips());
    EXPECT_EQ(refusal_of(room.director->on_report(r, room.now, room.rng)), DirectorError::NegativeStack);
}

TEST(Director, reports_naming_unknown_tables_players_or_purchases_are_refused) {
    Room room;
    room.start(20, mtt(10), Pace::Free);
    TableReport stranger = room.table(0).report();
    stranger.table = 9;
    EXPECT_EQ(refusal_of(room.director->on_report(stranger, room.now, room.rng)),
              DirectorError::UnknownTable);
    TableReport elsewhere = room.table(0).report();
    elsewhere.eliminated.push_back(
        Elimination{room.table(1).table().at(room.seat_of(1, 0)).entrant, 0, 5000, 0});
    EXPECT_EQ(refusal_of(room.director->on_report(elsewhere, room.now, room.rng)),
              DirectorError::UnknownPlayer);
    TableReport rebuy = room.table(0).report();  // no re-buys in this tournament
    rebuy.players[0].player.stack += 5000;
    rebuy.bought.push_back(
        ChipsBought{rebuy.players[0].player.entrant, rebuy.players[0].seat, Purchase::Rebuy, 5000});
    EXPECT_EQ(refusal_of(room.director->on_report(rebuy, room.now, room.rng)),
              DirectorError::PurchaseRefused);
    TableReport twice = room.table(0).report();
    twice.players.push_back(twice.players[0]);
    EXPECT_EQ(refusal_of(room.director->on_report(twice, room.now, room.rng)), DirectorError::BadSeat);
    TableReport moved_himself = room.table(0).report();  // two players in seats the director never gave
    std::swap(moved_himself.players[0].seat, moved_himself.players[1].seat);
    EXPECT_EQ(refusal_of(room.director->on_report(moved_himself, room.now, room.rng)),
              DirectorError::UnknownPlayer);
    TableReport stranger_seated = room.table(0).report();
    stranger_seated.players[0].player.entrant = 999;
    EXPECT_EQ(refusal_of(room.director->on_report(stranger_seated, room.now, room.rng)),
              DirectorError::UnknownPlayer);
    room.tick(Duration{0});
    HandSetup setup;
    room.begin(0, setup);
    room.end(0, setup, {setup.seats.back().seat});
    TableReport out_twice = room.table(0).report();  // one player eliminated, and listed twice
    ASSERT_EQ(out_twice.eliminated.size(), 1u);
    out_twice.eliminated.push_back(out_twice.eliminated.front());
    EXPECT_EQ(refusal_of(room.director->on_report(out_twice, room.now, room.rng)),
              DirectorError::UnknownPlayer);
    out_twice.eliminated.pop_back();
    EXPECT_TRUE(room.director->on_report(out_twice, room.now, room.rng).has_value());  // once is right
    EXPECT_EQ(room.director->ranking().placings().size(), 1u);
    EXPECT_EQ(room.director->prize_parts(), 20 * 1000);
}

TEST(Director, rules_6_level_changes_reach_every_table_for_its_next_hand) {
    Room room;
    room.start(20, mtt(10), Pace::Free);
    room.tick(Duration{0});
    const auto mark = room.said.size();
    room.tick(minutes(15));
    const auto levels = room.since<SetLevel>(mark);
    ASSERT_EQ(levels.size(), 2u);
    for (const auto& l : levels) {
        EXPECT_EQ(l.level, 2);
        EXPECT_EQ(l.stakes.big_blind, 100);
    }
    EXPECT_EQ(room.director->level(), 2);
}

TEST(Director, rules_6_breaks_are_synchronous_and_play_resumes_after_them) {
    Room room;
    room.start(20, mtt(10), Pace::Free);
    room.tick(Duration{0});
    HandSetup zero, one;
    room.begin(0, zero);
    room.begin(1, one);
    auto mark = room.said.size();
    room.tick(minutes(60));  // an hour of play: the 10-minute break
    EXPECT_TRUE(room.director->on_break());
    room.now = minutes(61);
    room.end(0, zero);  // the hand in play ends during the break: the table waits
    room.report(0);
    ASSERT_EQ(room.since<PauseForBreak>(mark, 0).size(), 1u);
    EXPECT_TRUE(room.since<StartHand>(mark).empty());
    EXPECT_FALSE(room.table(0).hand_to_start());
    EXPECT_TRUE(room.table(0).paused());
    mark = room.said.size();
    room.tick(minutes(70));
    EXPECT_FALSE(room.director->on_break());
    const auto started = room.since<StartHand>(mark);
    ASSERT_EQ(started.size(), 1u);  // table 1 is still playing its hand
    EXPECT_EQ(started[0].table, 0);
}

// A table whose hand ends during the break and which that hand breaks (its players fit on the
// others) is closed, and told nothing after its CloseTable: no PauseForBreak (the 1,000-player kill -9
// run: the table refused it, the server's actor never saw the CloseTable last, and the broken table's
// row stayed open with its players' old stacks).
TEST(Director, rules_6_a_table_broken_by_the_hand_it_ends_in_the_break_is_told_nothing_after_closing) {
    Room room;
    room.start(21, mtt(10), Pace::Free);  // three tables of 7
    room.tick(Duration{0});
    HandSetup zero, one, two;
    room.begin(0, zero);
    room.begin(1, one);
    room.begin(2, two);
    room.tick(minutes(60));  // the break, while every table plays its hand
    ASSERT_TRUE(room.director->on_break());
    room.now = minutes(61);
    const auto mark = room.said.size();
    room.end(0, zero, {room.seat_of(0, 0)});  // 20 left: two tables of 10 hold them all
    room.report(0);                           // every message applied (Room::deliver asserts it)
    EXPECT_FALSE(room.director->floor().open(0));
    ASSERT_EQ(room.since<CloseTable>(mark, 0).size(), 1u);
    EXPECT_TRUE(room.since<PauseForBreak>(mark, 0).empty());
    EXPECT_TRUE(std::holds_alternative<CloseTable>(room.said.back()) || addressee(room.said.back()) != 0);
    room.end(1, one);
    room.report(1);
    room.end(2, two);
    room.report(2);
    EXPECT_EQ(room.director->floor().players(), 20);
}

// P + 1 players on two tables: every table plays one hand and waits for the others; players
// eliminated in the same round with equal starting chips share their places (RULES.md §6).
TEST(Director, rules_6_hand_for_hand_tables_wait_for_each_other_and_rank_the_round_together) {
    Room room;
    auto ten_places = payout_table_from_percentages(std::vector<int>(10, 10));
    ASSERT_TRUE(ten_places.has_value());
    room.start(12, mtt(6), Pace::Free, *ten_places);  // two tables of 6; the bubble is at 11
    room.tick(Duration{0});
    room.play(0, {room.seat_of(0, 0)});  // 11 left: hand-for-hand from now
    ASSERT_EQ(room.since<Wait>(0, 0).size(), 1u);
    EXPECT_EQ(room.since<Wait>(0, 0)[0].reason, WaitReason::HandForHand);
    EXPECT_FALSE(room.table(0).hand_to_start());
    auto mark = room.said.size();
    room.play(1);  // table 1 ends its hand: the round starts at both tables
    EXPECT_EQ(room.since<StartHand>(mark).size(), 2u);
    EXPECT_TRUE(room.director->hand_for_hand_round());
    // Two players with 5,000 each bust in the same round at different tables.
    const Table& zero = room.table(0).table();
    SeatIndex untouched = kNoSeat;
    for (SeatIndex s = 0; s < zero.size(); ++s)
        if (zero.occupied(s) && zero.at(s).stack == 5000) untouched = s;
    ASSERT_NE(untouched, kNoSeat);
    const EntrantId a = zero.at(untouched).entrant;
    const EntrantId b = room.table(1).table().at(room.seat_of(1, 2)).entrant;
    mark = room.said.size();
    room.play(0, {untouched});
    EXPECT_EQ(room.since<Wait>(mark, 0).size(), 1u);            // waits for table 1
    EXPECT_EQ(room.director->ranking().placings().size(), 1u);  // not ranked until the round ends
    room.play(1, {room.seat_of(1, 2)});
    std::map<EntrantId, Placing> placed;
    for (const auto& p : room.director->ranking().placings())
        placed[p.entrant] = p;
    ASSERT_TRUE(placed.contains(a) && placed.contains(b));
    EXPECT_EQ(placed[a].place, 10);
    EXPECT_EQ(placed[a].shared, 2);
    EXPECT_EQ(placed[b].place, 10);
    EXPECT_FALSE(room.director->hand_for_hand_round());  // 10 left: in the money, tables play freely
}

// The live case: balancing sends a player to a table that is playing a hand. He stands up at
// once; his seat is named, and he sits, when that table reports the end of its hand.
TEST(Director, rules_6_a_player_moved_to_a_table_in_a_hand_sits_when_its_hand_ends) {
    Room room;
    room.start(18, mtt(6), Pace::Free);  // three tables of 6
    room.tick(Duration{0});
    room.play(2, {room.seat_of(2, 0), room.seat_of(2, 1)});  // table 2: 4 left, and plays on
    ASSERT_TRUE(room.director->floor().table(2).in_hand());
    auto mark = room.said.size();
    room.play(0);  // 6 against 4: table 0 sends its next big blind to table 2
    const auto up = room.since<StandUp>(mark);
    ASSERT_EQ(up.size(), 1u);
    EXPECT_EQ(up[0].table, 0);
    EXPECT_TRUE(room.since<SeatPlayer>(mark).empty());  // table 2 is in a hand
    EXPECT_EQ(room.table(0).table().player_count(), 5);
    EXPECT_EQ(room.director->floor().players(), 16);  // he is nowhere, but not lost
    mark = room.said.size();
    const SeatIndex soonest_after = [&] {
        // What table 2 will name once its hand is over: computed on a copy.
        TournamentTable copy = room.table(2);
        HandSetup setup;
        EXPECT_TRUE(copy.start_hand(setup).has_value());
        std::vector<Chips> same;
        for (const auto& s : setup.seats)
            same.push_back(s.stack);
        EXPECT_TRUE(copy.finish_hand(same).has_value());
        return copy.table().seat_posting_big_blind_soonest();
    }();
    room.play(2);
    const auto sit = room.since<SeatPlayer>(mark);
    ASSERT_EQ(sit.size(), 1u);
    EXPECT_EQ(sit[0].table, 2);
    EXPECT_EQ(sit[0].move, up[0].move);
    EXPECT_EQ(sit[0].player.entrant, up[0].entrant);
    EXPECT_EQ(sit[0].seat, soonest_after);
    EXPECT_EQ(room.table(2).table().at(sit[0].seat).entrant, up[0].entrant);
    EXPECT_EQ(room.table(2).table().player_count(), 5);
}

void shoot_out_stages(Pace pace) {
    Room room;
    auto s = default_structure(TournamentKind::HeadsUp, Variant::Holdem, Betting::NoLimit);
    room.start(4, s, pace);  // two heads-up tables
    room.tick(Duration{0});
    const auto started = room.said.size();
    room.play(0, {room.seat_of(0, 0)});
    EXPECT_TRUE(room.since<OpenTable>(started).empty());  // the stage waits for table 1
    const auto mark = room.said.size();
    room.play(1, {room.seat_of(1, 1)});
    EXPECT_EQ(room.since<CloseTable>(mark).size(), 2u);
    const auto opened = room.since<OpenTable>(mark);
    ASSERT_EQ(opened.size(), 1u);
    ASSERT_EQ(opened[0].players.size(), 2u);
    for (const auto& p : opened[0].players)
        EXPECT_EQ(p.player.stack, s.starting_stack);
    EXPECT_EQ(room.director->stage(), 2);
    room.tick(minutes(1));
    room.play(opened[0].table, {room.seat_of(opened[0].table, 0)});
    ASSERT_TRUE(room.director->finished());
    EXPECT_EQ(room.director->ranking().unranked(), 0);
}

TEST(Director, rules_6_shoot_out_winners_are_drawn_again_with_fresh_stacks) {
    shoot_out_stages(Pace::Rounds);
    shoot_out_stages(Pace::Free);
}

TEST(Director, rules_6_rebuys_and_the_addon_grow_the_pool) {
    Room room;
    auto s = mtt(10);
    s.rebuys.enabled = true;
    s.rebuys.period_levels = 1;
    s.rebuys.price = s.buy_in;
    s.rebuys.addon = true;
    s.rebuys.addon_price = s.buy_in;
    s.rebuys.addon_chips = 5000;
    room.start(20, s, Pace::Free);
    room.tick(Duration{0});
    const SeatIndex loser = room.seat_of(0, 0);
    const EntrantId who = room.table(0).table().at(loser).entrant;
    HandSetup setup;
    room.begin(0, setup);
    room.end(0, setup, {loser});  // re-buys are open: the player keeps the seat, busted
    ASSERT_TRUE(room.table(0).table().at(loser).busted);
    ASSERT_TRUE(room.table(0).buy(loser, Purchase::Rebuy, 5000).has_value());
    room.report(0);
    EXPECT_EQ(room.director->ranking().placings().size(), 0u);
    EXPECT_EQ(room.director->payments()[static_cast<std::size_t>(who)].paid, 2200);
    EXPECT_EQ(room.director->rebuys(), 1);
    room.tick(minutes(15));  // level 2: the re-buy period is over, the add-on is offered
    ASSERT_EQ(room.since<OfferAddOn>(0).size(), 2u);
    ASSERT_TRUE(room.table(1).buy(room.seat_of(1, 0), Purchase::AddOn, 5000).has_value());
    room.report(1);
    EXPECT_EQ(room.director->addons(), 1);
    EXPECT_EQ(room.director->prize_parts(), 22 * 1000);
    EXPECT_EQ(room.director->chips_in_play(), 22 * 5000);
    // A re-buy after the period is refused.
    TableReport late = room.table(1).report();
    late.players[0].player.stack += 5000;
    late.bought.push_back(
        ChipsBought{late.players[0].player.entrant, late.players[0].seat, Purchase::Rebuy, 5000});
    EXPECT_EQ(refusal_of(room.director->on_report(late, room.now, room.rng)), DirectorError::PurchaseRefused);
    // The add-on is once per player.
    TableReport again = room.table(1).report();
    const SeatIndex first = room.seat_of(1, 0);
    for (auto& p : again.players)
        if (p.seat == first) p.player.stack += 5000;
    again.bought.push_back(
        ChipsBought{room.table(1).table().at(first).entrant, first, Purchase::AddOn, 5000});
    EXPECT_EQ(refusal_of(room.director->on_report(again, room.now, room.rng)),
              DirectorError::PurchaseRefused);
}

// A whole tournament played by tables at their own pace: each hand ends at a random table.
// With re-buys, busted players re-buy half the time and half the players take the add-on.
void whole_tournament_at_free_pace(bool rebuys) {
    Room room;
    auto structure = mtt(9);
    if (rebuys) {
        structure.rebuys.enabled = true;
        structure.rebuys.period_levels = 1;
        structure.rebuys.price = structure.buy_in;
        structure.rebuys.addon = true;
        structure.rebuys.addon_price = structure.buy_in;
        structure.rebuys.addon_chips = structure.starting_stack;
    }
    room.start(57, structure, Pace::Free);
    room.tick(Duration{0});
    SeededRandom dice(3);
    std::set<EntrantId> added;
    for (int step = 0; step < 20000 && !room.director->finished(); ++step) {
        std::vector<TableId> playing;
        for (const auto& t : room.tables)
            if (t.open() && t.hand_to_start()) playing.push_back(t.id());
        if (playing.empty()) {
            room.tick(room.now + minutes(1));
            continue;
        }
        const TableId id = playing[dice.uniform_below(playing.size())];
        std::set<SeatIndex> losers;
        const Table& t = room.table(id).table();
        for (SeatIndex s = 0; s < t.size(); ++s)
            if (t.occupied(s) && dice.uniform_below(5) == 0) losers.insert(s);
        if (static_cast<int>(losers.size()) >= t.player_count()) losers.erase(losers.begin());
        TournamentTable& here = room.table(id);
        // An add-on on offer is bought between hands, before the next one starts.
        bool bought = false;
        for (SeatIndex s = 0; s < t.size() && here.addon_offer(); ++s) {
            if (!t.occupied(s) || added.contains(t.at(s).entrant) || dice.uniform_below(2) != 0) continue;
            ASSERT_TRUE(here.buy(s, Purchase::AddOn, *here.addon_offer()).has_value());
            added.insert(t.at(s).entrant);
            bought = true;
        }
        if (bought) room.report(id);
        HandSetup setup;
        room.begin(id, setup);
        room.end(id, setup, losers);
        if (::testing::Test::HasFatalFailure()) return;
        for (SeatIndex s = 0; s < t.size(); ++s) {
            if (!t.occupied(s)) continue;
            if (t.at(s).busted && dice.uniform_below(2) == 0) {
                ASSERT_TRUE(here.buy(s, Purchase::Rebuy, structure.starting_stack).has_value());
            }
            if (here.addon_offer() && !added.contains(t.at(s).entrant) && !t.at(s).busted &&
                dice.uniform_below(2) == 0) {
                ASSERT_TRUE(here.buy(s, Purchase::AddOn, *here.addon_offer()).has_value());
                added.insert(t.at(s).entrant);
            }
        }
        room.report(id);
        if (::testing::Test::HasFatalFailure()) return;
        const Floor& f = room.director->floor();
        Chips at_tables = 0;
        for (const auto& table : room.tables)
            if (table.open()) at_tables += table.table().total_chips();
        Chips in_transit = 0;
        for (int i = 0; i < f.table_count(); ++i)
            if (f.open(i))
                for (const auto& m : f.table(i).arrivals())
                    in_transit += m.player.stack;
        EXPECT_EQ(at_tables + in_transit, room.director->chips_in_play());
        room.tick(room.now + minutes(1));  // levels, the add-on, breaks: all come
    }
    ASSERT_TRUE(room.director->finished());
    EXPECT_EQ(room.director->ranking().placings().size(), 57u);
    const auto won = room.director->prizes_won();
    EXPECT_EQ(std::accumulate(won.begin(), won.end(), Cents{0}), room.director->prize_pool());
    EXPECT_GT(room.director->moves(), 0);
    EXPECT_EQ(room.director->broken(), 6);  // 7 tables of 9 down to the final one
    EXPECT_EQ(room.director->prize_parts(), (57 + room.director->rebuys() + room.director->addons()) * 1000);
    if (rebuys) {
        EXPECT_GT(room.director->rebuys(), 0);
        EXPECT_GT(room.director->addons(), 0);
    }
    // Some moves went to a table in a hand: the seat came later, with the same move number.
    int reserved_moves = 0;
    std::set<std::int64_t> seated;
    for (std::size_t i = 0; i < room.said.size(); ++i) {
        if (const auto* sit = std::get_if<SeatPlayer>(&room.said[i])) seated.insert(sit->move);
        const auto* up = std::get_if<StandUp>(&room.said[i]);
        if (!up) continue;
        const auto* next = i + 1 < room.said.size() ? std::get_if<SeatPlayer>(&room.said[i + 1]) : nullptr;
        if (!next || next->move != up->move) ++reserved_moves;
    }
    EXPECT_GT(reserved_moves, 0);
    EXPECT_EQ(static_cast<std::int64_t>(seated.size()), room.director->moves());  // every move ends seated
}

TEST(Director, rules_6_a_whole_tournament_at_free_pace_ranks_everyone_once_and_pays_the_pool) {
    whole_tournament_at_free_pace(false);
}

TEST(Director, rules_6_a_whole_tournament_at_free_pace_with_rebuys_and_the_addon) {
    whole_tournament_at_free_pace(true);
}

}  // namespace
}  // namespace tavolo::engine

namespace tavolo::engine {
namespace {

// A report that crossed seat changes on their way to its table would undo them: refused, and the
// table's news travel with its next report (the live protocol, engine/tournament/README.md).
TEST(Director, rules_6_a_report_written_before_the_latest_moves_is_refused_and_its_news_kept) {
    Room room;
    room.start(18, mtt(6), Pace::Free);  // three tables of 6
    room.tick(Duration{0});
    room.play(2, {room.seat_of(2, 0), room.seat_of(2, 1)});  // table 2: 4 left
    HandSetup setup;
    room.begin(0, setup);
    room.end(0, setup);
    auto answer = room.director->on_report(room.table(0).report(), room.now, room.rng);
    ASSERT_TRUE(answer.has_value());
    const auto up = std::find_if(answer->begin(), answer->end(),
                                 [](const DirectorMessage& m) { return std::holds_alternative<StandUp>(m); });
    ASSERT_NE(up, answer->end());  // table 0 sends a player to table 2
    const SeatIndex moving = std::get<StandUp>(*up).seat;
    // Before the answer arrives, an operator disqualifies someone else at table 0.
    SeatIndex other = room.seat_of(0, 0) == moving ? room.seat_of(0, 1) : room.seat_of(0, 0);
    const EntrantId dq = room.table(0).table().at(other).entrant;
    ASSERT_TRUE(room.table(0).sanction(Sanction{SanctionKind::Disqualification, other, 0}).has_value());
    TableReport crossing = room.table(0).report();
    auto refused = room.director->on_report(crossing, room.now, room.rng);
    ASSERT_FALSE(refused.has_value());
    EXPECT_EQ(refused.error(), DirectorError::StaleReport);
    room.table(0).unreport(crossing);
    room.deliver(*answer);  // the stand-up (and the next StartHand) reach table 0
    room.report(0);         // the disqualification again, now after the move
    bool ranked = false;
    for (const auto& p : room.director->ranking().placings())
        ranked = ranked || p.entrant == dq;
    EXPECT_TRUE(ranked);
    EXPECT_EQ(room.director->chips_in_play(), 18 * 5000 - 5000);
}

}  // namespace
// §6: a busted player may re-buy until the next hand at his table starts, even when the level that
// ends the re-buy period came while his hand was played; a hand started after the period closes it.
TEST(Director, rules_6_the_rebuy_window_lasts_until_the_next_hand_at_the_table) {
    Room room;
    auto s = mtt(10);
    s.rebuys.enabled = true;
    s.rebuys.period_levels = 1;
    s.rebuys.price = s.buy_in;
    s.rebuys.max_rebuys = 1;
    room.start(20, s, Pace::Free);
    room.tick(Duration{0});
    const SeatIndex loser = room.seat_of(0, 0);
    HandSetup setup;
    room.begin(0, setup);    // started in the re-buy period
    room.tick(minutes(15));  // level 2 while the hand is played: the period is over
    EXPECT_FALSE(room.director->rebuy_period());
    room.end(0, setup, {loser});
    ASSERT_TRUE(room.table(0).table().at(loser).busted);
    ASSERT_TRUE(room.table(0).buy(loser, Purchase::Rebuy, 5000).has_value());
    room.report(0);  // accepted: his window was open
    EXPECT_EQ(room.director->rebuys(), 1);
    EXPECT_EQ(room.director->rebuys_of(room.table(0).table().at(loser).entrant), 1);
    // The next hand there starts after the period: a re-buy after it is refused.
    room.play(0);
    TableReport late = room.table(0).report();
    late.players[0].player.stack += 5000;
    late.bought.push_back(
        ChipsBought{late.players[0].player.entrant, late.players[0].seat, Purchase::Rebuy, 5000});
    EXPECT_EQ(refusal_of(room.director->on_report(late, room.now, room.rng)), DirectorError::PurchaseRefused);
}

}  // namespace tavolo::engine
