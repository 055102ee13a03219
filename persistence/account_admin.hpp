#pragma once
// The changes an operator makes to an account (issue 12 item 2): credit or debit its wallet, change its
// role. Each commits together with its audit log entry, so a change is never without its entry nor an
// entry without its change; a refused change writes neither.
#include <functional>
#include <string>

#include "engine/types.hpp"
#include "persistence/account_store.hpp"
#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

// Who audits the change and how: `details` makes the entry's details (JSON) from the target's state
// before and after (JSON), known only inside the transaction (server/operator/operator_action.hpp's
// audit_details).
struct AuditAs {
    AccountId operator_id{};
    std::string action;  // "credit_wallet", "set_role"
    std::string target;  // "account:7"
    std::function<std::string(const std::string& before_json, const std::string& after_json)> details;
};

struct WalletAdjustment {
    AccountId account{};
    engine::Cents amount = 0;  // > 0: a credit from the external wallet; < 0: a debit back to it
    std::string key;           // the operator's idempotency key (1 to 100 bytes), per account
    std::string memo;          // the operator's reason
};

struct WalletAdjusted {
    LedgerTransactionId transaction{};
    bool applied = false;      // false: the key was used before for this same movement; nothing moved now
    engine::Cents before = 0;  // the wallet's balance just before the movement and just after it
    engine::Cents after = 0;
    std::int64_t audit_id = 0;  // the audit entry of the movement (0 for a replay: none was written)
};

struct RoleChanged {
    Role before = Role::player;
    Role after = Role::player;
    std::int64_t audit_id = 0;  // 0 when the role already was `after` (nothing changed, nothing audited)
};

class AccountAdmin {
  public:
    explicit AccountAdmin(Database& db);

    // The movement under the ledger key "operator:<account>:<key>" with its audit entry (before and
    // after: {"balance_cents": N}). A replay of the same key and amount moves nothing and returns the
    // movement as it was; the key with another amount or direction is idempotency_conflict;
    // insufficient_funds for a debit beyond the balance; not_found for an unknown account;
    // invalid_argument for a zero amount or a bad key; forbidden when the operator is not one.
    StoreResult<WalletAdjusted> adjust_wallet(const WalletAdjustment& adjustment, const AuditAs& audit);

    // The account's new role with its audit entry (before and after: {"role": "..."}); forbidden
    // unless the auditing account is an admin, not_found for an unknown account.
    StoreResult<RoleChanged> set_role(AccountId account, Role role, const AuditAs& audit);

  private:
    Database& db_;
};

}  // namespace tavolo::persistence
