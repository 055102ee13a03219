#pragma once
// The players' routes of the operator API (issue 12 item 2, "players: search, inspect, credit / debit
// the wallet with a reason"; roles): proto/operator.openapi.yaml's "players" section.
//   GET  /api/v1/players?name=PREFIX[&limit=N]            accounts by name prefix (any case)
//   GET  /api/v1/players/{id}[?entries=N&before=ENTRY]    account, wallet, ledger entries, tournaments,
//   sanctions POST /api/v1/players/{id}/wallet  {"direction","amount_cents","reason","key"}   credit / debit,
//   idempotent PUT  /api/v1/players/{id}/role    {"role"[,"reason"]}                           admins only
// The slow work is the PlayerBackend's (server/operator/player_accounts.hpp in the server), which also
// audits and logs every change.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "persistence/account_admin.hpp"
#include "persistence/account_store.hpp"
#include "persistence/player_directory.hpp"
#include "persistence/store_error.hpp"
#include "server/api/router.hpp"

namespace tavolo::server::api {

struct WalletRequest {
    persistence::AccountId account{};
    bool credit = true;        // "credit": from outside into the wallet; "debit": back out
    engine::Cents amount = 0;  // > 0
    std::string reason;
    std::string key;  // the caller's idempotency key: the same key again moves nothing
};

struct RoleRequest {
    persistence::AccountId account{};
    persistence::Role role = persistence::Role::player;
    std::string reason;  // may be empty
};

// Each call returns at once and calls `done` exactly once, from any thread.
class PlayerBackend {
  public:
    template <class T>
    using Done = std::function<void(persistence::StoreResult<T>)>;

    virtual ~PlayerBackend() = default;
    virtual void search(std::string prefix, int limit,
                        Done<std::vector<persistence::PlayerSummary>> done) = 0;
    virtual void inspect(persistence::AccountId account, int entries, std::optional<std::int64_t> before,
                         Done<persistence::PlayerFile> done) = 0;
    // The movement and its audit entry (as `caller`) in one commit; its log line.
    virtual void adjust_wallet(persistence::Account caller, WalletRequest request,
                               Done<persistence::WalletAdjusted> done) = 0;
    // The new role and its audit entry (as `caller`, an admin) in one commit; its log line.
    virtual void set_role(persistence::Account caller, RoleRequest request,
                          Done<persistence::RoleChanged> done) = 0;
};

void add_player_routes(Router& router, PlayerBackend& backend);

}  // namespace tavolo::server::api
