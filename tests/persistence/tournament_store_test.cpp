#include "persistence/tournament_store.hpp"

#include <gtest/gtest.h>

#include "persistence/account_store.hpp"
#include "persistence/audit_log.hpp"
#include "persistence/ledger.hpp"
#include "tests/persistence/test_database.hpp"

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
    EXPECT_EQ(back.spec.state, "registering");
    ASSERT_TRUE(w.tournaments.set_state(t.id, "running"));
    EXPECT_EQ(w.tournaments.find(t.id)->spec.state, "running");
    EXPECT_EQ(w.tournaments.set_state(t.id, "exploded").error().code, StoreErrc::invalid_argument);
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
    EXPECT_EQ(finished->state, "winner");
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
    ASSERT_TRUE(w.tournaments.set_state(t.id, "cancelled"));
    for (int i = 0; i < 2; ++i) {
        auto r = w.tournaments.refund(reg.id, 2000, 500, "refund:t1:gus");
        ASSERT_TRUE(r) << r.error().message;
        EXPECT_EQ(r->refund, 2500);
        EXPECT_EQ(r->state, "refunded");
    }
    EXPECT_EQ(w.balance(a.wallet), 2500);
    EXPECT_EQ(w.balance(t.prize_pool), 0);
    EXPECT_EQ(w.house(), 0);
    auto late = w.tournaments.register_player(t.id, a.id, "buyin:gus:late");
    ASSERT_FALSE(late);
    EXPECT_EQ(late.error().code, StoreErrc::invalid_argument);
}

TEST(AuditLog, OnlyOperatorsAreRecordedAndTheLogIsAppendOnly) {
    World w;
    auto op = w.accounts.create("boss", "long enough", Role::operator_).value();
    auto player = w.player("pat", 0);
    ASSERT_TRUE(
        AuditLog(w.t.db()).record(op.id, "cancel_tournament", "tournament:1", R"({"reason": "test"})"));
    EXPECT_EQ(AuditLog(w.t.db()).record(player.id, "cancel_tournament", "tournament:1").error().code,
              StoreErrc::forbidden);
    auto recent = AuditLog(w.t.db()).recent(10).value();
    ASSERT_EQ(recent.size(), 1U);
    EXPECT_EQ(recent[0].operator_id, op.id);
    EXPECT_EQ(recent[0].action, "cancel_tournament");
    EXPECT_NE(recent[0].details_json.find("\"reason\": \"test\""), std::string::npos);
    EXPECT_THROW(w.t.query("DELETE FROM audit_log"), pqxx::sql_error);
    EXPECT_THROW(w.t.query("UPDATE audit_log SET action = 'nothing'"), pqxx::sql_error);
}
