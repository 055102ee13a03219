// RULES.md §6: late registration and re-entry. TournamentDirector::add_entrant seats one more entry
// during late registration (engine/tournament/late_entry.cpp), with real tables (TournamentTable)
// applying what the director says.
#include <gtest/gtest.h>

#include <chrono>
#include <numeric>
#include <set>

#include "tests/engine/tournament/director_room.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine {
namespace {

using std::chrono::minutes;
using test::mtt;
using test::Room;

TournamentStructure late_mtt(int table_size, int levels = 2) {
    TournamentStructure s = mtt(table_size);
    s.late_registration = true;
    s.late_registration_levels = levels;
    s.level_duration = minutes(10);
    s.breaks = false;
    return s;
}

TEST(LateRegistration, rules_6_a_late_entrant_sits_at_a_smallest_table_and_grows_the_pool) {
    Room room;
    room.start(13, late_mtt(10), Pace::Free);  // tables of 7 and 6
    room.tick(Duration{0});
    room.play(0);
    room.play(1);  // both tables between hands, then started again: play them out
    const TableId smallest =
        room.table(0).table().player_count() < room.table(1).table().player_count() ? 0 : 1;
    const Cents pool = room.director->prize_pool();
    const Chips chips = room.director->chips_in_play();
    ASSERT_TRUE(room.director->late_registration_open());

    // Both tables are in a hand now: the entrant is reserved at the smallest, seated at its report.
    const auto mark = room.said.size();
    auto answer = room.director->add_entrant(13, room.rng);
    ASSERT_TRUE(answer.has_value()) << to_string(answer.error());
    room.deliver(*answer);
    EXPECT_TRUE(room.since<SeatPlayer>(mark).empty());
    EXPECT_EQ(room.director->floor().table(smallest).player_count(), 7);
    room.play(smallest);
    const auto sat = room.since<SeatPlayer>(mark);
    ASSERT_EQ(sat.size(), 1u);
    EXPECT_EQ(sat[0].table, smallest);
    EXPECT_EQ(sat[0].player.entrant, 13);
    EXPECT_EQ(sat[0].player.stack, 5000);  // the starting stack
    EXPECT_EQ(room.table(smallest).table().at(sat[0].seat).entrant, 13);

    EXPECT_EQ(room.director->entrants(), 14);
    EXPECT_EQ(room.director->remaining(), 14);
    EXPECT_EQ(room.director->prize_pool(), pool + 1000);  // the buy-in's prize part
    EXPECT_EQ(room.director->chips_in_play(), chips + 5000);
    EXPECT_EQ(room.director->payments()[13].paid, 1100);
    EXPECT_EQ(room.director->payout_table().paid_places(), default_payout_table(14).paid_places());
}

TEST(LateRegistration, rules_6_a_late_entrant_between_hands_sits_at_once_and_plays_the_next_hand) {
    Room room;
    room.start(3, late_mtt(6), Pace::Free);
    // Before the first tick, the table has not started: the entrant sits at once.
    const auto mark = room.said.size();
    auto answer = room.director->add_entrant(3, room.rng);
    ASSERT_TRUE(answer.has_value());
    room.deliver(*answer);
    const auto sat = room.since<SeatPlayer>(mark);
    ASSERT_EQ(sat.size(), 1u);
    EXPECT_EQ(room.table(0).table().player_count(), 4);
    room.tick(Duration{0});
    room.play(0);  // the table's report (four players) is accepted: the books agree
    EXPECT_EQ(room.director->floor().players(), 4);
}

TEST(LateRegistration, rules_6_late_registration_closes_after_its_levels) {
    Room room;
    room.start(4, late_mtt(6, 2), Pace::Free);
    room.tick(minutes(19));  // level 2
    EXPECT_TRUE(room.director->late_registration_open());
    room.tick(minutes(20));  // level 3: closed
    EXPECT_FALSE(room.director->late_registration_open());
    const Cents pool = room.director->prize_pool();
    EXPECT_EQ(refusal_of(room.director->add_entrant(4, room.rng)), DirectorError::LateRegistrationClosed);
    EXPECT_EQ(room.director->entrants(), 4);
    EXPECT_EQ(room.director->prize_pool(), pool);

    Room none;  // a structure without late registration never takes one
    none.start(4, mtt(6), Pace::Free);
    EXPECT_FALSE(none.director->late_registration_open());
    EXPECT_EQ(refusal_of(none.director->add_entrant(4, none.rng)), DirectorError::LateRegistrationClosed);
}

TEST(LateRegistration, rules_6_an_entry_already_in_the_tournament_is_refused) {
    Room room;
    room.start(4, late_mtt(6), Pace::Free);
    EXPECT_EQ(refusal_of(room.director->add_entrant(2, room.rng)), DirectorError::InvalidEntrant);
    EXPECT_EQ(refusal_of(room.director->add_entrant(-1, room.rng)), DirectorError::InvalidEntrant);
    ASSERT_TRUE(room.director->add_entrant(9, room.rng).has_value());  // ids need not follow each other
    EXPECT_EQ(refusal_of(room.director->add_entrant(9, room.rng)), DirectorError::InvalidEntrant);
    EXPECT_EQ(room.director->entrants(), 5);
}

TEST(LateRegistration, rules_6_a_late_entrant_outlasts_those_already_eliminated) {
    Room room;
    room.start(6, late_mtt(6), Pace::Free);
    room.tick(Duration{0});
    room.play(0, {room.seat_of(0, 0)});  // one out: 6th of 6
    ASSERT_EQ(room.director->ranking().placings().size(), 1u);
    EXPECT_EQ(room.director->ranking().placings()[0].place, 6);
    ASSERT_TRUE(room.director->add_entrant(6, room.rng).has_value());
    EXPECT_EQ(room.director->ranking().placings()[0].place, 7);  // now 7th of 7
    EXPECT_EQ(room.director->remaining(), 6);
}

TEST(LateRegistration, rules_6_when_every_table_is_full_a_late_entrant_opens_a_table_that_balancing_fills) {
    Room room;
    room.start(6, late_mtt(6), Pace::Free);  // one full table
    room.tick(Duration{0});
    const auto mark = room.said.size();
    auto answer = room.director->add_entrant(6, room.rng);
    ASSERT_TRUE(answer.has_value());
    room.deliver(*answer);
    const auto opened = room.since<OpenTable>(mark);
    ASSERT_EQ(opened.size(), 1u);
    EXPECT_EQ(opened[0].table, 1);
    ASSERT_EQ(opened[0].players.size(), 1u);
    EXPECT_EQ(room.since<SetLevel>(mark, 1).size(), 1u);
    EXPECT_EQ(room.table(1).table().player_count(), 1);
    // After table 0's hand, balancing sends players until the tables are within one: 4 and 3.
    room.play(0);
    EXPECT_EQ(room.table(0).table().player_count(), 4);
    EXPECT_EQ(room.table(1).table().player_count(), 3);
    EXPECT_NE(room.table(1).table().button(), kNoSeat);  // drawn when a second player sat down
    ASSERT_FALSE(room.since<StartHand>(mark, 1).empty());
    room.play(1);
    EXPECT_EQ(room.director->floor().players(), 7);
}

TEST(LateRegistration, rules_6_reentry_is_a_new_entry_and_payouts_count_players) {
    Room room;
    auto s = late_mtt(6);
    room.start(20, s, Pace::Free);
    room.tick(Duration{0});
    EXPECT_EQ(refusal_of(room.director->add_entrant(20, room.rng, /*reentry*/ true)),
              DirectorError::LateRegistrationClosed);  // this structure has no re-entry

    Room again;
    s.reentry = true;
    again.start(20, s, Pace::Free);
    again.tick(Duration{0});
    const int places = again.director->payout_table().paid_places();
    ASSERT_TRUE(again.director->add_entrant(20, again.rng, /*reentry*/ true).has_value());
    EXPECT_EQ(again.director->entrants(), 21);  // entries
    EXPECT_EQ(again.director->reentries(), 1);
    EXPECT_EQ(again.director->payout_table().paid_places(), places);  // still 20 players
    EXPECT_EQ(again.director->prize_pool(), 21 * 1000);               // every entry's prize part
}

// A whole tournament where entrants keep arriving during late registration: every entry ranked
// once, the prizes add up to the pool of every buy-in, late ones included.
TEST(LateRegistration, rules_6_a_whole_tournament_with_late_entrants_ranks_everyone_and_pays_the_pool) {
    Room room;
    room.start(11, late_mtt(6, 3), Pace::Free);
    room.tick(Duration{0});
    SeededRandom dice(5);
    EntrantId next = 11;
    for (int step = 0; step < 20000 && !room.director->finished(); ++step) {
        if (room.director->late_registration_open() && dice.uniform_below(3) == 0) {
            auto answer = room.director->add_entrant(next++, room.rng);
            ASSERT_TRUE(answer.has_value()) << to_string(answer.error());
            room.deliver(*answer);
            if (::testing::Test::HasFatalFailure()) return;
        }
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
            if (t.occupied(s) && dice.uniform_below(6) == 0) losers.insert(s);
        if (static_cast<int>(losers.size()) >= t.player_count()) losers.erase(losers.begin());
        room.play(id, losers);
        if (::testing::Test::HasFatalFailure()) return;
        room.tick(room.now + minutes(1));
    }
    ASSERT_TRUE(room.director->finished());
    EXPECT_GT(next, 14);  // entrants did arrive late
    EXPECT_EQ(room.director->entrants(), next);
    EXPECT_EQ(room.director->ranking().placings().size(), static_cast<std::size_t>(next));
    std::set<int> places;
    for (const auto& p : room.director->ranking().placings())
        places.insert(p.place);
    EXPECT_EQ(places.size(), static_cast<std::size_t>(next));
    EXPECT_EQ(*places.begin(), 1);
    EXPECT_EQ(*places.rbegin(), next);
    const auto won = room.director->prizes_won();
    EXPECT_EQ(std::accumulate(won.begin(), won.end(), Cents{0}), room.director->prize_pool());
    EXPECT_EQ(room.director->prize_pool(), Cents{next} * 1000);
}

}  // namespace
}  // namespace tavolo::engine
