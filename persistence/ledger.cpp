#include "persistence/ledger.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "persistence/detail/ledger_work.hpp"
#include "persistence/detail/sql_array.hpp"
#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

Movement transfer(std::string key, std::string kind, WalletId from, WalletId to, Cents amount) {
    return {std::move(key), std::move(kind), {{from, -amount}, {to, amount}}, {}};
}

namespace detail {

namespace {

using Legs = std::vector<std::pair<std::int64_t, Cents>>;  // (wallet, amount), by wallet, merged

Legs normalised(const std::vector<Leg>& legs) {
    std::map<std::int64_t, Cents> by_wallet;
    for (const auto& leg : legs)
        by_wallet[raw(leg.wallet)] += leg.amount;
    Legs out;
    for (auto [wallet, amount] : by_wallet)
        if (amount != 0) out.emplace_back(wallet, amount);
    return out;
}

std::optional<StoreError> malformed(const Movement& m) {
    if (m.key.empty() || m.key.size() > 200)
        return StoreError{StoreErrc::invalid_argument,
                          "a movement needs an idempotency key of 1 to 200 bytes"};
    if (m.legs.size() < 2) return StoreError{StoreErrc::invalid_argument, "a movement has at least two legs"};
    Cents sum = 0;
    std::map<std::int64_t, Cents> by_wallet;  // what normalised() adds up, checked here first
    for (const auto& leg : m.legs) {
        if (leg.amount == 0) return StoreError{StoreErrc::invalid_argument, "a leg cannot be zero"};
        if (__builtin_add_overflow(sum, leg.amount, &sum) ||
            __builtin_add_overflow(by_wallet[raw(leg.wallet)], leg.amount, &by_wallet[raw(leg.wallet)]))
            return StoreError{StoreErrc::invalid_argument,
                              "the legs of movement " + m.key + " overflow 64-bit cents"};
    }
    if (sum != 0) return StoreError{StoreErrc::invalid_argument, "the legs of a movement must sum to zero"};
    if (normalised(m.legs).size() < 2)
        return StoreError{StoreErrc::invalid_argument, "a movement must involve two wallets"};
    return std::nullopt;
}

struct WalletState {
    Cents balance = 0;
    bool may_go_negative = false;
};

}  // namespace

std::vector<StoreResult<Posted>> post_movements(pqxx::work& tx, std::span<const Movement> movements) {
    std::vector<StoreResult<Posted>> results(movements.size(), StoreResult<Posted>{});
    std::vector<bool> pending(movements.size(), false);
    std::vector<std::int64_t> wallet_ids;
    std::vector<std::string> keys;
    for (std::size_t i = 0; i < movements.size(); ++i) {
        if (auto bad = malformed(movements[i])) {
            results[i] = std::unexpected(*bad);
            continue;
        }
        pending[i] = true;
        keys.push_back(movements[i].key);
        for (const auto& leg : movements[i].legs)
            wallet_ids.push_back(raw(leg.wallet));
    }
    if (keys.empty()) return results;
    std::sort(wallet_ids.begin(), wallet_ids.end());
    wallet_ids.erase(std::unique(wallet_ids.begin(), wallet_ids.end()), wallet_ids.end());

    // Lock every wallet involved, in id order: concurrent posters never deadlock.
    std::unordered_map<std::int64_t, WalletState> wallets;
    for (const auto& row : tx.exec_params("SELECT id, balance, kind = 'external' FROM wallets "
                                          "WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE",
                                          int_array(wallet_ids)))
        wallets[row[0].as<std::int64_t>()] = {row[1].as<Cents>(), row[2].as<bool>()};

    // Keys posted before: a replay of the same movement (kind and legs) is a no-op, anything else
    // under the same key a conflict.
    struct Previous {
        std::int64_t id = 0;
        std::string kind;
        Legs legs;
    };
    std::unordered_map<std::string, Previous> posted;
    {
        std::unordered_map<std::string, std::pair<Previous, std::vector<Leg>>> raw_legs;
        for (const auto& row :
             tx.exec_params("SELECT t.idempotency_key, t.id, t.kind, e.wallet_id, e.amount "
                            "FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id "
                            "WHERE t.idempotency_key = ANY($1::text[])",
                            text_array(keys))) {
            auto& entry = raw_legs[row[0].as<std::string>()];
            entry.first.id = row[1].as<std::int64_t>();
            entry.first.kind = row[2].as<std::string>();
            entry.second.push_back({WalletId{row[3].as<std::int64_t>()}, row[4].as<Cents>()});
        }
        for (auto& [key, value] : raw_legs) {
            value.first.legs = normalised(value.second);
            posted[key] = std::move(value.first);
        }
    }

    std::vector<std::size_t> accepted;
    std::unordered_map<std::string, std::size_t> new_keys;  // key -> index of its first movement here
    for (std::size_t i = 0; i < movements.size(); ++i) {
        if (!pending[i]) continue;
        const auto& m = movements[i];
        Legs legs = normalised(m.legs);
        if (auto it = posted.find(m.key); it != posted.end()) {
            if (it->second.legs == legs && it->second.kind == m.kind)
                results[i] = Posted{LedgerTransactionId{it->second.id}, false};
            else
                results[i] =
                    store_error(StoreErrc::idempotency_conflict,
                                "idempotency key " + m.key + " was already used for another movement");
            continue;
        }
        if (auto it = new_keys.find(m.key); it != new_keys.end()) {
            pending[i] = false;  // resolved below, once the first one has its id
            if (normalised(movements[it->second].legs) != legs || movements[it->second].kind != m.kind)
                results[i] =
                    store_error(StoreErrc::idempotency_conflict,
                                "idempotency key " + m.key + " appears twice with different movements");
            continue;
        }
        bool known =
            std::all_of(legs.begin(), legs.end(), [&](const auto& l) { return wallets.contains(l.first); });
        if (!known) {
            results[i] = store_error(StoreErrc::not_found, "movement " + m.key + " names an unknown wallet");
            continue;
        }
        bool overflows = std::any_of(legs.begin(), legs.end(), [&](const auto& l) {
            Cents after;
            return __builtin_add_overflow(wallets[l.first].balance, l.second, &after);
        });
        if (overflows) {
            results[i] = store_error(StoreErrc::invalid_argument,
                                     "movement " + m.key + " would take a balance past 64-bit cents");
            continue;
        }
        bool covered = std::all_of(legs.begin(), legs.end(), [&](const auto& l) {
            const auto& w = wallets[l.first];
            return w.may_go_negative || w.balance + l.second >= 0;
        });
        if (!covered) {
            results[i] = store_error(StoreErrc::insufficient_funds, "insufficient funds for " + m.key);
            continue;
        }
        for (const auto& [wallet, amount] : legs)
            wallets[wallet].balance += amount;
        new_keys.emplace(m.key, i);
        accepted.push_back(i);
    }
    if (accepted.empty()) {
        for (std::size_t i = 0; i < movements.size(); ++i)
            if (!pending[i] && results[i] && new_keys.contains(movements[i].key))
                results[i] = results[new_keys[movements[i].key]];
        return results;
    }

    std::vector<std::string> acc_keys, kinds, memos;
    for (auto i : accepted) {
        acc_keys.push_back(movements[i].key);
        kinds.push_back(movements[i].kind);
        memos.push_back(movements[i].memo);
    }
    std::unordered_map<std::string, std::int64_t> ids;
    for (const auto& row :
         tx.exec_params("INSERT INTO ledger_transactions (idempotency_key, kind, memo) "
                        "SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) "
                        "ON CONFLICT (idempotency_key) DO NOTHING RETURNING idempotency_key, id",
                        text_array(acc_keys), text_array(kinds), text_array(memos)))
        ids[row[0].as<std::string>()] = row[1].as<std::int64_t>();
    if (ids.size() != accepted.size())
        // Another transaction committed one of these keys since we looked: start again, we will see it.
        throw pqxx::serialization_failure("an idempotency key was posted concurrently; retrying");

    std::vector<std::int64_t> entry_tx, entry_wallet, entry_amount;
    for (auto i : accepted) {
        auto id = ids[movements[i].key];
        for (const auto& [wallet, amount] : normalised(movements[i].legs)) {
            entry_tx.push_back(id);
            entry_wallet.push_back(wallet);
            entry_amount.push_back(amount);
        }
        results[i] = Posted{LedgerTransactionId{id}, true};
    }
    tx.exec_params0(
        "INSERT INTO ledger_entries (transaction_id, wallet_id, amount) "
        "SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[])",
        int_array(entry_tx), int_array(entry_wallet), int_array(entry_amount));

    // Repeats of a key inside this batch: the same transaction, not applied again.
    for (std::size_t i = 0; i < movements.size(); ++i) {
        if (pending[i] || !results[i]) continue;
        if (auto it = new_keys.find(movements[i].key); it != new_keys.end() && it->second != i)
            results[i] = Posted{LedgerTransactionId{ids[movements[i].key]}, false};
    }
    return results;
}

}  // namespace detail

Ledger::Ledger(Database& db) : db_(db) {}

namespace {

StoreResult<WalletId> system_wallet(Database& db, const char* kind) {
    return detail::transact(db, [&](pqxx::work& tx) -> StoreResult<WalletId> {
        auto rows = tx.exec_params("SELECT id FROM wallets WHERE kind = $1", kind);
        if (rows.empty())
            return store_error(StoreErrc::not_found, std::string("no ") + kind + " wallet: migrate first");
        return WalletId{rows[0][0].as<std::int64_t>()};
    });
}

}  // namespace

StoreResult<WalletId> Ledger::house_wallet() {
    return system_wallet(db_, "house");
}
StoreResult<WalletId> Ledger::external_wallet() {
    return system_wallet(db_, "external");
}

StoreResult<WalletId> Ledger::wallet_of(AccountId account) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<WalletId> {
        auto rows = tx.exec_params("SELECT id FROM wallets WHERE account_id = $1", raw(account));
        if (rows.empty()) return store_error(StoreErrc::not_found, "no such account");
        return WalletId{rows[0][0].as<std::int64_t>()};
    });
}

StoreResult<Cents> Ledger::balance(WalletId wallet) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<Cents> {
        auto rows = tx.exec_params("SELECT balance FROM wallets WHERE id = $1", raw(wallet));
        if (rows.empty()) return store_error(StoreErrc::not_found, "no such wallet");
        return rows[0][0].as<Cents>();
    });
}

StoreResult<Posted> Ledger::post(const Movement& movement) {
    auto results = post_batch(std::span(&movement, 1));
    return results.front();
}

std::vector<StoreResult<Posted>> Ledger::post_batch(std::span<const Movement> movements) {
    using Results = std::vector<StoreResult<Posted>>;
    auto outcome = detail::transact(
        db_, [&](pqxx::work& tx) -> StoreResult<Results> { return detail::post_movements(tx, movements); });
    if (outcome) return *outcome;
    return Results(movements.size(), std::unexpected(outcome.error()));
}

StoreResult<Posted> Ledger::deposit(WalletId to, Cents amount, std::string key) {
    if (amount <= 0) return store_error(StoreErrc::invalid_argument, "a deposit is a positive amount");
    auto external = external_wallet();
    if (!external) return std::unexpected(external.error());
    return post(transfer(std::move(key), "deposit", *external, to, amount));
}

StoreResult<Posted> Ledger::withdraw(WalletId from, Cents amount, std::string key) {
    if (amount <= 0) return store_error(StoreErrc::invalid_argument, "a withdrawal is a positive amount");
    auto external = external_wallet();
    if (!external) return std::unexpected(external.error());
    return post(transfer(std::move(key), "withdrawal", from, *external, amount));
}

StoreResult<LedgerAudit> Ledger::audit() {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<LedgerAudit> {
        auto row = tx.exec1(
            "SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_entries),"
            " (SELECT count(*) FROM wallets WHERE balance < 0 AND kind <> 'external'),"
            " (SELECT count(*) FROM wallets w LEFT JOIN (SELECT wallet_id, sum(amount) AS s FROM "
            "ledger_entries"
            "   GROUP BY wallet_id) e ON e.wallet_id = w.id WHERE w.balance <> coalesce(e.s, 0)),"
            " (SELECT count(*) FROM ledger_transactions), (SELECT count(*) FROM ledger_entries)");
        return LedgerAudit{row[0].as<Cents>(), row[1].as<std::int64_t>(), row[2].as<std::int64_t>(),
                           row[3].as<std::int64_t>(), row[4].as<std::int64_t>()};
    });
}

}  // namespace tavolo::persistence
