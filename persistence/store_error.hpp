#pragma once
// The typed outcome of every store operation: a value, or an error saying what went wrong.
#include <expected>
#include <string>

namespace tavolo::persistence {

enum class StoreErrc {
    insufficient_funds,    // a wallet would go negative; nothing moved
    duplicate_name,        // an account with that name (ignoring case) exists
    not_found,             // no such account, wallet, tournament, registration, table or hand
    bad_credentials,       // unknown name or wrong password (deliberately not told apart)
    expired,               // a resume token past its expiry or revoked
    idempotency_conflict,  // the key was used before for a different movement
    invalid_argument,      // the request breaks a rule of the schema (caller's bug)
    forbidden,             // the account lacks the role the operation needs
    unavailable,           // the database cannot be reached; retry later
    queue_full,            // the write queue is at capacity; the write was NOT accepted
    shutting_down,         // the service stopped before the write could be committed
    bad_stored_value,      // the database holds a value this version does not know (a newer schema?)
    fenced_out,            // this node no longer holds the tournament's lease: nothing written (fence.hpp)
    database,              // any other database failure
};

const char* to_string(StoreErrc code);

struct StoreError {
    StoreErrc code;
    std::string message;
};

template <class T>
using StoreResult = std::expected<T, StoreError>;

inline std::unexpected<StoreError> store_error(StoreErrc code, std::string message) {
    return std::unexpected(StoreError{code, std::move(message)});
}

}  // namespace tavolo::persistence
