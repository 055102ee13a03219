// The add-on at a live table (RULES.md §6: one purchase at the end of the re-buy period; TableCore
// "re-buys and the add-on"): offered to every seated player when the director says so, asked until
// the end of the hand after the offer, once per player, paid and added with the report of the hand
// after which it was made.
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

TEST(TableAddOn, rules_6_the_addon_is_refused_before_it_is_offered) {
    PurchaseTable t(2);
    expect_refused(t.buy(0, Purchase::AddOn), 0, "not on offer");
    t.start(1);
    expect_refused(t.buy(1, Purchase::AddOn), 1, "not on offer");
}

TEST(TableAddOn, rules_6_no_addon_when_the_tournament_has_none) {
    PurchaseTable t(2, rebuy_terms(true, false));
    EXPECT_TRUE(all_of<PurchaseOffer>(t.offer_addon()).empty());
    expect_refused(t.buy(0, Purchase::AddOn), 0, "no add-on");
}

// ---- the add-on ----

TEST(TableAddOn, rules_6_the_addon_is_offered_to_every_seated_player) {
    PurchaseTable t(3);
    t.start(1);
    t.fold_out();
    const Effects offered = t.offer_addon();
    const auto offers = all_of<PurchaseOffer>(offered);
    ASSERT_EQ(offers.size(), 3u);
    for (SeatIndex s = 0; s < 3; ++s) {
        EXPECT_EQ(offers[static_cast<std::size_t>(s)].seat, s);
        EXPECT_EQ(offers[static_cast<std::size_t>(s)].entrant, entrant_at(s));
        EXPECT_EQ(offers[static_cast<std::size_t>(s)].kind, Purchase::AddOn);
        EXPECT_EQ(offers[static_cast<std::size_t>(s)].chips, kAddOnChips);
        EXPECT_EQ(offers[static_cast<std::size_t>(s)].price.total(), 1550);
        EXPECT_FALSE(offers[static_cast<std::size_t>(s)].busted);
    }
    EXPECT_TRUE(all_of<ArmPurchaseTimer>(offered).empty()) << "nobody's answer is waited for";
}

// Offered between hands: asked then or during the next hand, paid at that hand's end; refused after.
TEST(TableAddOn, rules_6_the_addon_offered_between_hands_may_be_asked_until_the_next_hand_ends) {
    PurchaseTable t(3);
    t.start(1);
    t.fold_out();
    t.offer_addon();
    EXPECT_TRUE(t.buy(0, Purchase::AddOn).empty());
    expect_refused(t.buy(0, Purchase::AddOn), 0, "on its way");
    t.start(2, false);
    EXPECT_TRUE(t.buy(1, Purchase::AddOn).empty()) << "during the hand after the offer";
    const Effects ended = t.fold_out();
    const auto pay = all_of<PayForChips>(ended);
    ASSERT_EQ(pay.size(), 2u);
    for (const auto& p : pay) {
        EXPECT_EQ(p.kind, Purchase::AddOn);
        EXPECT_EQ(p.chips, kAddOnChips);
        EXPECT_EQ(p.price.prize_part, 1500);
        EXPECT_EQ(p.price.fee, 50);
        EXPECT_EQ(p.after_hand, 2);
    }
    Effects paid = t.t.core.on_paid(pay[0], true, t.t.now);
    EXPECT_TRUE(all_of<HandFinished>(paid).empty()) << "the second payment is still under way";
    const Effects second = t.t.core.on_paid(pay[1], true, t.t.now);
    paid.insert(paid.end(), second.begin(), second.end());
    EXPECT_EQ(all_of<ChipsAdded>(paid).size(), 2u);
    const auto done = all_of<HandFinished>(paid);
    ASSERT_EQ(done.size(), 1u);
    ASSERT_EQ(done[0].report.bought.size(), 2u);
    for (const auto& bought : done[0].report.bought)
        EXPECT_EQ(bought.kind, Purchase::AddOn);
    t.start(3, false);
    expect_refused(t.buy(2, Purchase::AddOn), 2, "not on offer");
    expect_refused(t.buy(0, Purchase::AddOn), 0, "already");
}

// Offered during a hand: the hand in play does not count; the add-on may be asked until the end of
// the next one.
TEST(TableAddOn, rules_6_the_addon_offered_during_a_hand_may_be_asked_until_the_hand_after_ends) {
    PurchaseTable t(3);
    t.start(1);
    ASSERT_EQ(all_of<PurchaseOffer>(t.offer_addon()).size(), 3u);
    EXPECT_TRUE(t.buy(0, Purchase::AddOn).empty()) << "during the hand of the offer";
    const auto first = all_of<PayForChips>(t.fold_out());
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].after_hand, 1);
    ASSERT_EQ(all_of<HandFinished>(t.t.core.on_paid(first[0], true, t.t.now)).size(), 1u);
    t.start(2, false);
    EXPECT_TRUE(t.buy(1, Purchase::AddOn).empty()) << "during the hand after the offer";
    expect_refused(t.buy(0, Purchase::AddOn), 0, "already");
    const auto second = all_of<PayForChips>(t.fold_out());
    ASSERT_EQ(second.size(), 1u);
    EXPECT_EQ(second[0].entrant, entrant_at(1));
    EXPECT_EQ(second[0].after_hand, 2);
    ASSERT_EQ(all_of<HandFinished>(t.t.core.on_paid(second[0], true, t.t.now)).size(), 1u);
    expect_refused(t.buy(2, Purchase::AddOn), 2, "not on offer");
}

// RULES.md §6: the add-on offered while a busted player decides (the re-buy period ended during his
// hand) does not take his re-buy away: he may re-buy until the next hand at his table starts.
TEST(TableAddOn, rules_6_a_busted_player_may_rebuy_when_the_addon_is_offered_during_his_decision) {
    Busted b = bust(2, 1);
    ASSERT_TRUE(b.table);
    PurchaseTable& t = *b.table;
    const SeatIndex busted = b.seats[0];
    ASSERT_TRUE(t.t.core.settling());
    t.offer_addon();  // the re-buy period ended while he decides
    const Effects asked = t.buy(busted, Purchase::Rebuy);
    for (const auto& r : all_of<Refused>(asked))
        ADD_FAILURE() << "refused: " << r.message;
    const auto pay = all_of<PayForChips>(asked);
    ASSERT_EQ(pay.size(), 1u);
    const auto done = all_of<HandFinished>(t.t.core.on_paid(pay[0], true, t.t.now));
    ASSERT_EQ(done.size(), 1u);
    EXPECT_TRUE(done[0].report.eliminated.empty());
}

}  // namespace
}  // namespace tavolo::server::table
