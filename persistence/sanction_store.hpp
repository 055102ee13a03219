#pragma once
// Sanctions of RULES.md §6 as an operator imposed them (migration 0010_sanctions.sql): append-only,
// kept forever. A mute ends by its expiry (none: it lasts until the end of time, there is no lifting
// yet); closing an account also sets accounts.closed_at, in the same transaction, so every log in and
// resume refuses it from then on (account_store's queries read closed_at IS NULL).
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

enum class SanctionKind { warning, exclusion, disqualification, mute, close_account };

// The word stored ("warning", ..., "close_account"), and back (nothing for an unknown word).
std::string to_string(SanctionKind kind);
std::optional<SanctionKind> sanction_kind_of(std::string_view word);

struct NewSanction {
    AccountId account{};
    SanctionKind kind = SanctionKind::warning;
    std::optional<std::int64_t> tournament_id;  // warning, exclusion, disqualification
    std::optional<int> orbits;                  // exclusion: 1..4
    std::optional<int> hands;                   // exclusion: orbits x players at the table
    std::string reason;                         // 1..500 characters
    AccountId operator_id{};
    std::optional<std::chrono::system_clock::time_point> expires_at;  // mute only; none: forever
};

struct StoredSanction {
    std::int64_t id = 0;
    NewSanction sanction;
    std::chrono::system_clock::time_point created_at{};
};

// A mute in force: whom, until when (none: forever) and why.
struct ActiveMute {
    AccountId account{};
    std::optional<std::chrono::system_clock::time_point> until;
    std::string reason;
};

class SanctionStore {
  public:
    explicit SanctionStore(Database& db);

    // Appends the sanction; for close_account also closes the account (closed_at = now()).
    // not_found: no such account (or tournament); invalid_argument: the schema refuses it (reason
    // length, orbits); conflict-like `forbidden`: closing an account already closed.
    StoreResult<StoredSanction> record(const NewSanction& sanction);
    // The account's sanctions, oldest first.
    StoreResult<std::vector<StoredSanction>> of_account(AccountId account);
    // Every mute still in force at the database's now() (the newest per account), for a start.
    StoreResult<std::vector<ActiveMute>> active_mutes();
    // Whether the account exists and is open (not closed).
    StoreResult<bool> account_open(AccountId account);
    StoreResult<bool> tournament_exists(std::int64_t tournament);

  private:
    Database& db_;
};

}  // namespace tavolo::persistence
