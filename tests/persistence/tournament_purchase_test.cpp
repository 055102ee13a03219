// Re-buys and the add-on in the store (RULES.md §6, §7): the limit on re-buys (`most`), the add-on
// once per entry, each payment once per idempotency key, and pay_back_purchase, which returns a
// purchase paid and never played. After each test the ledger still sums to zero.
#include <gtest/gtest.h>

#include "persistence/account_store.hpp"
#include "persistence/ledger.hpp"
#include "persistence/tournament_store.hpp"
#include "tests/persistence/test_database.hpp"
#include "tests/support/refusal_of.hpp"

using namespace tavolo::persistence;
using tavolo::testing::MigratedDatabase;

namespace {

constexpr Cents kPrize = 2000, kFee = 500;           // the buy-in, and each re-buy
constexpr Cents kAddOnPrize = 1500, kAddOnFee = 50;  // the add-on

struct Purchases {
    MigratedDatabase t;
    AccountStore accounts{t.db(), PasswordCost::minimum()};
    Ledger ledger{t.db()};
    TournamentStore store{t.db()};
    Tournament tournament;

    Purchases() {
        TournamentSpec spec;
        spec.name = "Re-buy MTT";
        spec.kind = tavolo::engine::TournamentKind::ScheduledMtt;
        spec.prize_part = kPrize;
        spec.fee = kFee;
        spec.config_json = R"({"starting_stack": 3000, "rebuys": {"max_rebuys": 2, "addon": true}})";
        tournament = store.create(spec).value();
        EXPECT_TRUE(store.set_state(tournament.id, TournamentState::running));
    }
    ~Purchases() { expect_ledger_balanced(); }

    // An account with `money` cents, registered (the buy-in paid).
    std::pair<Account, Registration> entrant(const std::string& name, Cents money) {
        auto a = accounts.create(name, "long enough").value();
        EXPECT_TRUE(ledger.deposit(a.wallet, money, "deposit:" + name));
        auto reg = store.register_player(tournament.id, a.id, "buyin:" + name).value();
        return {a, reg};
    }
    Cents balance(WalletId w) { return ledger.balance(w).value(); }
    Cents pool() { return balance(tournament.prize_pool); }
    Cents house() { return balance(ledger.house_wallet().value()); }
    Registration entry(RegistrationId id) {
        const auto all = store.registrations(tournament.id).value();
        for (const auto& r : all)
            if (r.id == id) return r;
        ADD_FAILURE() << "no such entry";
        return {};
    }
    std::int64_t payments(const std::string& kind) {
        return t.count("SELECT count(*) FROM entry_payments WHERE kind = '" + kind + "'");
    }
    void expect_ledger_balanced() {
        auto audit = ledger.audit();
        ASSERT_TRUE(audit) << audit.error().message;
        EXPECT_EQ(audit->sum_of_entries, 0);
        EXPECT_EQ(audit->negative_wallets, 0);
        EXPECT_EQ(audit->mismatched_balances, 0);
        EXPECT_EQ(t.count("SELECT coalesce(sum(balance), 0) FROM wallets"), 0)
            << "every cent in a wallet came from the external one";
    }
};

}  // namespace

TEST(TournamentPurchases, ReBuysStopAtTheMostAllowedAndTheOneTooManyPaysNothing) {
    Purchases w;
    auto [a, reg] = w.entrant("ann", 20'000);
    ASSERT_TRUE(w.store.rebuy(reg.id, kPrize, kFee, "rebuy:ann:1", 2));
    auto second = w.store.rebuy(reg.id, kPrize, kFee, "rebuy:ann:2", 2);
    ASSERT_TRUE(second) << second.error().message;
    EXPECT_EQ(second->rebuys, 2);
    const Cents wallet = w.balance(a.wallet), pool = w.pool(), house = w.house();
    auto third = w.store.rebuy(reg.id, kPrize, kFee, "rebuy:ann:3", 2);
    EXPECT_EQ(refusal_of(third).code, StoreErrc::invalid_argument);
    if (!third) {
        EXPECT_NE(third.error().message.find("most allowed"), std::string::npos) << third.error().message;
    }
    EXPECT_EQ(w.balance(a.wallet), wallet);
    EXPECT_EQ(w.pool(), pool);
    EXPECT_EQ(w.house(), house);
    const Registration after = w.entry(reg.id);
    EXPECT_EQ(after.rebuys, 2);
    EXPECT_EQ(after.paid, 3 * (kPrize + kFee));
    EXPECT_EQ(after.prize_part, 3 * kPrize);
    EXPECT_EQ(after.fee, 3 * kFee);
    EXPECT_EQ(w.payments("rebuy"), 2);
    EXPECT_EQ(w.t.count("SELECT count(*) FROM ledger_transactions WHERE idempotency_key = 'rebuy:ann:3'"), 0);
    // A replay of a re-buy made before the limit is still the same success, and pays nothing.
    auto replay = w.store.rebuy(reg.id, kPrize, kFee, "rebuy:ann:2", 2);
    ASSERT_TRUE(replay) << replay.error().message;
    EXPECT_EQ(replay->rebuys, 2);
    EXPECT_EQ(w.balance(a.wallet), wallet);
}

TEST(TournamentPurchases, WithoutALimitReBuysGoOn) {
    Purchases w;
    auto [a, reg] = w.entrant("ben", 20'000);
    for (int i = 1; i <= 4; ++i)
        ASSERT_TRUE(w.store.rebuy(reg.id, kPrize, kFee, "rebuy:ben:" + std::to_string(i), 0));
    EXPECT_EQ(w.entry(reg.id).rebuys, 4);
    EXPECT_EQ(w.balance(a.wallet), 20'000 - 5 * (kPrize + kFee));
    EXPECT_EQ(w.pool(), 5 * kPrize);
}

TEST(TournamentPurchases, TheAddOnIsOncePerEntry) {
    Purchases w;
    auto [a, reg] = w.entrant("cid", 20'000);
    auto first = w.store.addon(reg.id, kAddOnPrize, kAddOnFee, "addon:cid");
    ASSERT_TRUE(first) << first.error().message;
    EXPECT_EQ(first->addons, 1);
    const Cents wallet = w.balance(a.wallet);
    EXPECT_EQ(wallet, 20'000 - (kPrize + kFee) - (kAddOnPrize + kAddOnFee));
    auto replay = w.store.addon(reg.id, kAddOnPrize, kAddOnFee, "addon:cid");
    ASSERT_TRUE(replay) << replay.error().message;
    EXPECT_EQ(replay->addons, 1);
    auto second = w.store.addon(reg.id, kAddOnPrize, kAddOnFee, "addon:cid:again");
    EXPECT_EQ(refusal_of(second).code, StoreErrc::invalid_argument);
    EXPECT_EQ(w.balance(a.wallet), wallet);
    EXPECT_EQ(w.pool(), kPrize + kAddOnPrize);
    EXPECT_EQ(w.house(), kFee + kAddOnFee);
    EXPECT_EQ(w.entry(reg.id).addons, 1);
    EXPECT_EQ(w.payments("addon"), 1);
}

TEST(TournamentPurchases, ARePlayedPurchasePaysOnce) {
    Purchases w;
    auto [a, reg] = w.entrant("dan", 20'000);
    for (int i = 0; i < 3; ++i) {
        auto r = w.store.rebuy(reg.id, kPrize, kFee, "rebuy:dan:after-hand-7", 2);
        ASSERT_TRUE(r) << r.error().message;
        EXPECT_EQ(r->rebuys, 1);
        EXPECT_EQ(r->paid, 2 * (kPrize + kFee));
    }
    EXPECT_EQ(w.balance(a.wallet), 20'000 - 2 * (kPrize + kFee));
    EXPECT_EQ(w.pool(), 2 * kPrize);
    EXPECT_EQ(w.house(), 2 * kFee);
    EXPECT_EQ(w.payments("rebuy"), 1);
}

TEST(TournamentPurchases, PayingBackAReBuyReturnsTheMoneyAndTakesItOffTheEntry) {
    Purchases w;
    auto [a, reg] = w.entrant("eva", 20'000);
    const Cents wallet = w.balance(a.wallet), pool = w.pool(), house = w.house();
    ASSERT_TRUE(w.store.rebuy(reg.id, kPrize, kFee, "rebuy:eva:3", 2));
    auto back = w.store.pay_back_purchase(reg.id, true, kPrize, kFee, "payback:rebuy:eva:3");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->rebuys, 0);
    EXPECT_EQ(back->paid, kPrize + kFee);
    EXPECT_EQ(back->prize_part, kPrize);
    EXPECT_EQ(back->fee, kFee);
    EXPECT_EQ(back->state, reg.state) << "the entry's state stays";
    EXPECT_EQ(back->refund, 0) << "a purchase paid back is no refund of the entry";
    EXPECT_EQ(w.balance(a.wallet), wallet);
    EXPECT_EQ(w.pool(), pool);
    EXPECT_EQ(w.house(), house);
    EXPECT_EQ(w.payments("refund"), 1);
    // Idempotent by its key: a replay returns the entry as it is and moves nothing.
    auto replay = w.store.pay_back_purchase(reg.id, true, kPrize, kFee, "payback:rebuy:eva:3");
    ASSERT_TRUE(replay) << replay.error().message;
    EXPECT_EQ(replay->rebuys, 0);
    EXPECT_EQ(replay->paid, kPrize + kFee);
    EXPECT_EQ(w.balance(a.wallet), wallet);
    EXPECT_EQ(w.pool(), pool);
    EXPECT_EQ(w.payments("refund"), 1);
}

TEST(TournamentPurchases, PayingBackTheAddOnLetsTheEntryBuyItAgain) {
    Purchases w;
    auto [a, reg] = w.entrant("fay", 20'000);
    const Cents wallet = w.balance(a.wallet);
    ASSERT_TRUE(w.store.addon(reg.id, kAddOnPrize, kAddOnFee, "addon:fay"));
    auto back = w.store.pay_back_purchase(reg.id, false, kAddOnPrize, kAddOnFee, "payback:addon:fay");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->addons, 0);
    EXPECT_EQ(back->rebuys, 0);
    EXPECT_EQ(back->paid, kPrize + kFee);
    EXPECT_EQ(w.balance(a.wallet), wallet);
    EXPECT_EQ(w.pool(), kPrize);
    EXPECT_EQ(w.house(), kFee);
    auto again = w.store.addon(reg.id, kAddOnPrize, kAddOnFee, "addon:fay:2");
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(again->addons, 1);
}

// A re-buy paid back no longer counts against the limit.
TEST(TournamentPurchases, AReBuyPaidBackFreesItsPlaceUnderTheLimit) {
    Purchases w;
    auto [a, reg] = w.entrant("gil", 20'000);
    ASSERT_TRUE(w.store.rebuy(reg.id, kPrize, kFee, "rebuy:gil:1", 1));
    EXPECT_FALSE(w.store.rebuy(reg.id, kPrize, kFee, "rebuy:gil:2", 1));
    ASSERT_TRUE(w.store.pay_back_purchase(reg.id, true, kPrize, kFee, "payback:rebuy:gil:1"));
    auto next = w.store.rebuy(reg.id, kPrize, kFee, "rebuy:gil:2", 1);
    ASSERT_TRUE(next) << next.error().message;
    EXPECT_EQ(next->rebuys, 1);
    EXPECT_EQ(w.balance(a.wallet), 20'000 - 2 * (kPrize + kFee));
}

TEST(TournamentPurchases, NothingToPayBackIsRefusedAndMovesNothing) {
    Purchases w;
    auto [a, reg] = w.entrant("hal", 20'000);
    const Cents wallet = w.balance(a.wallet), pool = w.pool(), house = w.house();
    auto no_rebuy = w.store.pay_back_purchase(reg.id, true, kPrize, kFee, "payback:hal:1");
    EXPECT_EQ(refusal_of(no_rebuy).code, StoreErrc::invalid_argument);
    if (!no_rebuy) {
        EXPECT_NE(no_rebuy.error().message.find("no re-buy to pay back"), std::string::npos)
            << no_rebuy.error().message;
    }
    auto no_addon = w.store.pay_back_purchase(reg.id, false, kAddOnPrize, kAddOnFee, "payback:hal:2");
    EXPECT_EQ(refusal_of(no_addon).code, StoreErrc::invalid_argument);
    if (!no_addon) {
        EXPECT_NE(no_addon.error().message.find("no add-on to pay back"), std::string::npos)
            << no_addon.error().message;
    }
    // One re-buy: paid back once; a second pay-back under another key finds nothing left.
    ASSERT_TRUE(w.store.rebuy(reg.id, kPrize, kFee, "rebuy:hal:1", 2));
    ASSERT_TRUE(w.store.pay_back_purchase(reg.id, true, kPrize, kFee, "payback:rebuy:hal:1"));
    auto twice = w.store.pay_back_purchase(reg.id, true, kPrize, kFee, "payback:rebuy:hal:1:again");
    EXPECT_EQ(refusal_of(twice).code, StoreErrc::invalid_argument);
    EXPECT_EQ(w.balance(a.wallet), wallet);
    EXPECT_EQ(w.pool(), pool);
    EXPECT_EQ(w.house(), house);
    EXPECT_EQ(w.payments("refund"), 1);
    const Registration after = w.entry(reg.id);
    EXPECT_EQ(after.rebuys, 0);
    EXPECT_EQ(after.paid, kPrize + kFee);
    // More than the entry paid is no pay-back either.
    ASSERT_TRUE(w.store.rebuy(reg.id, kPrize, kFee, "rebuy:hal:2", 2));
    auto too_much = w.store.pay_back_purchase(reg.id, true, 3 * kPrize, kFee, "payback:hal:3");
    EXPECT_EQ(refusal_of(too_much).code, StoreErrc::invalid_argument);
    EXPECT_EQ(w.entry(reg.id).rebuys, 1);
}

TEST(TournamentPurchases, APayBackKeyUsedForAnotherPaymentIsAConflict) {
    Purchases w;
    auto [a, reg] = w.entrant("ivy", 20'000);
    ASSERT_TRUE(w.store.rebuy(reg.id, kPrize, kFee, "rebuy:ivy:1", 2));
    auto conflict = w.store.pay_back_purchase(reg.id, true, kPrize, kFee, "rebuy:ivy:1");
    EXPECT_EQ(refusal_of(conflict).code, StoreErrc::idempotency_conflict);
    EXPECT_EQ(w.entry(reg.id).rebuys, 1);
    EXPECT_EQ(w.balance(a.wallet), 20'000 - 2 * (kPrize + kFee));
}

// RULES.md §7 with a purchase in flight: a cancellation refunds each entry what its director knew it
// paid (a re-buy paid but never reported is not in it), and the table pays that re-buy back on its
// own when its payment commits after the table stopped. Both together return everything, once; the
// pay-back is not refused because the entry is already refunded.
TEST(TournamentPurchases, AReBuyNeverReportedIsPaidBackBesideTheCancellationRefund) {
    Purchases w;
    auto [a, reg] = w.entrant("jay", 20'000);
    auto other = w.entrant("kit", 20'000);
    ASSERT_TRUE(w.store.rebuy(reg.id, kPrize, kFee, "rebuy:jay:1", 2));
    ASSERT_TRUE(w.store.set_state(w.tournament.id, TournamentState::cancelled));
    auto refunded = w.store.refund(reg.id, kPrize, kFee, "cancel:jay");  // the buy-in the director knew
    ASSERT_TRUE(refunded) << refunded.error().message;
    ASSERT_EQ(refunded->state, RegistrationState::refunded);
    auto back = w.store.pay_back_purchase(reg.id, true, kPrize, kFee, "payback:rebuy:jay:1");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->state, RegistrationState::refunded);
    EXPECT_EQ(back->rebuys, 0);
    EXPECT_EQ(w.balance(a.wallet), 20'000);
    ASSERT_TRUE(w.store.refund(other.second.id, kPrize, kFee, "cancel:kit"));
    EXPECT_EQ(w.balance(other.first.wallet), 20'000);
    EXPECT_EQ(w.pool(), 0);
    EXPECT_EQ(w.house(), 0);
}
