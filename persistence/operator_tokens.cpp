#include "persistence/operator_tokens.hpp"

#include "persistence/detail/sodium.hpp"
#include "persistence/detail/sql_array.hpp"
#include "persistence/detail/sql_enums.hpp"
#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

namespace {

std::string digest_of(const std::string& token) {
    return detail::bytea_hex(detail::blake2b_256(token));
}

}  // namespace

OperatorTokens::OperatorTokens(Database& db) : db_(db) {}

StoreResult<IssuedToken> OperatorTokens::issue(AccountId account, std::chrono::seconds ttl) {
    if (ttl.count() <= 0) return store_error(StoreErrc::invalid_argument, "a token's lifetime is positive");
    std::string token = detail::random_token(32);
    const std::string digest = digest_of(token);
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<IssuedToken> {
        auto row = tx.exec_params1(
            "INSERT INTO operator_tokens (token_hash, account_id, expires_at) "
            "VALUES ($1::bytea, $2, now() + make_interval(secs => $3)) "
            "RETURNING to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')",
            digest, raw(account), static_cast<double>(ttl.count()));
        return IssuedToken{token, row[0].as<std::string>()};
    });
}

StoreResult<Account> OperatorTokens::holder(const std::string& token) {
    const std::string digest = digest_of(token);
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<Account> {
        auto rows = tx.exec_params(
            "SELECT a.id, a.name, a.role, w.id, "
            "t.expires_at > now() AND t.revoked_at IS NULL AND a.closed_at IS NULL "
            "FROM operator_tokens t JOIN accounts a ON a.id = t.account_id "
            "JOIN wallets w ON w.account_id = a.id WHERE t.token_hash = $1::bytea",
            digest);
        if (rows.empty()) return store_error(StoreErrc::not_found, "unknown token: log in again");
        if (!rows[0][4].as<bool>())
            return store_error(StoreErrc::expired, "the token has expired or was revoked: log in again");
        return Account{AccountId{rows[0][0].as<std::int64_t>()}, rows[0][1].as<std::string>(),
                       detail::read_sql<Role>(rows[0][2].as<std::string>(), "accounts.role"),
                       WalletId{rows[0][3].as<std::int64_t>()}};
    });
}

StoreResult<void> OperatorTokens::revoke_all(AccountId account) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<void> {
        tx.exec_params0(
            "UPDATE operator_tokens SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL",
            raw(account));
        return {};
    });
}

}  // namespace tavolo::persistence
