#pragma once
// The bearer tokens of the operator API (issue 12): issued at POST /api/v1/login to any account whose
// password verified, checked on every /api/v1/... call. Random (32 bytes, URL-safe base64), returned
// once and never stored: only its BLAKE2b hash is, as for resume tokens. Each has an expiry; whether
// its holder may call a route is the caller's question (persistence::may_operate on the role).
#include <chrono>
#include <string>

#include "persistence/account_store.hpp"
#include "persistence/database.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

struct IssuedToken {
    std::string token;       // the bearer token, to give to the client once
    std::string expires_at;  // RFC 3339 in UTC, seconds precision: "2026-11-27T08:00:00Z"
};

class OperatorTokens {
  public:
    explicit OperatorTokens(Database& db);

    // A fresh token for the account, valid for `ttl` from now (the database's clock).
    StoreResult<IssuedToken> issue(AccountId account, std::chrono::seconds ttl);
    // The open account holding the token, with its role as it is now (a demoted operator's token
    // stops opening operator routes at once). not_found for a token never issued (or forged), expired
    // when past its expiry or revoked, or when the account was closed since.
    StoreResult<Account> holder(const std::string& token);
    // Revokes every token of the account (its role changed, it logged out everywhere).
    StoreResult<void> revoke_all(AccountId account);

  private:
    Database& db_;
};

}  // namespace tavolo::persistence
