#pragma once
// `tavolo-server --config FILE admin add NAME` (issue 12): the first admin, or a further one.
// - No account of that name: it is created with the role admin and the password given (an empty
//   wallet, no starting grant: an admin is not a player).
// - An account of that name: it becomes admin only when the password given is its password, so a
//   typo in the name cannot hand the room to somebody else's account; an admin already is left as is.
// The caller has migrated the database and read the password (one line of standard input).
#include <string>

#include "persistence/account_store.hpp"
#include "persistence/database.hpp"
#include "persistence/password_hash.hpp"

namespace tavolo::server {

enum class AdminAdded { created, promoted, already_admin };

struct AdminOutcome {
    AdminAdded what;
    persistence::Account account;
};

// Errors: invalid_argument (name or password out of bounds, with the rule), bad_credentials (the
// account exists and the password is not its own), or a database error.
persistence::StoreResult<AdminOutcome> add_admin(persistence::Database& db, const std::string& name,
                                                 const std::string& password, persistence::PasswordCost cost);

// The one line the command prints: "created admin account 'alice' (id 7)".
std::string to_string(const AdminOutcome& outcome);

}  // namespace tavolo::server
