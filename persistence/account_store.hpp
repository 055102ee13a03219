#pragma once
// Accounts (unique names, Argon2id passwords, roles) and the resume tokens that re-attach a player
// after a disconnect.
#include <chrono>
#include <optional>
#include <string>

#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/password_hash.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

enum class Role { player, operator_ };

const char* to_string(Role role);

struct Account {
    AccountId id{};
    std::string name;
    Role role = Role::player;
    WalletId wallet{};  // the player's wallet, created with the account
};

class AccountStore {
  public:
    explicit AccountStore(Database& db, PasswordCost cost = PasswordCost::interactive());

    // duplicate_name when the name is taken, ignoring case; invalid_argument for an empty name,
    // one over 32 characters, or a password under 8 characters.
    StoreResult<Account> create(const std::string& name, const std::string& password,
                                Role role = Role::player);
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

  private:
    Database& db_;
    PasswordCost cost_;
};

}  // namespace tavolo::persistence
