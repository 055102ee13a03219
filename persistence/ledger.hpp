#pragma once
// The wallet as a double-entry ledger. Every movement of money is one ledger transaction: a unique
// idempotency key and two or more entries (signed cents per wallet) that sum to zero. The database
// maintains the balances from the entries and refuses any that would go negative (only the
// "external" wallet, the counterpart of deposits and withdrawals, may). Posting the same key twice
// moves the money once.
#include <span>
#include <string>
#include <vector>

#include "engine/types.hpp"
#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

using engine::Cents;

struct Leg {
    WalletId wallet{};
    Cents amount = 0;  // > 0: money into the wallet; < 0: out of it
};

struct Movement {
    std::string key;   // idempotency key, unique forever: "buyin:t42:a7:1", "refund:t42:r9"...
    std::string kind;  // "deposit", "buy_in", "prize", "refund", "transfer"...
    std::vector<Leg> legs;
    std::string memo;
};

// `amount` from one wallet to another.
Movement transfer(std::string key, std::string kind, WalletId from, WalletId to, Cents amount);

struct Posted {
    LedgerTransactionId transaction{};
    bool applied = false;  // false: the key had been posted before, nothing moved this time
};

struct LedgerAudit {
    Cents sum_of_entries = 0;              // always 0
    std::int64_t negative_wallets = 0;     // always 0 (the external wallet excepted)
    std::int64_t mismatched_balances = 0;  // wallets whose balance differs from their entries' sum: 0
    std::int64_t transactions = 0;
    std::int64_t entries = 0;
};

class Ledger {
  public:
    explicit Ledger(Database& db);

    StoreResult<WalletId> house_wallet();
    StoreResult<WalletId> external_wallet();
    StoreResult<WalletId> wallet_of(AccountId account);
    StoreResult<Cents> balance(WalletId wallet);

    // One movement in its own transaction. insufficient_funds, not_found (unknown wallet),
    // invalid_argument (legs not summing to zero, a zero amount, fewer than two legs, no key),
    // idempotency_conflict (the key was posted with other legs).
    StoreResult<Posted> post(const Movement& movement);
    // Many movements in one transaction (one commit): each succeeds or fails on its own, in order,
    // and the results line up with the input. A failure of the whole transaction fails every item.
    std::vector<StoreResult<Posted>> post_batch(std::span<const Movement> movements);

    // Money entering from outside (the external wallet) and leaving to it.
    StoreResult<Posted> deposit(WalletId to, Cents amount, std::string key);
    StoreResult<Posted> withdraw(WalletId from, Cents amount, std::string key);

    // The ledger's invariants, checked by the database over every entry.
    StoreResult<LedgerAudit> audit();

  private:
    Database& db_;
};

}  // namespace tavolo::persistence
