#pragma once
// What an operator reads about players (issue 12 item 2, "players: search, inspect"): accounts found
// by a prefix of their name, and one account's file: wallet, ledger entries, tournaments, sanctions.
// Read only; the changes an operator makes are in account_admin.hpp.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "engine/types.hpp"
#include "persistence/account_store.hpp"
#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

using Clock = std::chrono::system_clock;

struct PlayerSummary {
    AccountId id{};
    std::string name;
    Role role = Role::player;
    Clock::time_point created{};
    std::optional<Clock::time_point> closed;  // closed accounts cannot log in
};

// One entry of the player's wallet: its transaction's kind and memo, the signed amount, and who was on
// the other side ("external", "house", "tournament:42", "account:7"; several joined by ",").
struct WalletEntry {
    std::int64_t id = 0;  // the ledger entry's id: pages go by it
    LedgerTransactionId transaction{};
    std::string kind;
    std::string memo;
    engine::Cents amount = 0;
    Clock::time_point at{};
    std::string counterpart;
};

// One registration (entry) of the player in a tournament.
struct PlayerEntry {
    TournamentId tournament{};
    std::string tournament_name;
    std::string tournament_state;  // announced, registering, running, paused, finished, cancelled
    std::string state;  // the entry's: registered, playing, eliminated, winner, unregistered, refunded
    int entry_number = 1;
    std::optional<int> place;
    engine::Cents paid = 0;
    engine::Cents prize = 0;
    engine::Cents refund = 0;
    int rebuys = 0;
    int addons = 0;
};

// A row of the sanctions table (migration 0010), as stored.
struct SanctionRow {
    std::int64_t id = 0;
    std::string kind;
    std::optional<std::int64_t> tournament;
    std::optional<int> orbits;
    std::optional<int> hands;
    std::string reason;
    AccountId operator_id{};
    std::string operator_name;
    Clock::time_point created{};
    std::optional<Clock::time_point> expires;
};

struct PlayerFile {
    PlayerSummary account;
    WalletId wallet{};
    engine::Cents balance = 0;
    std::vector<WalletEntry> entries;      // newest first, at most the page asked for
    bool more_entries = false;             // older entries exist: ask with before = entries.back().id
    std::vector<PlayerEntry> tournaments;  // newest first, the last 200
    std::vector<SanctionRow> sanctions;    // newest first, the last 200
};

class PlayerDirectory {
  public:
    explicit PlayerDirectory(Database& db);

    // Accounts whose name starts with `prefix` (ignoring case; "" is every account), by name.
    StoreResult<std::vector<PlayerSummary>> search(const std::string& prefix, int limit);
    // One account's file, with `entries` ledger entries older than `before` (an entry id; none: the
    // newest). not_found for an unknown account.
    StoreResult<PlayerFile> inspect(AccountId id, int entries, std::optional<std::int64_t> before);

  private:
    Database& db_;
};

}  // namespace tavolo::persistence
