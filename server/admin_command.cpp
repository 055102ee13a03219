#include "server/admin_command.hpp"

namespace tavolo::server {

using persistence::AccountStore;
using persistence::Role;
using persistence::StoreErrc;

persistence::StoreResult<AdminOutcome> add_admin(persistence::Database& db, const std::string& name,
                                                 const std::string& password,
                                                 persistence::PasswordCost cost) {
    AccountStore accounts(db, cost);
    auto existing = accounts.find_by_name(name);
    if (!existing) {
        if (existing.error().code != StoreErrc::not_found) return std::unexpected(existing.error());
        auto created = accounts.create(name, password, Role::admin);
        if (!created) return std::unexpected(created.error());
        return AdminOutcome{AdminAdded::created, *created};
    }
    auto account = accounts.authenticate(name, password);
    if (!account) {
        if (account.error().code == StoreErrc::bad_credentials)
            return persistence::store_error(
                StoreErrc::bad_credentials,
                "an account named '" + existing->name +
                    "' exists (or is closed) and that is not its password: give its own password to make "
                    "it admin, or choose another name");
        return std::unexpected(account.error());
    }
    if (account->role == Role::admin) return AdminOutcome{AdminAdded::already_admin, *account};
    if (auto set = accounts.set_role(account->id, Role::admin); !set) return std::unexpected(set.error());
    account->role = Role::admin;
    return AdminOutcome{AdminAdded::promoted, *account};
}

std::string to_string(const AdminOutcome& outcome) {
    const std::string who =
        "'" + outcome.account.name + "' (id " + std::to_string(raw(outcome.account.id)) + ")";
    switch (outcome.what) {
        case AdminAdded::created:
            return "created admin account " + who;
        case AdminAdded::promoted:
            return "account " + who + " is now admin";
        case AdminAdded::already_admin:
            break;
    }
    return "account " + who + " was already admin: nothing changed";
}

}  // namespace tavolo::server
