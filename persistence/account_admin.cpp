#include "persistence/account_admin.hpp"

#include "persistence/detail/audit_work.hpp"
#include "persistence/detail/ledger_work.hpp"
#include "persistence/detail/sql_enums.hpp"
#include "persistence/detail/transact.hpp"
#include "persistence/ledger.hpp"

namespace tavolo::persistence {

namespace {

std::string balance_json(engine::Cents cents) {
    return "{\"balance_cents\":" + std::to_string(cents) + "}";
}

std::string role_json(Role role) {
    return std::string("{\"role\":\"") + detail::to_sql(role) + "\"}";
}

}  // namespace

AccountAdmin::AccountAdmin(Database& db) : db_(db) {}

StoreResult<WalletAdjusted> AccountAdmin::adjust_wallet(const WalletAdjustment& a, const AuditAs& audit) {
    if (a.amount == 0)
        return store_error(StoreErrc::invalid_argument, "amount_cents: a movement is not zero");
    if (a.key.empty() || a.key.size() > 100)
        return store_error(StoreErrc::invalid_argument, "key: 1 to 100 bytes");
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<WalletAdjusted> {
        auto wallets = tx.exec_params(
            "SELECT (SELECT id FROM wallets WHERE account_id = $1), (SELECT id FROM wallets WHERE kind = "
            "'external')",
            raw(a.account));
        if (wallets[0][0].is_null())
            return store_error(StoreErrc::not_found, "no account " + std::to_string(raw(a.account)));
        const WalletId player{wallets[0][0].as<std::int64_t>()};
        const WalletId external{wallets[0][1].as<std::int64_t>()};
        const bool credit = a.amount > 0;
        Movement movement = credit ? transfer("", "deposit", external, player, a.amount)
                                   : transfer("", "withdrawal", player, external, -a.amount);
        movement.key = "operator:" + std::to_string(raw(a.account)) + ":" + a.key;
        movement.memo = a.memo;
        auto posted = detail::post_movements(tx, std::span(&movement, 1)).front();
        if (!posted && posted.error().code == StoreErrc::insufficient_funds) {
            const auto held = tx.exec_params1("SELECT balance FROM wallets WHERE id = $1", raw(player))[0];
            return store_error(StoreErrc::insufficient_funds,
                               "insufficient funds: account " + std::to_string(raw(a.account)) + " holds " +
                                   held.as<std::string>() + " cents, less than the debit of " +
                                   std::to_string(-a.amount) + " cents; nothing moved");
        }
        if (!posted && posted.error().code == StoreErrc::idempotency_conflict)
            return store_error(StoreErrc::idempotency_conflict,
                               "key '" + a.key + "' was used before for another movement of account " +
                                   std::to_string(raw(a.account)) +
                                   " (another amount or direction): nothing moved; use a new key");
        if (!posted) return std::unexpected(posted.error());
        // The balances around this movement, from the wallet's entries (the same answer for a replay).
        auto row = tx.exec_params1(
            "SELECT e.amount, (SELECT sum(x.amount) FROM ledger_entries x WHERE x.wallet_id = $2 AND x.id <= "
            "e.id) "
            "FROM ledger_entries e WHERE e.transaction_id = $1 AND e.wallet_id = $2",
            raw(posted->transaction), raw(player));
        WalletAdjusted out;
        out.transaction = posted->transaction;
        out.applied = posted->applied;
        out.after = row[1].as<engine::Cents>();
        out.before = out.after - row[0].as<engine::Cents>();
        if (!out.applied) return out;
        auto entry = detail::append_audit(tx, audit.operator_id, audit.action, audit.target,
                                          audit.details(balance_json(out.before), balance_json(out.after)));
        if (!entry) return std::unexpected(entry.error());
        out.audit_id = *entry;
        return out;
    });
}

StoreResult<RoleChanged> AccountAdmin::set_role(AccountId account, Role role, const AuditAs& audit) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<RoleChanged> {
        auto by = tx.exec_params("SELECT role FROM accounts WHERE id = $1", raw(audit.operator_id));
        if (by.empty() || by[0][0].as<std::string>() != "admin")
            return store_error(StoreErrc::forbidden, "only an admin changes roles");
        auto rows = tx.exec_params("SELECT role FROM accounts WHERE id = $1 FOR UPDATE", raw(account));
        if (rows.empty())
            return store_error(StoreErrc::not_found, "no account " + std::to_string(raw(account)));
        RoleChanged out;
        out.before = detail::read_sql<Role>(rows[0][0].as<std::string>(), "accounts.role");
        out.after = role;
        if (out.before == role) return out;
        tx.exec_params0("UPDATE accounts SET role = $2 WHERE id = $1", raw(account), detail::to_sql(role));
        auto entry = detail::append_audit(tx, audit.operator_id, audit.action, audit.target,
                                          audit.details(role_json(out.before), role_json(role)));
        if (!entry) return std::unexpected(entry.error());
        out.audit_id = *entry;
        return out;
    });
}

}  // namespace tavolo::persistence
