#include "persistence/account_store.hpp"

#include <map>
#include <mutex>

#include "persistence/detail/ledger_work.hpp"
#include "persistence/detail/sodium.hpp"
#include "persistence/detail/sql_array.hpp"
#include "persistence/detail/sql_enums.hpp"
#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

namespace {

constexpr const char* kSelectAccount =
    "SELECT a.id, a.name, a.role, w.id FROM accounts a JOIN wallets w ON w.account_id = a.id ";

Account account_from(const pqxx::row& row) {
    return {AccountId{row[0].as<std::int64_t>()}, row[1].as<std::string>(),
            detail::read_sql<Role>(row[2].as<std::string>(), "accounts.role"),
            WalletId{row[3].as<std::int64_t>()}};
}

StoreResult<Account> one_account(const pqxx::result& rows, const char* what) {
    if (rows.empty()) return store_error(StoreErrc::not_found, what);
    return account_from(rows[0]);
}

// A hash made with the store's cost, once per process, to verify against when a name is unknown.
const std::string& dummy_hash(PasswordCost cost) {
    static std::mutex mutex;
    static std::map<std::pair<unsigned long long, std::size_t>, std::string> hashes;
    std::lock_guard lock(mutex);
    auto& hash = hashes[{cost.ops_limit, cost.mem_limit}];
    if (hash.empty()) hash = hash_password("no such account", cost);
    return hash;
}

std::size_t utf8_length(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char c : s)
        n += (c & 0xC0) != 0x80;
    return n;
}

std::optional<StoreError> bad_name(const std::string& name) {
    if (name.empty() || utf8_length(name) > 32)
        return StoreError{StoreErrc::invalid_argument, "an account name has 1 to 32 characters"};
    return std::nullopt;
}

// The grant in the account's own transaction, so an account never exists without it.
StoreResult<void> grant_in(pqxx::work& tx, const Account& account, engine::Cents grant) {
    if (grant == 0) return {};
    if (grant < 0) return store_error(StoreErrc::invalid_argument, "a starting grant is not negative");
    auto external = tx.exec("SELECT id FROM wallets WHERE kind = 'external'");
    if (external.empty()) return store_error(StoreErrc::not_found, "no external wallet: migrate first");
    const Movement movement = transfer("grant:" + std::to_string(raw(account.id)), "deposit",
                                       WalletId{external[0][0].as<std::int64_t>()}, account.wallet, grant);
    auto posted = detail::post_movements(tx, std::span(&movement, 1));
    if (!posted.front()) return std::unexpected(posted.front().error());
    return {};
}

}  // namespace

AccountStore::AccountStore(Database& db, PasswordCost cost) : db_(db), cost_(cost) {}

StoreResult<Account> AccountStore::create(const std::string& name, const std::string& password, Role role) {
    if (name.empty() || utf8_length(name) > 32)
        return store_error(StoreErrc::invalid_argument, "an account name has 1 to 32 characters");
    if (password.size() < 8)
        return store_error(StoreErrc::invalid_argument, "a password has at least 8 characters");
    // Hash before the transaction: Argon2id is slow on purpose, and must not hold a connection.
    std::string hash = hash_password(password, cost_);
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<Account> {
        auto row = tx.exec_params1(
            "INSERT INTO accounts (name, password_hash, role) VALUES ($1, $2, $3) RETURNING id", name, hash,
            detail::to_sql(role));
        auto id = row[0].as<std::int64_t>();
        auto wallet = tx.exec_params1(
            "INSERT INTO wallets (kind, account_id, label) VALUES ('player', $1, $2) "
            "RETURNING id",
            id, name);
        return Account{AccountId{id}, name, role, WalletId{wallet[0].as<std::int64_t>()}};
    });
}

StoreResult<Account> AccountStore::create_hashed(const std::string& name, const std::string& password_hash,
                                                 engine::Cents grant, Role role) {
    if (auto error = bad_name(name)) return std::unexpected(*error);
    if (!password_hash.starts_with("$argon2id$"))
        return store_error(StoreErrc::invalid_argument,
                           "the password must be an Argon2id hash (hash_password)");
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<Account> {
        auto existing = tx.exec_params(
            "SELECT a.id, a.name, a.role, w.id, a.password_hash FROM accounts a JOIN wallets w ON "
            "w.account_id = a.id WHERE lower(a.name) = lower($1)",
            name);
        if (!existing.empty()) {
            if (existing[0][4].as<std::string>() == password_hash) return account_from(existing[0]);
            return store_error(StoreErrc::duplicate_name, "that account name is taken");
        }
        auto row = tx.exec_params1(
            "INSERT INTO accounts (name, password_hash, role) VALUES ($1, $2, $3) RETURNING id", name,
            password_hash, detail::to_sql(role));
        auto id = row[0].as<std::int64_t>();
        auto wallet = tx.exec_params1(
            "INSERT INTO wallets (kind, account_id, label) VALUES ('player', $1, $2) RETURNING id", id, name);
        Account account{AccountId{id}, name, role, WalletId{wallet[0].as<std::int64_t>()}};
        if (auto granted = grant_in(tx, account, grant); !granted) return std::unexpected(granted.error());
        return account;
    });
}

StoreResult<StoredPassword> AccountStore::stored_password(const std::string& name) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<StoredPassword> {
        auto rows = tx.exec_params(
            "SELECT a.id, a.name, a.role, w.id, a.password_hash FROM accounts a JOIN wallets w ON "
            "w.account_id = a.id WHERE lower(a.name) = lower($1) AND a.closed_at IS NULL",
            name);
        if (rows.empty()) return store_error(StoreErrc::bad_credentials, "unknown name or wrong password");
        return StoredPassword{account_from(rows[0]), rows[0][4].as<std::string>()};
    });
}

StoreResult<void> AccountStore::set_password_hash(AccountId id, const std::string& hash) {
    return detail::transact(db_, [&](pqxx::work& tx) {
        return detail::change_row(tx, "no such account",
                                  "UPDATE accounts SET password_hash = $2 WHERE id = $1", raw(id), hash);
    });
}

StoreResult<Account> AccountStore::authenticate(const std::string& name, const std::string& password) {
    struct Found {
        Account account;
        std::string hash;
    };
    auto found = detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<Found> {
        auto rows = tx.exec_params(
            "SELECT a.id, a.name, a.role, w.id, a.password_hash FROM accounts a JOIN wallets w ON "
            "w.account_id = a.id "
            "WHERE lower(a.name) = lower($1) AND a.closed_at IS NULL",
            name);
        if (rows.empty()) return store_error(StoreErrc::bad_credentials, "unknown name or wrong password");
        return Found{account_from(rows[0]), rows[0][4].as<std::string>()};
    });
    if (!found) {
        // Spend the same time on an unknown name as on a wrong password: names cannot be probed.
        if (found.error().code == StoreErrc::bad_credentials)
            (void)verify_password(dummy_hash(cost_), password);
        return std::unexpected(found.error());
    }
    if (!verify_password(found->hash, password))
        return store_error(StoreErrc::bad_credentials, "unknown name or wrong password");
    if (password_needs_rehash(found->hash, cost_)) {
        std::string fresh = hash_password(password, cost_);
        (void)detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<void> {
            tx.exec_params0("UPDATE accounts SET password_hash = $2 WHERE id = $1", raw(found->account.id),
                            fresh);
            return {};
        });
    }
    return found->account;
}

StoreResult<Account> AccountStore::find(AccountId id) {
    return detail::transact(db_, [&](pqxx::work& tx) {
        return one_account(tx.exec_params(std::string(kSelectAccount) + "WHERE a.id = $1", raw(id)),
                           "no such account");
    });
}

StoreResult<Account> AccountStore::find_by_name(const std::string& name) {
    return detail::transact(db_, [&](pqxx::work& tx) {
        return one_account(
            tx.exec_params(std::string(kSelectAccount) + "WHERE lower(a.name) = lower($1)", name),
            "no such account");
    });
}

StoreResult<void> AccountStore::set_role(AccountId id, Role role) {
    return detail::transact(db_, [&](pqxx::work& tx) {
        return detail::change_row(tx, "no such account", "UPDATE accounts SET role = $2 WHERE id = $1",
                                  raw(id), detail::to_sql(role));
    });
}

StoreResult<std::string> AccountStore::issue_resume_token(AccountId id, std::chrono::seconds ttl) {
    std::string token = detail::random_token(32);
    std::string digest = detail::bytea_hex(detail::blake2b_256(token));
    auto stored = detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<void> {
        tx.exec_params0(
            "INSERT INTO resume_tokens (token_hash, account_id, expires_at) "
            "VALUES ($1::bytea, $2, now() + make_interval(secs => $3))",
            digest, raw(id), static_cast<double>(ttl.count()));
        return {};
    });
    if (!stored) return std::unexpected(stored.error());
    return token;
}

StoreResult<Account> AccountStore::redeem_resume_token(const std::string& token) {
    std::string digest = detail::bytea_hex(detail::blake2b_256(token));
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<Account> {
        auto rows = tx.exec_params(
            "SELECT account_id, expires_at > now() AND revoked_at IS NULL FROM resume_tokens WHERE "
            "token_hash = $1::bytea",
            digest);
        if (rows.empty()) return store_error(StoreErrc::not_found, "unknown resume token: log in again");
        if (!rows[0][1].as<bool>())
            return store_error(StoreErrc::expired, "the resume token has expired: log in again");
        return one_account(
            tx.exec_params(std::string(kSelectAccount) + "WHERE a.id = $1 AND a.closed_at IS NULL",
                           rows[0][0].as<std::int64_t>()),
            "the account is closed");
    });
}

StoreResult<std::pair<Account, std::string>> AccountStore::exchange_resume_token(const std::string& token,
                                                                                 std::chrono::seconds ttl) {
    using Exchanged = std::pair<Account, std::string>;
    const std::string digest = detail::bytea_hex(detail::blake2b_256(token));
    std::string fresh = detail::random_token(32);
    const std::string fresh_digest = detail::bytea_hex(detail::blake2b_256(fresh));
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<Exchanged> {
        auto rows = tx.exec_params(
            "SELECT account_id, expires_at > now() AND revoked_at IS NULL FROM resume_tokens WHERE "
            "token_hash = $1::bytea FOR UPDATE",
            digest);
        if (rows.empty()) return store_error(StoreErrc::not_found, "unknown resume token: log in again");
        if (!rows[0][1].as<bool>())
            return store_error(StoreErrc::expired, "the resume token has expired or was used: log in again");
        auto account = one_account(
            tx.exec_params(std::string(kSelectAccount) + "WHERE a.id = $1 AND a.closed_at IS NULL",
                           rows[0][0].as<std::int64_t>()),
            "the account is closed");
        if (!account) return std::unexpected(account.error());
        // The token spent stays good until its successor is used, since the answer carrying the successor
        // may never have arrived. Spending it again therefore revokes the successor it was given before
        // (never used: using it would have revoked this one), and using a token revokes the one it
        // replaced. So a chain has at most two good tokens, the newest and the one before it.
        tx.exec_params0(
            "UPDATE resume_tokens SET revoked_at = now() WHERE revoked_at IS NULL AND token_hash IN "
            "(SELECT replaced_by FROM resume_tokens WHERE token_hash = $1::bytea UNION ALL "
            "SELECT replaces FROM resume_tokens WHERE token_hash = $1::bytea)",
            digest);
        tx.exec_params0("UPDATE resume_tokens SET replaced_by = $2::bytea WHERE token_hash = $1::bytea",
                        digest, fresh_digest);
        tx.exec_params0(
            "INSERT INTO resume_tokens (token_hash, account_id, expires_at, replaces) "
            "VALUES ($1::bytea, $2, now() + make_interval(secs => $3), $4::bytea)",
            fresh_digest, raw(account->id), static_cast<double>(ttl.count()), digest);
        return Exchanged{*account, fresh};
    });
}

StoreResult<void> AccountStore::revoke_resume_tokens(AccountId id) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<void> {
        tx.exec_params0(
            "UPDATE resume_tokens SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL",
            raw(id));
        return {};
    });
}

}  // namespace tavolo::persistence
