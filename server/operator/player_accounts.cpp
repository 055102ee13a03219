#include "server/operator/player_accounts.hpp"

#include <memory>

#include "persistence/account_admin.hpp"
#include "persistence/player_directory.hpp"
#include "server/operator/operator_action.hpp"

namespace tavolo::server::operators {

using persistence::Database;
using persistence::Executor;
using persistence::StoreResult;

namespace {

// The audit entry's maker: the action with the state before and after filled in the transaction.
persistence::AuditAs audited_as(const OperatorAction& action) {
    return {action.operator_id, action.action, action.target,
            [action](const std::string& before, const std::string& after) {
                OperatorAction filled = action;
                filled.before_json = before;
                filled.after_json = after;
                return audit_details(filled);
            }};
}

OperatorAction action_of(const persistence::Account& caller, std::string what, persistence::AccountId target,
                         std::string reason) {
    OperatorAction a;
    a.operator_id = caller.id;
    a.operator_name = caller.name;
    a.action = std::move(what);
    a.target = "account:" + std::to_string(raw(target));
    a.reason = std::move(reason);
    return a;
}

// Submits `work`, answering `done` with the write service's refusal when it is not accepted.
template <class T, class Work>
void run(persistence::WriteService& writes, Work work, std::function<void(StoreResult<T>)> done) {
    auto accepted = writes.submit<T>(std::move(work), done, Executor::service_thread());
    if (!accepted) done(std::unexpected(accepted.error()));
}

}  // namespace

void PlayerAccounts::search(std::string prefix, int limit,
                            Done<std::vector<persistence::PlayerSummary>> done) {
    run<std::vector<persistence::PlayerSummary>>(
        writes_,
        [prefix = std::move(prefix), limit](Database& db) {
            return persistence::PlayerDirectory(db).search(prefix, limit);
        },
        std::move(done));
}

void PlayerAccounts::inspect(persistence::AccountId account, int entries, std::optional<std::int64_t> before,
                             Done<persistence::PlayerFile> done) {
    run<persistence::PlayerFile>(
        writes_,
        [account, entries, before](Database& db) {
            return persistence::PlayerDirectory(db).inspect(account, entries, before);
        },
        std::move(done));
}

void PlayerAccounts::adjust_wallet(persistence::Account caller, api::WalletRequest request,
                                   Done<persistence::WalletAdjusted> done) {
    const auto action = std::make_shared<OperatorAction>(action_of(
        caller, request.credit ? "credit_wallet" : "debit_wallet", request.account, request.reason));
    persistence::WalletAdjustment adjustment{
        request.account, request.credit ? request.amount : -request.amount, request.key, request.reason};
    run<persistence::WalletAdjusted>(
        writes_,
        [adjustment, action](Database& db) {
            return persistence::AccountAdmin(db).adjust_wallet(adjustment, audited_as(*action));
        },
        [action, done = std::move(done), amount = request.amount,
         key = request.key](StoreResult<persistence::WalletAdjusted> moved) {
            if (!moved)
                log_action(*action, "refused: " + moved.error().message);
            else if (!moved->applied)
                log_action(*action, "replay of key " + key + ": nothing moved");
            else
                log_action(*action, std::to_string(amount) + " cents, balance " +
                                        std::to_string(moved->before) + " -> " +
                                        std::to_string(moved->after));
            done(std::move(moved));
        });
}

void PlayerAccounts::set_role(persistence::Account caller, api::RoleRequest request,
                              Done<persistence::RoleChanged> done) {
    const auto action =
        std::make_shared<OperatorAction>(action_of(caller, "set_role", request.account, request.reason));
    run<persistence::RoleChanged>(
        writes_,
        [account = request.account, role = request.role, action](Database& db) {
            return persistence::AccountAdmin(db).set_role(account, role, audited_as(*action));
        },
        [action, done = std::move(done)](StoreResult<persistence::RoleChanged> changed) {
            if (!changed)
                log_action(*action, "refused: " + changed.error().message);
            else
                log_action(*action, std::string(persistence::to_string(changed->before)) + " -> " +
                                        persistence::to_string(changed->after) +
                                        (changed->audit_id == 0 ? " (unchanged)" : ""));
            done(std::move(changed));
        });
}

}  // namespace tavolo::server::operators
