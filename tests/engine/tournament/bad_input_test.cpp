// Hostile or bad input at the engine's tournament API is refused with a typed error and changes
// nothing (issue 4 review): unknown ids, sitting twice, negative amounts, fields of 0 or 1.
#include <gtest/gtest.h>

#include "engine/tournament/cancellation.hpp"
#include "engine/tournament/floor.hpp"
#include "engine/tournament/payouts.hpp"
#include "engine/tournament/ranking.hpp"
#include "engine/tournament/refunds.hpp"
#include "engine/tournament/seating.hpp"
#include "engine/tournament/structure.hpp"
#include "tests/engine/tournament/floor_support.hpp"
#include "tests/engine/tournament/table_support.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine {
namespace {

TEST(BadInput, table_refuses_the_empty_seat_marker_as_an_entrant) {
    Table t(6);
    // kNoEntrant would make the seat look empty while counting a player.
    EXPECT_EQ(refusal_of(t.sit(0, kNoEntrant, 1000)), TableError::InvalidEntrant);
    EXPECT_EQ(refusal_of(t.sit(0, -7, 1000)), TableError::InvalidEntrant);
    EXPECT_EQ(t.player_count(), 0);
    EXPECT_FALSE(t.occupied(0));
}

TEST(BadInput, table_refuses_the_same_entrant_sitting_twice) {
    Table t(6);
    ASSERT_TRUE(t.sit(0, 42, 1000).has_value());
    EXPECT_EQ(refusal_of(t.sit(3, 42, 1000)), TableError::AlreadySeated);
    EXPECT_EQ(t.player_count(), 1);
    EXPECT_FALSE(t.occupied(3));
}

TEST(BadInput, table_refuses_a_stack_of_zero_or_less) {
    Table t(6);
    EXPECT_EQ(refusal_of(t.sit(0, 1, 0)), TableError::ChipsNotPositive);
    EXPECT_EQ(refusal_of(t.sit(0, 1, -500)), TableError::ChipsNotPositive);
    EXPECT_EQ(t.player_count(), 0);
}

TEST(BadInput, rules_6_rebuy_of_negative_or_zero_chips_is_refused) {
    Table t(6);
    ASSERT_TRUE(t.sit(0, 1, 1000).has_value());
    EXPECT_EQ(refusal_of(t.add_chips(0, -600)), TableError::ChipsNotPositive);
    EXPECT_EQ(refusal_of(t.add_chips(0, 0)), TableError::ChipsNotPositive);
    EXPECT_EQ(t.at(0).stack, 1000);
}

TEST(BadInput, finish_hand_refuses_negative_stacks_and_chips_from_nowhere) {
    auto t = testing::table_with({0, 1, 2}, 0);
    auto setup = t.start_hand(1, Variant::Holdem, Betting::NoLimit, Stakes{25, 50, 0});
    ASSERT_TRUE(setup.has_value());
    const std::vector<Chips> negative{3100, -100, 0};
    EXPECT_EQ(refusal_of(t.finish_hand(negative)), TableError::NegativeStack);
    const std::vector<Chips> invented{1000, 1000, 1001};
    EXPECT_EQ(refusal_of(t.finish_hand(invented)), TableError::ChipsNotConserved);
    EXPECT_TRUE(t.in_hand());  // nothing changed: the hand is still to be finished
    EXPECT_EQ(t.player_count(), 3);
    const std::vector<Chips> good{3000, 0, 0};
    auto out = t.finish_hand(good);
    ASSERT_TRUE(out.has_value());
    EXPECT_EQ(out->size(), 2u);
}

TEST(BadInput, the_button_cannot_be_redrawn_during_a_hand) {
    auto t = testing::table_with({0, 1, 2}, 0);
    ASSERT_TRUE(t.start_hand(1, Variant::Holdem, Betting::NoLimit, Stakes{25, 50, 0}).has_value());
    EXPECT_EQ(refusal_of(t.set_first_button(1)), TableError::HandInProgress);
    SeededRandom rng(1);
    EXPECT_EQ(refusal_of(t.draw_button(rng)), TableError::HandInProgress);
    EXPECT_EQ(t.button(), 0);
}

// Tables with seats 0..n-1 filled and one hand played (button 0), and the director's view.
testing::FloorOfTables floor_of(std::vector<int> counts) {
    testing::FloorOfTables f(static_cast<int>(counts.size()), 10);
    EntrantId next = 0;
    for (int id = 0; id < static_cast<int>(counts.size()); ++id) {
        for (SeatIndex s = 0; s < counts[static_cast<std::size_t>(id)]; ++s)
            EXPECT_TRUE(f.table(id).sit(s, next++, 1000).has_value());
        EXPECT_TRUE(f.table(id).set_first_button(0).has_value());
        testing::play(f.table(id));
        f.report(id);
    }
    return f;
}

// Ends the hand in play at a table with every stack as it started, and reports.
void finish_and_report(testing::FloorOfTables& f, int id, const HandSetup& setup) {
    std::vector<Chips> stacks;
    for (const auto& s : setup.seats)
        stacks.push_back(s.stack);
    ASSERT_TRUE(f.table(id).finish_hand(stacks).has_value());
    f.report(id);
}

TEST(BadInput, rules_6_breaking_reserves_seats_at_a_receiving_table_in_a_hand) {
    // 6 + 6 + 5 fit two tables: table 2 breaks. Table 0 is mid-hand, so its seats cannot change
    // now: its arrivals leave table 2 and are seated when table 0 reports the end of its hand.
    auto f = floor_of({6, 6, 5});
    auto setup = f.table(0).start_hand(9, Variant::Holdem, Betting::NoLimit, Stakes{25, 50, 0});
    ASSERT_TRUE(setup.has_value());
    f.report(0);
    SeededRandom rng(1);
    auto moves = f.floor.break_table(2, rng);
    ASSERT_TRUE(moves.has_value());
    f.apply(*moves);
    int reserved_at_0 = 0;
    for (const auto& m : *moves) {
        if (m.to_table == 0) {
            EXPECT_TRUE(reserved(m));
            ++reserved_at_0;
        } else {
            EXPECT_FALSE(reserved(m));
        }
    }
    ASSERT_GT(reserved_at_0, 0);
    EXPECT_FALSE(f.floor.open(2));
    EXPECT_EQ(f.floor.players(), 17);  // nobody lost: the reserved players count at table 0
    EXPECT_EQ(f.floor.table(0).player_count(), 6 + reserved_at_0);
    EXPECT_EQ(f.table(0).player_count(), 6);  // its seats did not change during the hand
    finish_and_report(f, 0, *setup);
    std::vector<SeatMove> arrivals;
    f.floor.seat_arrivals(0, rng, arrivals);
    ASSERT_EQ(static_cast<int>(arrivals.size()), reserved_at_0);
    for (const auto& m : arrivals) {
        EXPECT_FALSE(reserved(m));
        ASSERT_TRUE(f.table(0).sit(m.to_seat, m.player).has_value());
    }
    EXPECT_EQ(f.table(0).player_count(), 6 + reserved_at_0);
}

TEST(BadInput, rules_6_breaking_a_table_mid_hand_is_refused) {
    auto f = floor_of({6, 6, 5});
    ASSERT_TRUE(f.table(2).start_hand(9, Variant::Holdem, Betting::NoLimit, Stakes{25, 50, 0}).has_value());
    f.report(2);
    SeededRandom rng(1);
    EXPECT_EQ(refusal_of(f.floor.break_table(2, rng)), FloorError::TableInHand);
    EXPECT_EQ(f.floor.table(2).player_count(), 5);
    EXPECT_EQ(f.floor.players(), 17);
    // After a hand elsewhere the break waits for table 2's own report.
    std::vector<SeatMove> moves;
    EXPECT_TRUE(f.floor.after_hand(1, rng, moves).has_value());
    EXPECT_TRUE(moves.empty());
    EXPECT_TRUE(f.floor.open(2));
}

TEST(BadInput, rules_6_balancing_into_a_table_mid_hand_reserves_the_seat_posting_the_big_blind_soonest) {
    auto f = floor_of({9, 9, 7});
    auto setup = f.table(2).start_hand(9, Variant::Holdem, Betting::NoLimit, Stakes{25, 50, 0});
    ASSERT_TRUE(setup.has_value());
    f.report(2);
    auto r = f.floor.balance_once(0);
    ASSERT_TRUE(r.has_value() && r->has_value());
    EXPECT_TRUE(reserved(**r));
    f.apply({**r});
    EXPECT_EQ(f.table(0).player_count(), 8);
    EXPECT_EQ(f.table(2).player_count(), 7);
    // Its hand over, table 2 names the seat: the one posting the big blind soonest then.
    finish_and_report(f, 2, *setup);
    std::vector<SeatMove> arrivals;
    SeededRandom rng(1);
    f.floor.seat_arrivals(2, rng, arrivals);
    ASSERT_EQ(arrivals.size(), 1u);
    EXPECT_EQ(arrivals[0].to_seat, f.table(2).seat_posting_big_blind_soonest());
    ASSERT_TRUE(f.table(2).sit(arrivals[0].to_seat, arrivals[0].player).has_value());
    EXPECT_EQ(f.table(2).player_count(), 8);
}

TEST(BadInput, rules_6_balancing_out_of_a_table_mid_hand_is_refused) {
    auto f = floor_of({9, 9, 7});
    ASSERT_TRUE(f.table(0).start_hand(9, Variant::Holdem, Betting::NoLimit, Stakes{25, 50, 0}).has_value());
    f.report(0);
    EXPECT_EQ(refusal_of(f.floor.balance_once(0)), FloorError::TableInHand);
    EXPECT_EQ(f.floor.table(0).player_count(), 9);
    EXPECT_EQ(f.floor.table(2).player_count(), 7);
}

TEST(BadInput, floor_refuses_unknown_tables) {
    auto f = floor_of({4, 4});
    SeededRandom rng(1);
    std::vector<SeatMove> moves;
    EXPECT_EQ(refusal_of(f.floor.after_hand(7, rng, moves)), FloorError::UnknownTable);
    EXPECT_EQ(refusal_of(f.floor.after_hand(-1, rng, moves)), FloorError::UnknownTable);
    EXPECT_EQ(refusal_of(f.floor.break_table(5, rng)), FloorError::UnknownTable);
    EXPECT_EQ(refusal_of(f.floor.balance_once(5)), FloorError::UnknownTable);
    EXPECT_FALSE(f.floor.open(99));
}

TEST(BadInput, breaking_the_last_table_is_refused) {
    auto f = floor_of({4});
    SeededRandom rng(1);
    EXPECT_EQ(refusal_of(f.floor.break_table(0, rng)), FloorError::NoRoom);
    EXPECT_EQ(f.floor.players(), 4);
}

TEST(BadInput, rules_6_ranking_refuses_an_entrant_ranked_twice) {
    Ranking r(5);
    const std::vector<Elimination> a{{3, 0, 100, 0}};
    ASSERT_TRUE(r.eliminate_in_hand(a).has_value());
    EXPECT_EQ(refusal_of(r.eliminate_in_hand(a)), RankingError::AlreadyRanked);
    const std::vector<Elimination> twice{{4, 0, 100, 0}, {4, 1, 100, 1}};
    EXPECT_EQ(refusal_of(r.eliminate_in_hand(twice)), RankingError::AlreadyRanked);
    EXPECT_EQ(refusal_of(r.eliminate_in_round({{3, 100, 0, 0}})), RankingError::AlreadyRanked);
    EXPECT_EQ(r.unranked(), 4);
    EXPECT_EQ(r.placings().size(), 1u);
}

TEST(BadInput, rules_6_ranking_refuses_unknown_entrants) {
    const std::vector<EntrantId> roster{10, 11, 12};
    Ranking r(roster);
    const std::vector<Elimination> stranger{{99, 0, 100, 0}};
    EXPECT_EQ(refusal_of(r.eliminate_in_hand(stranger)), RankingError::UnknownEntrant);
    const std::vector<Elimination> empty_seat{{kNoEntrant, 0, 100, 0}};
    EXPECT_EQ(refusal_of(r.eliminate_in_hand(empty_seat)), RankingError::UnknownEntrant);
    EXPECT_EQ(refusal_of(r.crown(99)), RankingError::UnknownEntrant);
    EXPECT_EQ(r.unranked(), 3);
    EXPECT_TRUE(r.placings().empty());
}

TEST(BadInput, rules_6_a_hand_cannot_eliminate_everyone_and_only_the_last_is_crowned) {
    Ranking r(3);
    EXPECT_EQ(refusal_of(r.crown(1)), RankingError::NotTheLast);
    const std::vector<Elimination> all{{1, 0, 100, 0}, {2, 1, 100, 1}, {3, 2, 100, 2}};
    EXPECT_EQ(refusal_of(r.eliminate_in_hand(all)), RankingError::NobodyLeft);
    EXPECT_EQ(r.unranked(), 3);
    const std::vector<Elimination> two{{1, 0, 100, 0}, {2, 1, 100, 1}};
    ASSERT_TRUE(r.eliminate_in_hand(two).has_value());
    ASSERT_TRUE(r.crown(3).has_value());
    EXPECT_EQ(refusal_of(r.crown(3)), RankingError::AlreadyRanked);
}

TEST(BadInput, rules_6_a_field_of_zero_or_one_has_no_payout_table) {
    EXPECT_EQ(refusal_of(payout_table_for(0)), PayoutError::TooFewEntrants);
    EXPECT_EQ(refusal_of(payout_table_for(1)), PayoutError::TooFewEntrants);
    EXPECT_EQ(refusal_of(payout_table_for(-5)), PayoutError::TooFewEntrants);
    EXPECT_EQ(refusal_of(payout_table_for(kMaxEntrants + 1)), PayoutError::TooManyEntrants);
    ASSERT_TRUE(payout_table_for(2).has_value());
}

TEST(BadInput, rules_6_payout_for_300000_entrants_pays_30000_places_exactly) {
    auto t = payout_table_for(300'000);
    ASSERT_TRUE(t.has_value());
    EXPECT_EQ(t->paid_places(), 30'000);
    const Cents pool = 300'000LL * 1000 + 7;
    auto prizes = prizes_for(pool, *t);
    ASSERT_TRUE(prizes.has_value());
    Cents sum = 0;
    for (std::size_t i = 0; i < prizes->size(); ++i) {
        sum += (*prizes)[i];
        if (i > 0) {
            EXPECT_LE((*prizes)[i], (*prizes)[i - 1]);
        }
    }
    EXPECT_EQ(sum, pool);
    EXPECT_GT(prizes->back(), 1000);  // a minimum cash beats the prize part
}

TEST(BadInput, rules_6_payout_percentages_must_be_positive_decreasing_and_sum_to_100) {
    EXPECT_EQ(refusal_of(payout_table_from_percentages({50, 30})), PayoutError::BadPercentages);
    EXPECT_EQ(refusal_of(payout_table_from_percentages({50, 30, 30})), PayoutError::BadPercentages);
    EXPECT_EQ(refusal_of(payout_table_from_percentages({30, 50, 20})), PayoutError::BadPercentages);
    EXPECT_EQ(refusal_of(payout_table_from_percentages({110, -10})), PayoutError::BadPercentages);
    EXPECT_EQ(refusal_of(payout_table_from_percentages({})), PayoutError::BadPercentages);
    EXPECT_EQ(refusal_of(prizes_for(-1, *payout_table_from_percentages({100}))), PayoutError::NegativePool);
}

TEST(BadInput, rules_6_structure_refuses_fewer_than_two_players_and_negative_money) {
    auto s = default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    s.min_players = 1;
    EXPECT_EQ(validate(s), StructureError::TooFewPlayers);
    s.min_players = 0;
    EXPECT_EQ(validate(s), StructureError::TooFewPlayers);
    s.min_players = 10;
    s.max_players = 9;
    EXPECT_EQ(validate(s), StructureError::TooFewPlayers);
    s = default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    s.buy_in = BuyIn{2000, -100};  // total 19.00 EUR, but a negative fee
    EXPECT_EQ(validate(s), StructureError::BuyInOutOfRange);
    s.buy_in = BuyIn{-100, 2000};
    EXPECT_EQ(validate(s), StructureError::BuyInOutOfRange);
    s = default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    s.guarantee = -1;
    EXPECT_EQ(validate(s), StructureError::NegativeGuarantee);
}

TEST(BadInput, rules_6_mtt_with_zero_or_one_registered_is_cancelled) {
    const auto s = default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    EXPECT_EQ(mtt_start(s, 0, true), StartDecision::Cancel);
    EXPECT_EQ(mtt_start(s, 1, true), StartDecision::Cancel);
    EXPECT_EQ(mtt_start(s, 2, true), StartDecision::Start);
}

RefundCase two_remaining() {
    RefundCase c;
    c.kind = TournamentKind::ScheduledMtt;
    c.prizes = {700, 300};
    c.entrants = {{1, 1100, 1000, true, 5000, 0, 0, 0, false},
                  {2, 1100, 1000, true, 5000, 0, 1, 0, false},
                  {3, 1100, 1000, false, 0, 0, 0, 0, false}};
    return c;
}

TEST(BadInput, rules_7_refunds_refuse_duplicate_unknown_or_negative_input) {
    ASSERT_TRUE(plan_refunds(two_remaining()).has_value());
    auto dup = two_remaining();
    dup.entrants[2].entrant = 1;
    EXPECT_EQ(refusal_of(plan_refunds(dup)), RefundError::DuplicateEntrant);
    auto unknown = two_remaining();
    unknown.entrants[1].entrant = kNoEntrant;
    EXPECT_EQ(refusal_of(plan_refunds(unknown)), RefundError::UnknownEntrant);
    auto negative_prize = two_remaining();
    negative_prize.prizes[1] = -300;
    EXPECT_EQ(refusal_of(plan_refunds(negative_prize)), RefundError::NegativeAmount);
    auto negative_guarantee = two_remaining();
    negative_guarantee.guarantee = -5;
    EXPECT_EQ(refusal_of(plan_refunds(negative_guarantee)), RefundError::NegativeAmount);
    auto negative_paid = two_remaining();
    negative_paid.entrants[0].paid = -1;
    EXPECT_EQ(refusal_of(plan_refunds(negative_paid)), RefundError::NegativeAmount);
}

TEST(BadInput, rules_7_cancellation_refuses_an_entrant_without_payments) {
    testing::FloorOfTables f(1, 10);
    ASSERT_TRUE(f.table(0).sit(0, 0, 5000).has_value());
    ASSERT_TRUE(f.table(0).sit(1, 5, 5000).has_value());  // no payments entry for id 5
    f.report(0);
    const Floor& floor = f.floor;
    Ranking ranking(2);
    std::vector<EntrantPayments> payments(2, EntrantPayments{1100, 1000});
    CancellationTerms terms;
    terms.prizes = {2000};
    EXPECT_EQ(refusal_of(cancellation_case(terms, floor, ranking, payments)), RefundError::UnknownEntrant);
}

TEST(BadInput, rules_6_seat_draw_refuses_an_entrant_listed_twice_and_bad_table_sizes) {
    SeededRandom rng(3);
    const std::vector<EntrantId> twice{1, 2, 3, 2};
    EXPECT_EQ(refusal_of(draw_seating(twice, 10, rng)), SeatingError::DuplicateEntrant);
    const std::vector<EntrantId> negative{1, -4};
    EXPECT_EQ(refusal_of(draw_seating(negative, 10, rng)), SeatingError::InvalidEntrant);
    const std::vector<EntrantId> fine{1, 2, 3};
    EXPECT_EQ(refusal_of(draw_seating(fine, 0, rng)), SeatingError::TableSizeOutOfRange);
    EXPECT_EQ(refusal_of(draw_seating(fine, 11, rng)), SeatingError::TableSizeOutOfRange);
    ASSERT_TRUE(draw_seating(fine, 2, rng).has_value());
    EXPECT_EQ(draw_seating(fine, 2, rng)->size(), 2u);
}

}  // namespace
}  // namespace tavolo::engine
