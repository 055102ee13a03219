// Re-buys at a live table (RULES.md §6; TableCore "re-buys and the add-on", the add-on in
// table_core_addon_test.cpp), driven directly: no sockets, no sleeps, time is an input. A hand's end opens
// its settlement; busted players in the re-buy window are offered a re-buy and the hand's report
// waits for them; each purchase is paid (PayForChips, then on_paid) and added before the report, so
// it travels with the report of the hand after which it was made.
#include <gtest/gtest.h>

#include "tests/server/table_purchases_support.hpp"

namespace tavolo::server::table {
namespace {

using namespace std::chrono_literals;
using engine::Chips;
using engine::Purchase;
using engine::SeatIndex;
using testing::all_of;
using testing::bust;
using testing::Busted;
using testing::eliminates;
using testing::entrant_at;
using testing::expect_refused;
using testing::kAddOnChips;
using testing::kStartingStack;
using testing::PurchaseTable;
using testing::rebuy_terms;
using testing::seat_in;
using testing::views_show;

// ---- a busted player in the re-buy window ----

TEST(TablePurchases, rules_6_a_busted_player_in_the_rebuy_window_is_offered_a_rebuy_and_the_report_waits) {
    Busted b = bust(2, 1);
    ASSERT_TRUE(b.table);
    const SeatIndex busted = b.seats[0];
    const auto offers = all_of<PurchaseOffer>(b.effects);
    ASSERT_EQ(offers.size(), 1u) << "the busted player only: the winner is not offered a re-buy";
    EXPECT_EQ(offers[0].seat, busted);
    EXPECT_EQ(offers[0].entrant, entrant_at(busted));
    EXPECT_EQ(offers[0].kind, Purchase::Rebuy);
    EXPECT_EQ(offers[0].chips, kStartingStack);
    EXPECT_EQ(offers[0].price.total(), 1100);
    EXPECT_EQ(offers[0].answer_within, 15s);
    EXPECT_TRUE(offers[0].busted);
    const auto timers = all_of<ArmPurchaseTimer>(b.effects);
    ASSERT_EQ(timers.size(), 1u);
    EXPECT_EQ(timers[0].at, b.table->t.now + 15s);
    EXPECT_EQ(all_of<ShuffleRevealed>(b.effects).size(), 1u) << "the hand itself is over and revealed";
    EXPECT_TRUE(all_of<HandFinished>(b.effects).empty()) << "the report waits for his answer";
    EXPECT_TRUE(b.table->t.core.settling());
    // He keeps his seat, with no chips, while he decides.
    const auto& seat = b.table->t.core.table().table().at(busted);
    EXPECT_EQ(seat.entrant, entrant_at(busted));
    EXPECT_TRUE(seat.busted);
}

TEST(TablePurchases, rules_6_a_paid_rebuy_adds_the_chips_and_travels_with_the_hands_report) {
    Busted b = bust(2, 1);
    ASSERT_TRUE(b.table);
    PurchaseTable& t = *b.table;
    const SeatIndex busted = b.seats[0];
    const Effects asked = t.buy(busted, Purchase::Rebuy);
    const auto pay = all_of<PayForChips>(asked);
    ASSERT_EQ(pay.size(), 1u);
    EXPECT_EQ(pay[0].seat, busted);
    EXPECT_EQ(pay[0].entrant, entrant_at(busted));
    EXPECT_EQ(pay[0].kind, Purchase::Rebuy);
    EXPECT_EQ(pay[0].chips, kStartingStack);
    EXPECT_EQ(pay[0].price.prize_part, 1000);
    EXPECT_EQ(pay[0].price.fee, 100);
    EXPECT_EQ(pay[0].after_hand, 1);
    EXPECT_TRUE(all_of<HandFinished>(asked).empty()) << "the report waits for the payment";
    EXPECT_TRUE(all_of<ChipsAdded>(asked).empty()) << "no chips before the money";
    EXPECT_EQ(t.stack(busted), 0);

    const Effects paid = t.t.core.on_paid(pay[0], true, t.t.now);
    const auto added = all_of<ChipsAdded>(paid);
    ASSERT_EQ(added.size(), 1u);
    EXPECT_EQ(added[0].seat, busted);
    EXPECT_EQ(added[0].entrant, entrant_at(busted));
    EXPECT_EQ(added[0].kind, Purchase::Rebuy);
    EXPECT_EQ(added[0].chips, kStartingStack);
    EXPECT_FALSE(all_of<TableViews>(paid).empty()) << "every viewer gets a fresh view";
    EXPECT_TRUE(all_of<PayBack>(paid).empty());
    const auto done = all_of<HandFinished>(paid);
    ASSERT_EQ(done.size(), 1u);
    EXPECT_EQ(done[0].report.finished_hand, 1);
    EXPECT_TRUE(done[0].report.eliminated.empty());
    ASSERT_EQ(done[0].report.bought.size(), 1u);
    EXPECT_EQ(done[0].report.bought[0].entrant, entrant_at(busted));
    EXPECT_EQ(done[0].report.bought[0].seat, busted);
    EXPECT_EQ(done[0].report.bought[0].kind, Purchase::Rebuy);
    EXPECT_EQ(done[0].report.bought[0].chips, kStartingStack);
    EXPECT_EQ(done[0].record.hand, 1);
    const engine::SeatState* recorded = seat_in(done[0].record.state, busted);
    ASSERT_NE(recorded, nullptr) << "the record keeps him seated";
    EXPECT_EQ(recorded->player.entrant, entrant_at(busted));
    EXPECT_EQ(recorded->player.stack, kStartingStack);
    EXPECT_FALSE(recorded->player.busted);
    EXPECT_FALSE(t.t.core.settling());
    EXPECT_EQ(t.stack(busted), kStartingStack);
    t.start(2);  // the table plays on with him
    EXPECT_TRUE(t.t.core.in_hand());
}

// Between hands the views show the table's stacks: a purchase's chips are seen at once, by the
// players, the observers and anyone who joins or reconnects.
TEST(TablePurchases, rules_6_the_views_after_a_rebuy_show_the_chips_bought) {
    Busted b = bust(2, 1);
    ASSERT_TRUE(b.table);
    PurchaseTable& t = *b.table;
    const SeatIndex busted = b.seats[0];
    const auto pay = all_of<PayForChips>(t.buy(busted, Purchase::Rebuy));
    ASSERT_EQ(pay.size(), 1u);
    const Effects paid = t.t.core.on_paid(pay[0], true, t.t.now);
    ASSERT_EQ(t.stack(busted), kStartingStack);
    EXPECT_TRUE(views_show(paid, busted, kStartingStack, entrant_at(busted)));
    for (SeatIndex viewer : {testing::kObserver, busted, b.winner})
        EXPECT_EQ(t.t.core.snapshot_for(testing::viewer_of(viewer), t.t.now)
                      .view.seats[static_cast<std::size_t>(busted)]
                      .stack,
                  kStartingStack)
            << "the snapshot for viewer " << viewer;
}

TEST(TablePurchases, rules_6_a_busted_player_who_declines_is_eliminated_at_once) {
    Busted b = bust(2, 1);
    ASSERT_TRUE(b.table);
    PurchaseTable& t = *b.table;
    const SeatIndex busted = b.seats[0];
    const Effects declined = t.decline(busted);
    EXPECT_TRUE(all_of<PayForChips>(declined).empty());
    const auto done = all_of<HandFinished>(declined);
    ASSERT_EQ(done.size(), 1u);
    ASSERT_EQ(done[0].report.eliminated.size(), 1u);
    EXPECT_EQ(done[0].report.eliminated[0].entrant, entrant_at(busted));
    EXPECT_TRUE(done[0].report.bought.empty());
    EXPECT_EQ(seat_in(done[0].record.state, busted), nullptr) << "he left the table before its record";
    EXPECT_TRUE(views_show(declined, busted, 0, engine::kNoEntrant)) << "every viewer sees the seat empty";
    EXPECT_FALSE(t.t.core.settling());
    // Gone: a re-buy asked now names a seat he no longer holds.
    const auto late = all_of<Refused>(t.buy(busted, Purchase::Rebuy));
    ASSERT_EQ(late.size(), 1u);
    EXPECT_EQ(late[0].refusal, Refusal::WrongSeat);
}

TEST(TablePurchases, rules_6_a_busted_player_who_does_not_answer_is_eliminated_at_the_deadline) {
    Busted b = bust(2, 1);
    ASSERT_TRUE(b.table);
    PurchaseTable& t = *b.table;
    const SeatIndex busted = b.seats[0];
    const Millis deadline = all_of<ArmPurchaseTimer>(b.effects).at(0).at;
    // A timer that fires early (re-armed late) changes nothing and arms the real deadline again.
    const Effects early = t.t.core.on_purchase_deadline(deadline - 1ms);
    ASSERT_EQ(early.size(), 1u);
    const auto rearmed = all_of<ArmPurchaseTimer>(early);
    ASSERT_EQ(rearmed.size(), 1u);
    EXPECT_EQ(rearmed[0].at, deadline);
    EXPECT_TRUE(t.t.core.settling());
    const Effects at = t.t.core.on_purchase_deadline(deadline);
    const auto done = all_of<HandFinished>(at);
    ASSERT_EQ(done.size(), 1u);
    EXPECT_TRUE(eliminates(done[0], entrant_at(busted)));
    EXPECT_TRUE(done[0].report.bought.empty());
    EXPECT_FALSE(t.t.core.settling());
    EXPECT_TRUE(all_of<HandFinished>(t.t.core.on_purchase_deadline(deadline + 1s)).empty())
        << "a second firing after the settlement is stale";
}

TEST(TablePurchases, rules_6_a_deadline_passed_late_eliminates_him_too) {
    Busted b = bust(2, 1);
    ASSERT_TRUE(b.table);
    const Millis deadline = all_of<ArmPurchaseTimer>(b.effects).at(0).at;
    const auto done = all_of<HandFinished>(b.table->t.core.on_purchase_deadline(deadline + 3s));
    ASSERT_EQ(done.size(), 1u);
    EXPECT_TRUE(eliminates(done[0], entrant_at(b.seats[0])));
}

// His answer came in time: the deadline does not cut off the payment under way.
TEST(TablePurchases, rules_6_the_deadline_waits_for_a_payment_under_way) {
    Busted b = bust(2, 1);
    ASSERT_TRUE(b.table);
    PurchaseTable& t = *b.table;
    const SeatIndex busted = b.seats[0];
    const Millis deadline = all_of<ArmPurchaseTimer>(b.effects).at(0).at;
    const auto pay = all_of<PayForChips>(t.buy(busted, Purchase::Rebuy));
    ASSERT_EQ(pay.size(), 1u);
    EXPECT_TRUE(all_of<HandFinished>(t.t.core.on_purchase_deadline(deadline)).empty());
    EXPECT_TRUE(t.t.core.settling());
    const auto done = all_of<HandFinished>(t.t.core.on_paid(pay[0], true, deadline + 1s));
    ASSERT_EQ(done.size(), 1u);
    EXPECT_TRUE(done[0].report.eliminated.empty());
    ASSERT_EQ(done[0].report.bought.size(), 1u);
}

// Whatever a failed payment does to the settlement, it adds nothing: no chips, nothing in the report,
// and the busted player is eliminated (at the latest at the deadline).
TEST(TablePurchases, rules_6_a_failed_rebuy_payment_adds_no_chips) {
    Busted b = bust(2, 1);
    ASSERT_TRUE(b.table);
    PurchaseTable& t = *b.table;
    const SeatIndex busted = b.seats[0];
    const Millis deadline = all_of<ArmPurchaseTimer>(b.effects).at(0).at;
    const auto pay = all_of<PayForChips>(t.buy(busted, Purchase::Rebuy));
    ASSERT_EQ(pay.size(), 1u);
    Effects all = t.t.core.on_paid(pay[0], false, t.t.now);
    EXPECT_TRUE(all_of<ChipsAdded>(all).empty());
    EXPECT_TRUE(all_of<PayBack>(all).empty()) << "nothing was paid: nothing to pay back";
    if (t.t.core.settling()) {
        const Effects at = t.t.core.on_purchase_deadline(deadline);
        all.insert(all.end(), at.begin(), at.end());
    }
    const auto done = all_of<HandFinished>(all);
    ASSERT_EQ(done.size(), 1u);
    EXPECT_TRUE(done[0].report.bought.empty());
    EXPECT_TRUE(eliminates(done[0], entrant_at(busted)));
}

// A re-buy whose payment fails (nothing was paid) leaves a busted player undecided: he is offered it
// again and may ask again until his deadline, which alone eliminates him. (Refused for good, no
// funds or past the limit, it is his answer: rules_6_a_failed_rebuy_payment_adds_no_chips.)
TEST(TablePurchases, rules_6_a_failed_rebuy_payment_leaves_him_undecided_until_the_deadline) {
    Busted b = bust(2, 1);
    ASSERT_TRUE(b.table);
    PurchaseTable& t = *b.table;
    const SeatIndex busted = b.seats[0];
    const Millis deadline = all_of<ArmPurchaseTimer>(b.effects).at(0).at;
    const auto pay = all_of<PayForChips>(t.buy(busted, Purchase::Rebuy));
    ASSERT_EQ(pay.size(), 1u);
    const Effects failed = t.t.core.on_paid(pay[0], false, t.t.now, /*may_retry=*/true);
    EXPECT_TRUE(all_of<HandFinished>(failed).empty()) << "eliminated before his deadline";
    EXPECT_TRUE(t.t.core.settling());
    // He asks again, and this time it is paid.
    const auto again = all_of<PayForChips>(t.buy(busted, Purchase::Rebuy));
    ASSERT_EQ(again.size(), 1u);
    const auto done = all_of<HandFinished>(t.t.core.on_paid(again[0], true, deadline - 1s));
    ASSERT_EQ(done.size(), 1u);
    EXPECT_TRUE(done[0].report.eliminated.empty());
    EXPECT_EQ(done[0].report.bought.size(), 1u);
}

// RULES.md §7: stopping ends the settlement without the answers awaited; a payment that commits
// afterwards was never added, so it is paid back.
TEST(TablePurchases, rules_7_a_purchase_paid_after_the_settlement_ended_is_paid_back) {
    Busted b = bust(2, 1);
    ASSERT_TRUE(b.table);
    PurchaseTable& t = *b.table;
    const SeatIndex busted = b.seats[0];
    const auto pay = all_of<PayForChips>(t.buy(busted, Purchase::Rebuy));
    ASSERT_EQ(pay.size(), 1u);
    const auto done = all_of<HandFinished>(t.t.core.settle_now());
    ASSERT_EQ(done.size(), 1u);
    EXPECT_TRUE(eliminates(done[0], entrant_at(busted)));
    EXPECT_TRUE(done[0].report.bought.empty());
    EXPECT_FALSE(t.t.core.settling());
    const Effects late = t.t.core.on_paid(pay[0], true, t.t.now);
    const auto back = all_of<PayBack>(late);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_EQ(back[0].purchase.entrant, entrant_at(busted));
    EXPECT_EQ(back[0].purchase.kind, Purchase::Rebuy);
    EXPECT_EQ(back[0].purchase.after_hand, 1);
    EXPECT_EQ(back[0].purchase.price.total(), 1100);
    EXPECT_TRUE(all_of<ChipsAdded>(late).empty());
    EXPECT_TRUE(all_of<HandFinished>(late).empty());
    // A failed payment that comes late has nothing to pay back.
    EXPECT_TRUE(all_of<PayBack>(t.t.core.on_paid(pay[0], false, t.t.now)).empty());
}

TEST(TablePurchases, rules_6_two_busted_players_one_rebuys_one_declines) {
    Busted b = bust(3, 2);
    ASSERT_TRUE(b.table);
    PurchaseTable& t = *b.table;
    ASSERT_EQ(all_of<PurchaseOffer>(b.effects).size(), 2u);
    ASSERT_EQ(all_of<ArmPurchaseTimer>(b.effects).size(), 1u) << "one deadline for both";
    const SeatIndex buyer = b.seats[0], quitter = b.seats[1];
    const auto pay = all_of<PayForChips>(t.buy(buyer, Purchase::Rebuy));
    ASSERT_EQ(pay.size(), 1u);
    EXPECT_TRUE(all_of<HandFinished>(t.t.core.on_paid(pay[0], true, t.t.now)).empty())
        << "the other busted player has not answered";
    const auto done = all_of<HandFinished>(t.decline(quitter));
    ASSERT_EQ(done.size(), 1u);
    ASSERT_EQ(done[0].report.eliminated.size(), 1u);
    EXPECT_EQ(done[0].report.eliminated[0].entrant, entrant_at(quitter));
    ASSERT_EQ(done[0].report.bought.size(), 1u);
    EXPECT_EQ(done[0].report.bought[0].entrant, entrant_at(buyer));
    EXPECT_EQ(done[0].record.state.seats.size(), 2u);
}

// ---- purchases asked during a hand, or between hands ----

TEST(TablePurchases, rules_6_a_rebuy_asked_during_a_hand_is_paid_when_the_hand_ends) {
    PurchaseTable t(2);
    t.start(1);
    const SeatIndex asker = t.t.core.hand().to_act();  // folds his small blind: 2990 left, below 3000
    const Effects asked = t.buy(asker, Purchase::Rebuy);
    EXPECT_TRUE(asked.empty()) << "queued silently for the hand's end";
    expect_refused(t.buy(asker, Purchase::Rebuy), asker, "on its way");
    const Effects ended = t.fold_out();
    const auto pay = all_of<PayForChips>(ended);
    ASSERT_EQ(pay.size(), 1u);
    EXPECT_EQ(pay[0].entrant, entrant_at(asker));
    EXPECT_EQ(pay[0].after_hand, 1);
    EXPECT_TRUE(all_of<PurchaseOffer>(ended).empty()) << "nobody busted";
    EXPECT_TRUE(all_of<HandFinished>(ended).empty()) << "the report waits for the payment";
    EXPECT_TRUE(all_of<ArmPurchaseTimer>(ended).empty()) << "nobody to wait for but the payment";
    const Chips before = t.stack(asker);
    EXPECT_EQ(before, kStartingStack - 10);
    const Effects paid = t.t.core.on_paid(pay[0], true, t.t.now);
    ASSERT_EQ(all_of<ChipsAdded>(paid).size(), 1u);
    const auto done = all_of<HandFinished>(paid);
    ASSERT_EQ(done.size(), 1u);
    ASSERT_EQ(done[0].report.bought.size(), 1u);
    EXPECT_EQ(done[0].report.bought[0].entrant, entrant_at(asker));
    const engine::SeatState* recorded = seat_in(done[0].record.state, asker);
    ASSERT_NE(recorded, nullptr);
    EXPECT_EQ(recorded->player.stack, before + kStartingStack);
}

TEST(TablePurchases, rules_6_a_rebuy_asked_between_hands_is_paid_after_the_next_hand) {
    PurchaseTable t(2);
    t.start(1);
    t.fold_out();
    ASSERT_FALSE(t.t.core.settling());
    const SeatIndex asker = 0;
    EXPECT_TRUE(t.buy(asker, Purchase::Rebuy).empty());
    t.start(2);
    const auto pay = all_of<PayForChips>(t.fold_out());
    ASSERT_EQ(pay.size(), 1u);
    EXPECT_EQ(pay[0].entrant, entrant_at(asker));
    EXPECT_EQ(pay[0].after_hand, 2);
}

TEST(TablePurchases, rules_6_a_rebuy_asked_during_a_hand_may_be_withdrawn_before_it_ends) {
    PurchaseTable t(2);
    t.start(1);
    const SeatIndex asker = t.t.core.hand().to_act();
    EXPECT_TRUE(t.buy(asker, Purchase::Rebuy).empty());
    EXPECT_TRUE(t.decline(asker).empty());
    const Effects ended = t.fold_out();
    EXPECT_TRUE(all_of<PayForChips>(ended).empty());
    const auto done = all_of<HandFinished>(ended);
    ASSERT_EQ(done.size(), 1u) << "nothing to wait for";
    EXPECT_TRUE(done[0].report.bought.empty());
}

// Asked during the hand at or below the starting stack, but he won the hand: at its end he is above
// it, and the re-buy is refused then.
TEST(TablePurchases, rules_6_a_queued_rebuy_is_refused_when_the_hand_leaves_him_above_the_starting_stack) {
    PurchaseTable t(2);
    t.start(1);
    const SeatIndex folder = t.t.core.hand().to_act();
    const SeatIndex winner = 1 - folder;
    EXPECT_TRUE(t.buy(winner, Purchase::Rebuy).empty());
    const Effects ended = t.fold_out();
    expect_refused(ended, winner, "at or below the starting stack");
    const auto done = all_of<HandFinished>(ended);
    ASSERT_EQ(done.size(), 1u);
    EXPECT_TRUE(done[0].report.bought.empty());
}

// Both asked during the hand, at the starting stack: the one who busted is paid without an offer
// (his re-buy is on its way), the winner's is refused (he is above the starting stack now).
TEST(TablePurchases, rules_6_a_rebuy_asked_before_busting_is_paid_without_an_offer) {
    Busted b = bust(2, 1, rebuy_terms(), true, [](PurchaseTable& t) {
        EXPECT_TRUE(t.buy(0, Purchase::Rebuy).empty());
        EXPECT_TRUE(t.buy(1, Purchase::Rebuy).empty());
    });
    ASSERT_TRUE(b.table);
    const SeatIndex busted = b.seats[0];
    EXPECT_TRUE(all_of<PurchaseOffer>(b.effects).empty()) << "nothing to offer: his re-buy is on its way";
    EXPECT_TRUE(all_of<ArmPurchaseTimer>(b.effects).empty());
    const auto refused = all_of<Refused>(b.effects);
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0].refusal, Refusal::Purchase);
    EXPECT_EQ(refused[0].entrant, entrant_at(b.winner));
    EXPECT_NE(refused[0].message.find("at or below the starting stack"), std::string::npos)
        << refused[0].message;
    const auto pay = all_of<PayForChips>(b.effects);
    ASSERT_EQ(pay.size(), 1u);
    EXPECT_EQ(pay[0].entrant, entrant_at(busted));
    const auto done = all_of<HandFinished>(b.table->t.core.on_paid(pay[0], true, b.table->t.now));
    ASSERT_EQ(done.size(), 1u);
    EXPECT_TRUE(done[0].report.eliminated.empty());
    ASSERT_EQ(done[0].report.bought.size(), 1u);
    EXPECT_EQ(done[0].report.bought[0].entrant, entrant_at(busted));
}

// ---- refused purchases ----

TEST(TablePurchases, rules_6_no_rebuy_when_the_tournament_has_none) {
    PurchaseTable t(2, rebuy_terms(false, false));
    expect_refused(t.buy(0, Purchase::Rebuy), 0, "no re-buys");
    t.start(1);
    expect_refused(t.buy(0, Purchase::Rebuy), 0, "no re-buys");
    const Effects ended = t.fold_out();
    EXPECT_TRUE(all_of<PayForChips>(ended).empty());
}

TEST(TablePurchases, rules_6_a_rebuy_is_for_a_player_at_or_below_the_starting_stack) {
    Busted b = bust(2, 1);
    ASSERT_TRUE(b.table);
    ASSERT_GT(b.table->stack(b.winner), kStartingStack);
    expect_refused(b.table->buy(b.winner, Purchase::Rebuy), b.winner, "at or below the starting stack");
    EXPECT_TRUE(b.table->t.core.settling()) << "a refusal changes nothing";
}

TEST(TablePurchases, rules_6_no_rebuy_once_the_rebuy_period_is_over_at_the_table) {
    PurchaseTable t(2);
    t.start(1, false);
    expect_refused(t.buy(0, Purchase::Rebuy), 0, "re-buy period is not open");
    const auto done = all_of<HandFinished>(t.fold_out());
    ASSERT_EQ(done.size(), 1u);
    EXPECT_TRUE(done[0].report.bought.empty());
    expect_refused(t.buy(0, Purchase::Rebuy), 0, "re-buy period is not open");
}

// Re-buys configured, but the hand was dealt after the period: the busted player is out at once.
TEST(TablePurchases, rules_6_a_player_busted_after_the_rebuy_period_is_eliminated_at_once) {
    Busted b = bust(2, 1, rebuy_terms(), false);
    ASSERT_TRUE(b.table);
    EXPECT_TRUE(all_of<PurchaseOffer>(b.effects).empty());
    EXPECT_TRUE(all_of<ArmPurchaseTimer>(b.effects).empty());
    const auto done = all_of<HandFinished>(b.effects);
    ASSERT_EQ(done.size(), 1u);
    EXPECT_TRUE(eliminates(done[0], entrant_at(b.seats[0])));
    EXPECT_FALSE(b.table->t.core.settling());
}

// No re-buys configured: the director starts every hand outside a re-buy period (its rebuy_period()
// needs them enabled), and nothing is held.
TEST(TablePurchases, rules_6_without_rebuys_a_busted_player_is_eliminated_at_once_as_before) {
    Busted b = bust(2, 1, PurchaseTerms{}, false);
    ASSERT_TRUE(b.table);
    EXPECT_TRUE(all_of<PurchaseOffer>(b.effects).empty());
    EXPECT_TRUE(all_of<ArmPurchaseTimer>(b.effects).empty());
    EXPECT_TRUE(all_of<PayForChips>(b.effects).empty());
    const auto done = all_of<HandFinished>(b.effects);
    ASSERT_EQ(done.size(), 1u);
    ASSERT_EQ(done[0].report.eliminated.size(), 1u);
    EXPECT_EQ(done[0].report.eliminated[0].entrant, entrant_at(b.seats[0]));
    EXPECT_EQ(seat_in(done[0].record.state, b.seats[0]), nullptr);
    EXPECT_TRUE(views_show(b.effects, b.seats[0], 0, engine::kNoEntrant));
    EXPECT_FALSE(b.table->t.core.settling());
}

}  // namespace
}  // namespace tavolo::server::table
