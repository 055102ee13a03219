// The operator's reads and changes of accounts (issue 12 item 2): persistence/player_directory.hpp,
// account_admin.hpp (each change with its audit entry in the same commit) and AuditLog::query.
#include "persistence/account_admin.hpp"

#include <gtest/gtest.h>

#include "persistence/audit_log.hpp"
#include "persistence/ledger.hpp"
#include "persistence/player_directory.hpp"
#include "tests/persistence/fixtures.hpp"
#include "tests/persistence/test_database.hpp"
#include "tests/support/refusal_of.hpp"

using namespace tavolo::persistence;
using tavolo::testing::MigratedDatabase;

namespace {

// The details JSON an operator action writes, in miniature.
AuditAs as(const Account& op, const std::string& action, const Account& target) {
    return {op.id, action, "account:" + std::to_string(raw(target.id)),
            [](const std::string& before, const std::string& after) {
                return "{\"before\":" + before + ",\"after\":" + after + "}";
            }};
}

struct Room {
    MigratedDatabase t;
    AccountStore accounts{t.db(), PasswordCost::minimum()};
    Account admin = accounts.create("ada", "long enough", Role::admin).value();
    Account op = accounts.create("otto", "long enough", Role::operator_).value();
    Account pia = accounts.create("pia", "long enough").value();

    std::int64_t audit_rows() const { return t.count("SELECT count(*) FROM audit_log"); }
    Cents balance(const Account& a) { return Ledger(t.db()).balance(a.wallet).value(); }
};

}  // namespace

TEST(AccountAdmin, ACreditAndADebitMoveMoneyWithTheirAuditEntryInOneCommit) {
    Room r;
    AccountAdmin admin(r.t.db());
    auto credit = admin.adjust_wallet({r.pia.id, 12'345, "k1", "goodwill"}, as(r.op, "credit_wallet", r.pia));
    ASSERT_TRUE(credit) << credit.error().message;
    EXPECT_TRUE(credit->applied);
    EXPECT_EQ(credit->before, 0);
    EXPECT_EQ(credit->after, 12'345);
    EXPECT_GT(credit->audit_id, 0);
    auto debit = admin.adjust_wallet({r.pia.id, -2'345, "k2", "correction"}, as(r.op, "debit_wallet", r.pia));
    ASSERT_TRUE(debit) << debit.error().message;
    EXPECT_EQ(debit->before, 12'345);
    EXPECT_EQ(debit->after, 10'000);
    EXPECT_EQ(r.balance(r.pia), 10'000);
    EXPECT_EQ(r.t.query("SELECT details::text FROM audit_log WHERE id = " + std::to_string(debit->audit_id)),
              R"({"after": {"balance_cents": 10000}, "before": {"balance_cents": 12345}})");
    EXPECT_EQ(r.t.query("SELECT memo FROM ledger_transactions WHERE id = " +
                        std::to_string(raw(debit->transaction))),
              "correction");
    EXPECT_EQ(Ledger(r.t.db()).audit()->mismatched_balances, 0);

    // The same key again: the same answer, nothing moved, nothing audited.
    auto replay = admin.adjust_wallet({r.pia.id, 12'345, "k1", "goodwill"}, as(r.op, "credit_wallet", r.pia));
    ASSERT_TRUE(replay);
    EXPECT_FALSE(replay->applied);
    EXPECT_EQ(replay->transaction, credit->transaction);
    EXPECT_EQ(replay->before, 0);
    EXPECT_EQ(replay->after, 12'345);
    EXPECT_EQ(r.audit_rows(), 2);
    EXPECT_EQ(r.balance(r.pia), 10'000);
}

TEST(AccountAdmin, ARefusedMovementChangesNothingAndAuditsNothing) {
    Room r;
    AccountAdmin admin(r.t.db());
    ASSERT_TRUE(admin.adjust_wallet({r.pia.id, 500, "k", "start"}, as(r.op, "credit_wallet", r.pia)));
    EXPECT_EQ(
        refusal_of(admin.adjust_wallet({r.pia.id, 501, "k", "start"}, as(r.op, "credit_wallet", r.pia))).code,
        StoreErrc::idempotency_conflict);
    EXPECT_EQ(
        refusal_of(admin.adjust_wallet({r.pia.id, -500, "k", "start"}, as(r.op, "debit_wallet", r.pia))).code,
        StoreErrc::idempotency_conflict)
        << "a debit under a credit's key";
    auto over = admin.adjust_wallet({r.pia.id, -501, "over", "too much"}, as(r.op, "debit_wallet", r.pia));
    ASSERT_FALSE(over);
    EXPECT_EQ(refusal_of(over).code, StoreErrc::insufficient_funds);
    EXPECT_NE(over.error().message.find("500"), std::string::npos) << over.error().message;
    EXPECT_EQ(
        refusal_of(admin.adjust_wallet({r.pia.id, 100, "p", "self"}, as(r.pia, "credit_wallet", r.pia))).code,
        StoreErrc::forbidden)
        << "a player's action is not an operator's";
    EXPECT_EQ(
        refusal_of(admin.adjust_wallet({AccountId{999'999}, 100, "n", "x"}, as(r.op, "credit_wallet", r.pia)))
            .code,
        StoreErrc::not_found);
    EXPECT_EQ(refusal_of(admin.adjust_wallet({r.pia.id, 0, "z", "x"}, as(r.op, "credit_wallet", r.pia))).code,
              StoreErrc::invalid_argument);
    EXPECT_EQ(r.balance(r.pia), 500);
    EXPECT_EQ(r.audit_rows(), 1);
    EXPECT_EQ(r.t.count("SELECT count(*) FROM ledger_transactions WHERE idempotency_key LIKE 'operator:%'"),
              1);
}

TEST(AccountAdmin, OnlyAnAdminChangesARoleAuditedAndTheSameRoleIsNoChange) {
    Room r;
    AccountAdmin admin(r.t.db());
    EXPECT_EQ(refusal_of(admin.set_role(r.pia.id, Role::operator_, as(r.op, "set_role", r.pia))).code,
              StoreErrc::forbidden);
    auto changed = admin.set_role(r.pia.id, Role::operator_, as(r.admin, "set_role", r.pia));
    ASSERT_TRUE(changed);
    EXPECT_EQ(changed->before, Role::player);
    EXPECT_EQ(changed->after, Role::operator_);
    EXPECT_GT(changed->audit_id, 0);
    EXPECT_EQ(r.accounts.find(r.pia.id)->role, Role::operator_);
    auto same = admin.set_role(r.pia.id, Role::operator_, as(r.admin, "set_role", r.pia));
    ASSERT_TRUE(same);
    EXPECT_EQ(same->audit_id, 0);
    EXPECT_EQ(r.audit_rows(), 1);
    EXPECT_EQ(
        refusal_of(admin.set_role(AccountId{999'999}, Role::admin, as(r.admin, "set_role", r.pia))).code,
        StoreErrc::not_found);
    EXPECT_EQ(r.t.query("SELECT details::text FROM audit_log"),
              R"({"after": {"role": "operator"}, "before": {"role": "player"}})");
}

TEST(PlayerDirectory, SearchesByNamePrefixIgnoringCaseAndTakingWildcardsLiterally) {
    Room r;
    r.accounts.create("Pietro", "long enough").value();
    r.accounts.create("p%x", "long enough").value();
    PlayerDirectory directory(r.t.db());
    auto found = directory.search("PI", 10).value();
    ASSERT_EQ(found.size(), 2u);
    EXPECT_EQ(found[0].name, "pia");
    EXPECT_EQ(found[1].name, "Pietro");
    EXPECT_EQ(found[0].role, Role::player);
    EXPECT_FALSE(found[0].closed);
    EXPECT_EQ(directory.search("p%", 10)->size(), 1u);
    EXPECT_EQ(directory.search("", 2)->size(), 2u);
    r.t.query("UPDATE accounts SET closed_at = now() WHERE name = 'pia' RETURNING 1");
    EXPECT_TRUE(directory.search("pia", 10)->front().closed);
}

TEST(PlayerDirectory, InspectsWalletEntriesPagedTournamentsAndSanctions) {
    MigratedDatabase t;
    auto sng = tavolo::testing::small_tournament(t.db(), 2, 1);
    const Account player = sng.players[0].account;
    AccountStore accounts(t.db(), PasswordCost::minimum());
    const Account op = accounts.create("otto", "long enough", Role::operator_).value();
    AccountAdmin admin(t.db());
    for (int i = 1; i <= 3; ++i)
        ASSERT_TRUE(
            admin.adjust_wallet({player.id, 100 * i, "c" + std::to_string(i), "gift " + std::to_string(i)},
                                as(op, "credit_wallet", player)));
    t.query("INSERT INTO sanctions (account_id, kind, tournament_id, reason, operator_id) VALUES (" +
            std::to_string(raw(player.id)) + ", 'warning', " + std::to_string(raw(sng.tournament.id)) +
            ", 'slow play', " + std::to_string(raw(op.id)) + ") RETURNING 1");

    PlayerDirectory directory(t.db());
    auto file = directory.inspect(player.id, 2, std::nullopt).value();
    EXPECT_EQ(file.account.name, player.name);
    EXPECT_EQ(file.balance, 10'000 - 2'500 + 600);
    ASSERT_EQ(file.entries.size(), 2u);
    EXPECT_TRUE(file.more_entries);
    EXPECT_EQ(file.entries[0].amount, 300);
    EXPECT_EQ(file.entries[0].memo, "gift 3");
    EXPECT_EQ(file.entries[0].kind, "deposit");
    EXPECT_EQ(file.entries[0].counterpart, "external");
    auto older = directory.inspect(player.id, 10, file.entries.back().id).value();
    ASSERT_EQ(older.entries.size(), 3u) << "gift 1, the buy-in, the first deposit";
    EXPECT_FALSE(older.more_entries);
    EXPECT_EQ(older.entries[0].amount, 100);
    EXPECT_EQ(older.entries[1].amount, -2'500);
    EXPECT_NE(older.entries[1].counterpart.find("tournament:" + std::to_string(raw(sng.tournament.id))),
              std::string::npos)
        << older.entries[1].counterpart;
    ASSERT_EQ(file.tournaments.size(), 1u);
    EXPECT_EQ(file.tournaments[0].tournament, sng.tournament.id);
    EXPECT_EQ(file.tournaments[0].tournament_name, "Test SNG");
    EXPECT_EQ(file.tournaments[0].paid, 2'500);
    EXPECT_FALSE(file.tournaments[0].place.has_value());
    ASSERT_EQ(file.sanctions.size(), 1u);
    EXPECT_EQ(file.sanctions[0].kind, "warning");
    EXPECT_EQ(file.sanctions[0].reason, "slow play");
    EXPECT_EQ(file.sanctions[0].operator_name, "otto");
    EXPECT_EQ(refusal_of(directory.inspect(AccountId{999'999}, 5, std::nullopt)).code, StoreErrc::not_found);
}

TEST(AuditLogQuery, FiltersByOperatorActionAndTargetAndPagesNewestFirst) {
    Room r;
    AuditLog log(r.t.db());
    ASSERT_TRUE(log.record(r.op.id, "credit_wallet", "account:1", R"({"reason":"a"})"));
    ASSERT_TRUE(log.record(r.admin.id, "set_role", "account:2"));
    ASSERT_TRUE(log.record(r.op.id, "debit_wallet", "account:1"));
    ASSERT_TRUE(log.record(r.op.id, "credit_wallet", "account:3"));
    AuditQuery q;
    auto all = log.query(q).value();
    ASSERT_EQ(all.size(), 4u);
    EXPECT_GT(all[0].id, all[1].id);
    EXPECT_EQ(all[1].operator_name, "otto");
    q.operator_id = r.op.id;
    EXPECT_EQ(log.query(q)->size(), 3u);
    q.action = "credit_wallet";
    EXPECT_EQ(log.query(q)->size(), 2u);
    q.target = "account:1";
    auto one = log.query(q).value();
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].details_json, R"({"reason": "a"})");
    AuditQuery page;
    page.limit = 2;
    auto first = log.query(page).value();
    ASSERT_EQ(first.size(), 2u);
    page.before = first.back().id;
    auto second = log.query(page).value();
    ASSERT_EQ(second.size(), 2u);
    EXPECT_LT(second[0].id, first.back().id);
    EXPECT_EQ(log.recent(10)->size(), 4u);
}
