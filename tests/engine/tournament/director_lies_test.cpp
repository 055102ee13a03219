// RULES.md §6, issue 9 item 1: reports that lie to the director. The director trusts no table: a
// report that loses a player, closes a hand it never started, or closes the same hand twice is
// refused and changes nothing.
#include <gtest/gtest.h>

#include "tests/engine/tournament/director_room.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine {
namespace {

using test::mtt;
using test::Room;

// A report is what the table is: a player the books seat there is still seated, or eliminated, or
// disqualified. One who silently vanishes (his chips handed to another, so the sum still holds)
// would never be ranked and the tournament would never end.
TEST(DirectorLies, rules_6_a_report_that_loses_a_player_is_refused) {
    Room room;
    room.start(20, mtt(10), Pace::Free);
    room.tick(Duration{0});
    HandSetup setup;
    room.begin(0, setup);
    room.end(0, setup);
    TableReport report = room.table(0).report();
    TableReport vanished = report;
    const ReportedSeat gone = vanished.players.back();
    vanished.players.pop_back();
    vanished.players[0].player.stack += gone.player.stack;
    vanished.empty_seats.push_back(gone.seat);
    const int players = room.director->floor().players();
    auto refused = room.director->on_report(vanished, room.now, room.rng);
    ASSERT_FALSE(refused.has_value());
    EXPECT_EQ(refused.error(), DirectorError::UnknownPlayer);
    EXPECT_EQ(room.director->floor().players(), players);
    EXPECT_EQ(room.director->tables_in_hand(), 2);  // table 0 still counts as playing its hand
    EXPECT_TRUE(room.director->on_report(report, room.now, room.rng).has_value());  // the truth is taken
}

// A table deals only when told: a report closing a hand the director did not start there (a
// table that dealt on its own, or a hand number from another table) is refused.
TEST(DirectorLies, rules_6_a_report_closing_a_hand_the_director_did_not_start_is_refused) {
    Room room;
    room.start(20, mtt(10), Pace::Free);
    room.tick(Duration{0});
    HandSetup setup;
    room.begin(0, setup);
    room.end(0, setup);
    TableReport report = room.table(0).report();
    ASSERT_NE(report.finished_hand, 0);
    TableReport other = report;
    other.finished_hand += 1;  // table 1's hand
    auto refused = room.director->on_report(other, room.now, room.rng);
    ASSERT_FALSE(refused.has_value());
    EXPECT_EQ(refused.error(), DirectorError::UnknownHand);
    EXPECT_EQ(room.director->tables_in_hand(), 2);
    EXPECT_TRUE(room.director->on_report(report, room.now, room.rng).has_value());
}

// A message delivered twice: the same report of a finished hand again. Taken twice, it would
// count the table idle twice and start it on a hand it never reported; hand-for-hand it would
// end a round the other tables are still playing.
TEST(DirectorLies, rules_6_the_same_hand_reported_twice_is_refused_the_second_time) {
    Room room;
    room.start(20, mtt(10), Pace::Rounds);
    room.tick(Duration{0});
    HandSetup setup;
    room.begin(0, setup);
    room.end(0, setup);
    const TableReport report = room.table(0).report();
    ASSERT_TRUE(room.director->on_report(report, room.now, room.rng).has_value());
    EXPECT_EQ(room.director->tables_in_hand(), 1);
    auto again = room.director->on_report(report, room.now, room.rng);
    ASSERT_FALSE(again.has_value());
    EXPECT_EQ(again.error(), DirectorError::UnknownHand);
    EXPECT_EQ(room.director->tables_in_hand(), 1);  // table 1 still plays its hand of the round
}

// RULES.md §6: re-buys are per player and at most max_rebuys (when not unlimited). A table that
// sells one more is refused, however it accounts for the chips.
TEST(DirectorLies, rules_6_a_rebuy_past_the_players_limit_is_refused) {
    TournamentStructure s = mtt(10);
    s.rebuys.enabled = true;
    s.rebuys.period_levels = 4;
    s.rebuys.max_rebuys = 1;
    s.rebuys.price = s.buy_in;
    Room room;
    room.start(20, s, Pace::Free);
    auto rebuy = [&](TableReport r) {
        r.players[0].player.stack += s.starting_stack;
        r.bought.push_back(
            ChipsBought{r.players[0].player.entrant, r.players[0].seat, Purchase::Rebuy, s.starting_stack});
        return r;
    };
    const TableReport first = rebuy(room.table(0).report());
    ASSERT_TRUE(room.director->on_report(first, room.now, room.rng).has_value());
    EXPECT_EQ(room.director->rebuys(), 1);
    TableReport second = rebuy(first);
    second.bought.erase(second.bought.begin());  // news since the first report: the second re-buy only
    auto refused = room.director->on_report(second, room.now, room.rng);
    ASSERT_FALSE(refused.has_value());
    EXPECT_EQ(refused.error(), DirectorError::PurchaseRefused);
    EXPECT_EQ(room.director->rebuys(), 1);
    EXPECT_EQ(room.director->prize_parts(), 21 * s.buy_in.prize_part);
}

// The engine's limit (types.hpp): each purchase is bounded by the structure, but unlimited re-buys
// are not, so the director refuses the re-buy that would take the tournament's chips past
// kMaxTotalChips, and its books stay as they were.
TEST(DirectorLies, limits_a_rebuy_past_the_tournaments_chip_limit_is_refused) {
    TournamentStructure s = mtt(10);
    s.max_players = 20;
    s.rebuys.enabled = true;
    s.rebuys.period_levels = 4;
    s.rebuys.max_rebuys = 0;  // unlimited
    s.rebuys.price = s.buy_in;
    s.starting_stack = kMaxTotalChips / 40;  // the field's stacks, doubled by a re-buy each: the limit
    ASSERT_EQ(validate(s), std::nullopt);
    Room room;
    room.start(20, s, Pace::Free);
    TableReport last = room.table(0).report();
    int accepted = 0;
    for (int i = 0; i < 30; ++i) {
        TableReport next = last;
        next.players[0].player.stack += s.starting_stack;
        next.bought = {ChipsBought{next.players[0].player.entrant, next.players[0].seat, Purchase::Rebuy,
                                   s.starting_stack}};
        auto answer = room.director->on_report(next, room.now, room.rng);
        if (!answer.has_value()) {
            EXPECT_EQ(answer.error(), DirectorError::PurchaseRefused);
            break;
        }
        last = next;
        ++accepted;
    }
    EXPECT_EQ(accepted, 20) << "20 starting stacks and 20 re-buys of limit/40 fit; one more does not";
    EXPECT_EQ(room.director->chips_in_play(), 40 * s.starting_stack);
    EXPECT_LE(room.director->chips_in_play(), kMaxTotalChips);
}

// Only a hand moves chips between players: a report of a change between hands (finished_hand 0)
// whose stacks moved from one player to another, the sum kept, is refused.
TEST(DirectorLies, rules_6_chips_that_move_between_players_without_a_hand_are_refused) {
    Room room;
    room.start(20, mtt(10), Pace::Free);
    TableReport report = room.table(0).report();
    ASSERT_EQ(report.finished_hand, 0);
    TableReport shifted = report;
    shifted.players[0].player.stack -= 1000;
    shifted.players[1].player.stack += 1000;
    auto refused = room.director->on_report(shifted, room.now, room.rng);
    ASSERT_FALSE(refused.has_value());
    EXPECT_EQ(refused.error(), DirectorError::ChipsNotConserved);
    EXPECT_EQ(room.director->floor().table(0).at(report.players[0].seat).stack, 5000);
    EXPECT_TRUE(room.director->on_report(report, room.now, room.rng).has_value());
}

// The button and the seat the big blind advances from index the director's view of the table: a
// seat outside the table (or a button on an empty seat) is refused before it is used.
TEST(DirectorLies, rules_6_a_button_or_big_blind_anchor_outside_the_table_is_refused) {
    Room room;
    room.start(20, mtt(10), Pace::Free);
    const TableReport report = room.table(0).report();
    for (SeatIndex bad : {SeatIndex{-5}, SeatIndex{10}, SeatIndex{42}}) {
        TableReport anchor = report;
        anchor.big_blind_after = bad;
        EXPECT_EQ(refusal_of(room.director->on_report(anchor, room.now, room.rng)), DirectorError::BadSeat)
            << "big_blind_after " << bad;
        TableReport button = report;
        button.button = bad;
        EXPECT_EQ(refusal_of(room.director->on_report(button, room.now, room.rng)), DirectorError::BadSeat)
            << "button " << bad;
    }
    EXPECT_TRUE(room.director->on_report(report, room.now, room.rng).has_value());
}

}  // namespace
}  // namespace tavolo::engine
