#pragma once
// Accounts (unique names, Argon2id passwords, roles) and the resume tokens that re-attach a player
// after a disconnect.
#include <chrono>
#include <optional>
#include <string>
#include <utility>

#include "engine/types.hpp"
#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/password_hash.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

// What an account may do: play, or also run the room over the operator API (operator), or also manage
// operators (admin). The words are in detail/sql_enums.cpp.
enum class Role { player, operator_, admin };

const char* to_string(Role role);
// An operator or an admin: may call the operator API (/api/v1/...).
inline bool may_operate(Role role) {
    return role == Role::operator_ || role == Role::admin;
}

struct Account {
    AccountId id{};
    std::string name;
    Role role = Role::player;
    WalletId wallet{};  // the player's wallet, created with the account
};

// An account with its stored Argon2id hash, for a caller that verifies the password itself, off the
// threads that hold database connections (the live server's account service).
struct StoredPassword {
    Account account;
    std::string hash;
};

class AccountStore {
  public:
    explicit AccountStore(Database& db, PasswordCost cost = PasswordCost::interactive());

    // duplicate_name when the name is taken, ignoring case; invalid_argument for an empty name,
    // one over 32 characters, or a password under 8 characters.
    StoreResult<Account> create(const std::string& name, const std::string& password,
                                Role role = Role::player);
    // The account with a password hashed beforehand (hash_password, off the database's threads) and
    // its starting grant of play money (from the external wallet under "grant:<account id>"; none when
    // `grant` is 0), in one commit. A replay with the same hash (a retry after a commit whose outcome
    // was unknown: the hash is salted, so nobody else holds it) returns the account made the first
    // time; any other account of that name is duplicate_name. Same name and hash rules as create().
    StoreResult<Account> create_hashed(const std::string& name, const std::string& password_hash,
                                       engine::Cents grant, Role role = Role::player);
    // The open account of that name (ignoring case) and its password hash; bad_credentials when
    // there is none, so an unknown name and a wrong password look alike to the caller's client.
    StoreResult<StoredPassword> stored_password(const std::string& name);
    // Replaces the password hash (a rehash at a new cost after a successful log in).
    StoreResult<void> set_password_hash(AccountId id, const std::string& hash);
    // bad_credentials for an unknown name, a wrong password or a closed account.
    StoreResult<Account> authenticate(const std::string& name, const std::string& password);
    StoreResult<Account> find(AccountId id);
    StoreResult<Account> find_by_name(const std::string& name);
    StoreResult<void> set_role(AccountId id, Role role);

    // A fresh random token (returned once, never stored: only its BLAKE2b hash is) valid for `ttl`.
    StoreResult<std::string> issue_resume_token(AccountId id, std::chrono::seconds ttl);
    // The account the token belongs to; not_found for an unknown token, expired when past its expiry
    // or revoked.
    StoreResult<Account> redeem_resume_token(const std::string& token);
    StoreResult<void> revoke_resume_tokens(AccountId id);
    // A resume: returns the token's account with a fresh token valid for `ttl`, given in exchange. The
    // token spent stays good until the fresh one is used (the answer carrying it may be lost with the
    // connection): spending it again revokes the fresh one given before, and using the fresh one
    // revokes it (migration 0013). Errors as redeem_resume_token: a token whose successor was used is
    // expired.
    StoreResult<std::pair<Account, std::string>> exchange_resume_token(const std::string& token,
                                                                       std::chrono::seconds ttl);

  private:
    Database& db_;
    PasswordCost cost_;
};

}  // namespace tavolo::persistence
