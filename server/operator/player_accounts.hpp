#pragma once
// The live backend of the players' routes (api::PlayerBackend, server/api/player_routes.hpp): every
// read and change on the write service (never on a network thread), each change with its audit entry in
// the same commit (persistence/account_admin.hpp) and its one log line (operator_action.hpp).
#include "persistence/write_service.hpp"
#include "server/api/player_routes.hpp"

namespace tavolo::server::operators {

class PlayerAccounts final : public api::PlayerBackend {
  public:
    explicit PlayerAccounts(persistence::WriteService& writes) : writes_(writes) {}

    void search(std::string prefix, int limit, Done<std::vector<persistence::PlayerSummary>> done) override;
    void inspect(persistence::AccountId account, int entries, std::optional<std::int64_t> before,
                 Done<persistence::PlayerFile> done) override;
    void adjust_wallet(persistence::Account caller, api::WalletRequest request,
                       Done<persistence::WalletAdjusted> done) override;
    void set_role(persistence::Account caller, api::RoleRequest request,
                  Done<persistence::RoleChanged> done) override;

  private:
    persistence::WriteService& writes_;
};

}  // namespace tavolo::server::operators
