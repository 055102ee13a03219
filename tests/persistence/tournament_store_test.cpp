#include "persistence/tournament_store.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "persistence/account_store.hpp"
#include "persistence/audit_log.hpp"
#include "persistence/ledger.hpp"
#include "tests/persistence/test_database.hpp"
#include "tests/support/refusal_of.hpp"

using namespace tavolo::persistence;
using tavolo::testing::MigratedDatabase;

namespace {

struct World {
    MigratedDatabase t;
    AccountStore accounts{t.db(), PasswordCost::minimum()};
    Ledger ledger{t.db()};
    TournamentStore tournaments{t.db()};

    Account player(const std::string& name, Cents money) {
        auto a = accounts.create(name, "long enough").value();
        if (money) {
            EXPECT_TRUE(ledger.deposit(a.wallet, money, "deposit:" + name));
        }
        return a;
    }
    Tournament sng(Cents prize_part = 2000, Cents fee = 500) {
        TournamentSpec spec;
        spec.name = "SNG";
        spec.prize_part = prize_part;
        spec.fee = fee;
        spec.config_json = R"({"seats": 6, "starting_stack": 3000})";
        spec.schedule_json = R"([{"sb": 25, "bb": 50, "minutes": 8}])";
        return tournaments.create(spec).value();
    }
    Cents balance(WalletId w) { return ledger.balance(w).value(); }
    Cents house() { return balance(ledger.house_wallet().value()); }
};

}  // namespace

TEST(Tournaments, ConfigurationAndScheduleAreKept) {
    World w;
    auto t = w.sng();
    auto back = w.tournaments.find(t.id).value();
    EXPECT_EQ(back.spec.name, "SNG");
    EXPECT_NE(back.spec.config_json.find("\"starting_stack\": 3000"), std::string::npos);
    EXPECT_NE(back.spec.schedule_json.find("\"minutes\": 8"), std::string::npos);
    EXPECT_EQ(back.spec.state, TournamentState::registering);
    ASSERT_TRUE(w.tournaments.set_state(t.id, TournamentState::running));
    EXPECT_EQ(w.tournaments.find(t.id)->spec.state, TournamentState::running);
}

TEST(Tournaments, BuyInPaysPrizePartToThePoolAndFeeToTheHouse) {
    World w;
    auto t = w.sng();
    auto a = w.player("ann", 3000);
    auto reg = w.tournaments.register_player(t.id, a.id, "buyin:ann");
    ASSERT_TRUE(reg) << reg.error().message;
    EXPECT_EQ(reg->paid, 2500);
    EXPECT_EQ(reg->prize_part, 2000);
    EXPECT_EQ(reg->fee, 500);
    EXPECT_EQ(w.balance(a.wallet), 500);
    EXPECT_EQ(w.balance(t.prize_pool), 2000);
    EXPECT_EQ(w.house(), 500);
}

TEST(Tournaments, ReplayedRegistrationPaysOnceAndASecondLiveEntryIsRefused) {
    World w;
    auto t = w.sng();
    auto a = w.player("ben", 10'000);
    auto first = w.tournaments.register_player(t.id, a.id, "buyin:ben");
    auto replay = w.tournaments.register_player(t.id, a.id, "buyin:ben");
    ASSERT_TRUE(first && replay);
    EXPECT_EQ(first->id, replay->id);
    EXPECT_EQ(w.balance(a.wallet), 7500);
    auto second = w.tournaments.register_player(t.id, a.id, "buyin:ben:again");
    ASSERT_FALSE(second);
    EXPECT_EQ(second.error().code, StoreErrc::invalid_argument);
    EXPECT_EQ(w.balance(a.wallet), 7500);
}

TEST(Tournaments, RegistrationWithoutFundsLeavesNothingBehind) {
    World w;
    auto t = w.sng();
    auto a = w.player("cat", 2499);
    auto reg = w.tournaments.register_player(t.id, a.id, "buyin:cat");
    ASSERT_FALSE(reg);
    EXPECT_EQ(reg.error().code, StoreErrc::insufficient_funds);
    EXPECT_EQ(w.t.count("SELECT count(*) FROM registrations"), 0);
    EXPECT_EQ(w.balance(a.wallet), 2499);
}

TEST(Tournaments, FreerollEntryIsPaidByTheHouse) {
    World w;
    auto t = w.sng(100, 0);
    auto op = w.player("op", 0);
    ASSERT_TRUE(w.ledger.deposit(w.ledger.house_wallet().value(), 1000, "fund-house"));
    auto a = w.player("dan", 0);
    auto reg = w.tournaments.register_player(t.id, a.id, "buyin:dan", w.ledger.house_wallet().value());
    ASSERT_TRUE(reg) << reg.error().message;
    EXPECT_EQ(w.balance(t.prize_pool), 100);
    EXPECT_EQ(w.house(), 900);
    (void)op;
}

TEST(Tournaments, RebuysAddOnsPrizeAndFinishingPlaceAreRecorded) {
    World w;
    auto t = w.sng();
    auto a = w.player("eve", 10'000);
    auto reg = w.tournaments.register_player(t.id, a.id, "buyin:eve").value();
    ASSERT_TRUE(w.tournaments.rebuy(reg.id, 2000, 0, "rebuy:eve:1"));
    ASSERT_TRUE(w.tournaments.rebuy(reg.id, 2000, 0, "rebuy:eve:1"));  // replay
    ASSERT_TRUE(w.tournaments.addon(reg.id, 2000, 200, "addon:eve"));
    auto finished = w.tournaments.record_finish(reg.id, 1, 6000, "prize:eve");
    ASSERT_TRUE(finished) << finished.error().message;
    ASSERT_TRUE(w.tournaments.record_finish(reg.id, 1, 6000, "prize:eve"));  // replay
    EXPECT_EQ(finished->rebuys, 1);
    EXPECT_EQ(finished->addons, 1);
    EXPECT_EQ(finished->paid, 2500 + 2000 + 2200);
    EXPECT_EQ(finished->prize_part, 6000);
    EXPECT_EQ(finished->fee, 700);
    EXPECT_EQ(finished->finishing_place, 1);
    EXPECT_EQ(finished->prize, 6000);
    EXPECT_EQ(finished->state, RegistrationState::winner);
    EXPECT_EQ(w.balance(a.wallet), 10'000 - 6700 + 6000);
    EXPECT_EQ(w.balance(t.prize_pool), 0);
    EXPECT_EQ(w.t.count("SELECT count(*) FROM entry_payments"), 4);
    // The pool (now only fay's 2,000) cannot pay out more than it holds.
    auto b = w.player("fay", 10'000);
    auto reg_b = w.tournaments.register_player(t.id, b.id, "buyin:fay").value();
    auto too_much = w.tournaments.record_finish(reg_b.id, 2, 5000, "prize:fay");
    ASSERT_FALSE(too_much);
    EXPECT_EQ(too_much.error().code, StoreErrc::insufficient_funds);
    EXPECT_FALSE(w.tournaments.registrations(t.id)->at(1).finishing_place.has_value());
}

TEST(Tournaments, RefundRunTwicePaysOnce) {
    World w;
    auto t = w.sng();
    auto a = w.player("gus", 2500);
    auto reg = w.tournaments.register_player(t.id, a.id, "buyin:gus").value();
    ASSERT_TRUE(w.tournaments.set_state(t.id, TournamentState::cancelled));
    for (int i = 0; i < 2; ++i) {
        auto r = w.tournaments.refund(reg.id, 2000, 500, "refund:t1:gus");
        ASSERT_TRUE(r) << r.error().message;
        EXPECT_EQ(r->refund, 2500);
        EXPECT_EQ(r->state, RegistrationState::refunded);
    }
    EXPECT_EQ(w.balance(a.wallet), 2500);
    EXPECT_EQ(w.balance(t.prize_pool), 0);
    EXPECT_EQ(w.house(), 0);
    auto late = w.tournaments.register_player(t.id, a.id, "buyin:gus:late");
    ASSERT_FALSE(late);
    EXPECT_EQ(late.error().code, StoreErrc::invalid_argument);
}

// A key names one payment: using it for another tournament, entry, kind or amount is a conflict, never
// a success that moved no money.
TEST(Tournaments, AKeyReusedForAnotherPaymentIsAConflictNotASilentSuccess) {
    World w;
    auto t1 = w.sng(), t2 = w.sng();
    auto a = w.player("ida", 20'000);
    auto b = w.player("jon", 20'000);
    auto reg = w.tournaments.register_player(t1.id, a.id, "k:buyin").value();
    auto conflict = [](const auto& r) { return !r && r.error().code == StoreErrc::idempotency_conflict; };
    EXPECT_TRUE(conflict(w.tournaments.register_player(t2.id, a.id, "k:buyin"))) << "another tournament";
    EXPECT_TRUE(conflict(w.tournaments.register_player(t1.id, b.id, "k:buyin"))) << "another account";
    EXPECT_TRUE(conflict(w.tournaments.rebuy(reg.id, 2000, 500, "k:buyin"))) << "a buy-in key as a re-buy";
    ASSERT_TRUE(w.tournaments.rebuy(reg.id, 2000, 500, "k:rebuy"));
    EXPECT_TRUE(conflict(w.tournaments.rebuy(reg.id, 4000, 500, "k:rebuy"))) << "another amount";
    EXPECT_TRUE(conflict(w.tournaments.addon(reg.id, 2000, 500, "k:rebuy"))) << "another kind";
    EXPECT_TRUE(conflict(w.tournaments.refund(reg.id, 2000, 500, "k:rebuy"))) << "a re-buy key as a refund";
    EXPECT_TRUE(conflict(w.tournaments.record_finish(reg.id, 1, 100, "k:rebuy"))) << "as a prize";
    auto reg_b = w.tournaments.register_player(t1.id, b.id, "k:buyin:b").value();
    EXPECT_TRUE(conflict(w.tournaments.rebuy(reg_b.id, 2000, 500, "k:rebuy"))) << "another entry";
    EXPECT_EQ(w.balance(a.wallet), 20'000 - 2 * 2500);
    EXPECT_EQ(w.balance(b.wallet), 20'000 - 2500);
    EXPECT_EQ(w.tournaments.registrations(t1.id)->at(0).rebuys, 1);
    EXPECT_TRUE(w.tournaments.registrations(t2.id)->empty());
}

// The same request arriving several times at once (a client's retry racing its original) pays once,
// and every copy gets the registration, not an error.
TEST(Tournaments, ConcurrentCopiesOfOnePaymentPayOnceAndAllSucceed) {
    World w;
    auto t = w.sng();
    auto a = w.player("kim", 20'000);
    constexpr int kCopies = 8;
    auto race = [&](auto call) {
        std::vector<StoreResult<Registration>> results(kCopies);
        std::vector<std::thread> threads;
        for (int i = 0; i < kCopies; ++i)
            threads.emplace_back([&, i] {
                Database db(w.t.url(), {.pool_size = 1});
                TournamentStore store(db);
                results[i] = call(store);
            });
        for (auto& thread : threads)
            thread.join();
        return results;
    };
    auto registered = race([&](TournamentStore& s) { return s.register_player(t.id, a.id, "race:buyin"); });
    for (const auto& r : registered) {
        ASSERT_TRUE(r) << r.error().message;
        EXPECT_EQ(r->id, registered[0]->id);
    }
    auto reg = registered[0]->id;
    auto rebought = race([&](TournamentStore& s) { return s.rebuy(reg, 2000, 500, "race:rebuy"); });
    for (const auto& r : rebought)
        ASSERT_TRUE(r) << r.error().message;
    auto finished = race([&](TournamentStore& s) { return s.record_finish(reg, 1, 4000, "race:prize"); });
    for (const auto& r : finished)
        ASSERT_TRUE(r) << r.error().message;
    auto after = w.tournaments.registrations(t.id).value();
    ASSERT_EQ(after.size(), 1U);
    EXPECT_EQ(after[0].rebuys, 1);
    EXPECT_EQ(after[0].prize, 4000);
    EXPECT_EQ(w.balance(a.wallet), 20'000 - 2 * 2500 + 4000);
    EXPECT_EQ(w.t.count("SELECT count(*) FROM entry_payments"), 3);
}

// An entry is refunded once: a second refund under another key (a cancellation run twice with keys
// built differently) is refused, and an entry paid back cannot win a prize or buy chips afterwards.
TEST(Tournaments, ARefundedEntryIsNotPaidAgainUnderAnotherKey) {
    World w;
    auto t = w.sng();
    auto a = w.player("lea", 10'000);
    auto b = w.player("ned", 10'000);  // whose money a second refund would take
    auto reg = w.tournaments.register_player(t.id, a.id, "buyin:lea").value();
    ASSERT_TRUE(w.tournaments.register_player(t.id, b.id, "buyin:ned"));
    ASSERT_TRUE(w.tournaments.set_state(t.id, TournamentState::cancelled));
    ASSERT_TRUE(w.tournaments.refund(reg.id, 2000, 500, "refund:lea:1"));
    auto again = w.tournaments.refund(reg.id, 2000, 500, "refund:lea:2");
    ASSERT_FALSE(again);
    EXPECT_EQ(again.error().code, StoreErrc::invalid_argument);
    auto prize = w.tournaments.record_finish(reg.id, 1, 100, "prize:lea");
    ASSERT_FALSE(prize);
    EXPECT_EQ(prize.error().code, StoreErrc::invalid_argument);
    EXPECT_EQ(w.balance(a.wallet), 10'000);
    EXPECT_EQ(w.balance(t.prize_pool), 2000);
    // A refund of nothing moves no money and records no key: running it again is not an error.
    auto reg_b = w.tournaments.registrations(t.id)->at(1).id;
    for (int i = 0; i < 2; ++i) {
        auto nothing = w.tournaments.refund(reg_b, 0, 0, "refund:ned");
        ASSERT_TRUE(nothing) << nothing.error().message;
        EXPECT_EQ(nothing->state, RegistrationState::refunded);
    }
}

// Money cannot be paid into a tournament that is over: it would sit in a pool nobody is paid from.
TEST(Tournaments, NoReBuyOrAddOnIntoATournamentThatIsOver) {
    World w;
    auto t = w.sng();
    auto a = w.player("max", 10'000);
    auto reg = w.tournaments.register_player(t.id, a.id, "buyin:max").value();
    ASSERT_TRUE(w.tournaments.set_state(t.id, TournamentState::finished));
    auto rebuy = w.tournaments.rebuy(reg.id, 2000, 500, "rebuy:max");
    ASSERT_FALSE(rebuy);
    EXPECT_EQ(rebuy.error().code, StoreErrc::invalid_argument);
    EXPECT_FALSE(w.tournaments.addon(reg.id, 2000, 500, "addon:max"));
    EXPECT_EQ(w.balance(a.wallet), 7500);
}

// One live entry (registered or playing) per account and tournament, whatever the path: a re-buy that
// would bring back an eliminated entry while a re-entry is live is refused and moves no money.
TEST(Tournaments, AnAccountHoldsOneLiveEntryPerTournament) {
    World w;
    auto t = w.sng();
    auto a = w.player("ola", 20'000);
    auto first = w.tournaments.register_player(t.id, a.id, "entry:1").value();
    ASSERT_TRUE(w.tournaments.set_registration_state(first.id, RegistrationState::eliminated));
    auto second = w.tournaments.register_player(t.id, a.id, "entry:2");
    ASSERT_TRUE(second) << second.error().message;
    EXPECT_EQ(second->entry_number, 2);
    auto rebuy = w.tournaments.rebuy(first.id, 2000, 500, "rebuy:first");
    ASSERT_FALSE(rebuy);
    EXPECT_EQ(rebuy.error().code, StoreErrc::invalid_argument);
    EXPECT_NE(rebuy.error().message.find("live entry"), std::string::npos) << rebuy.error().message;
    auto back = w.tournaments.set_registration_state(first.id, RegistrationState::playing);
    ASSERT_FALSE(back);
    EXPECT_EQ(back.error().code, StoreErrc::invalid_argument);
    EXPECT_EQ(w.balance(a.wallet), 20'000 - 2 * 2500);
}

TEST(AuditLog, OnlyOperatorsAreRecordedAndTheLogIsAppendOnly) {
    World w;
    auto op = w.accounts.create("boss", "long enough", Role::operator_).value();
    auto player = w.player("pat", 0);
    ASSERT_TRUE(
        AuditLog(w.t.db()).record(op.id, "cancel_tournament", "tournament:1", R"({"reason": "test"})"));
    EXPECT_EQ(refusal_of(AuditLog(w.t.db()).record(player.id, "cancel_tournament", "tournament:1")).code,
              StoreErrc::forbidden);
    auto recent = AuditLog(w.t.db()).recent(10).value();
    ASSERT_EQ(recent.size(), 1U);
    EXPECT_EQ(recent[0].operator_id, op.id);
    EXPECT_EQ(recent[0].action, "cancel_tournament");
    EXPECT_NE(recent[0].details_json.find("\"reason\": \"test\""), std::string::npos);
    EXPECT_THROW(w.t.query("DELETE FROM audit_log"), pqxx::sql_error);
    EXPECT_THROW(w.t.query("UPDATE audit_log SET action = 'nothing'"), pqxx::sql_error);
}
