// Sanctions as stored (persistence/sanction_store.hpp, migration 0010): appended, read back, a close
// sets accounts.closed_at (log ins refused from then on), the mutes in force for a restart.
#include "persistence/sanction_store.hpp"

#include <gtest/gtest.h>

#include "persistence/account_store.hpp"
#include "tests/persistence/fixtures.hpp"
#include "tests/persistence/test_database.hpp"
#include "tests/support/refusal_of.hpp"

using namespace tavolo::persistence;
using tavolo::testing::MigratedDatabase;

namespace {

NewSanction of(AccountId who, AccountId op, SanctionKind kind, std::string reason = "because") {
    NewSanction n;
    n.account = who;
    n.operator_id = op;
    n.kind = kind;
    n.reason = std::move(reason);
    return n;
}

}  // namespace

TEST(SanctionStore, EveryKindIsRecordedAndReadBackOldestFirst) {
    MigratedDatabase t;
    auto sng = tavolo::testing::small_tournament(t.db(), 2, 1);
    AccountStore accounts(t.db(), PasswordCost::minimum());
    auto op = accounts.create("olga", "long enough", Role::operator_).value();
    const AccountId pia = sng.players[0].account.id;
    SanctionStore store(t.db());
    auto exclusion = of(pia, op.id, SanctionKind::exclusion, "slow rolling");
    exclusion.tournament_id = raw(sng.tournament.id);
    exclusion.orbits = 2;
    exclusion.hands = 12;
    auto stored = store.record(exclusion);
    ASSERT_TRUE(stored) << stored.error().message;
    EXPECT_GT(stored->id, 0);
    auto mute = of(pia, op.id, SanctionKind::mute, "insults");
    mute.expires_at = std::chrono::system_clock::now() + std::chrono::hours(1);
    ASSERT_TRUE(store.record(mute));
    auto all = store.of_account(pia);
    ASSERT_TRUE(all);
    ASSERT_EQ(all->size(), 2u);
    EXPECT_EQ((*all)[0].sanction.kind, SanctionKind::exclusion);
    EXPECT_EQ((*all)[0].sanction.orbits, 2);
    EXPECT_EQ((*all)[0].sanction.hands, 12);
    EXPECT_EQ((*all)[0].sanction.tournament_id, raw(sng.tournament.id));
    EXPECT_EQ((*all)[0].sanction.reason, "slow rolling");
    EXPECT_EQ((*all)[1].sanction.kind, SanctionKind::mute);
    EXPECT_TRUE((*all)[1].sanction.expires_at);
    // Append-only.
    EXPECT_THROW(t.query("DELETE FROM sanctions"), std::exception);
}

TEST(SanctionStore, RefusalsChangeNothing) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    auto op = accounts.create("olga", "long enough", Role::operator_).value();
    auto pia = accounts.create("pia", "long enough").value();
    SanctionStore store(t.db());
    EXPECT_EQ(refusal_of(store.record(of(AccountId{999999}, op.id, SanctionKind::warning))).code,
              StoreErrc::not_found);
    auto bad_tournament = of(pia.id, op.id, SanctionKind::warning);
    bad_tournament.tournament_id = 999999;
    EXPECT_EQ(refusal_of(store.record(bad_tournament)).code, StoreErrc::not_found);
    auto no_orbits = of(pia.id, op.id, SanctionKind::exclusion);
    EXPECT_FALSE(store.record(no_orbits));
    EXPECT_FALSE(store.record(of(pia.id, op.id, SanctionKind::warning, "")));
    EXPECT_EQ(t.count("SELECT count(*) FROM sanctions"), 0);
}

TEST(SanctionStore, ClosingAnAccountRefusesItsLogInsAndCannotHappenTwice) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    auto op = accounts.create("olga", "long enough", Role::operator_).value();
    auto pia = accounts.create("pia", "long enough").value();
    SanctionStore store(t.db());
    EXPECT_TRUE(store.account_open(pia.id).value());
    ASSERT_TRUE(store.record(of(pia.id, op.id, SanctionKind::close_account, "fraud")));
    EXPECT_FALSE(store.account_open(pia.id).value());
    EXPECT_FALSE(accounts.authenticate("pia", "long enough"));
    EXPECT_EQ(refusal_of(store.record(of(pia.id, op.id, SanctionKind::close_account))).code,
              StoreErrc::forbidden);
    EXPECT_EQ(t.count("SELECT count(*) FROM sanctions"), 1);
}

TEST(SanctionStore, TheMutesInForceAreTheNewestPerAccountNotExpired) {
    MigratedDatabase t;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    auto op = accounts.create("olga", "long enough", Role::operator_).value();
    auto a = accounts.create("anna", "long enough").value();
    auto b = accounts.create("bert", "long enough").value();
    auto c = accounts.create("carl", "long enough").value();
    SanctionStore store(t.db());
    const auto now = std::chrono::system_clock::now();
    auto forever = of(a.id, op.id, SanctionKind::mute, "spam");
    ASSERT_TRUE(store.record(forever));
    auto expired = of(b.id, op.id, SanctionKind::mute, "old");
    expired.expires_at = now - std::chrono::minutes(1);
    ASSERT_TRUE(store.record(expired));
    auto hour = of(c.id, op.id, SanctionKind::mute, "first");
    hour.expires_at = now + std::chrono::hours(1);
    ASSERT_TRUE(store.record(hour));
    auto newer = of(c.id, op.id, SanctionKind::mute, "second");
    newer.expires_at = now + std::chrono::hours(2);
    ASSERT_TRUE(store.record(newer));
    auto mutes = store.active_mutes();
    ASSERT_TRUE(mutes);
    ASSERT_EQ(mutes->size(), 2u);
    EXPECT_EQ((*mutes)[0].account, a.id);
    EXPECT_FALSE((*mutes)[0].until);
    EXPECT_EQ((*mutes)[1].account, c.id);
    EXPECT_EQ((*mutes)[1].reason, "second");
}
