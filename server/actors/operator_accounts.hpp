#pragma once
// The live operator API's slow work (api::OperatorBackend, server/api/operator_api.hpp): the log in
// reads the stored hash on the write service, verifies it (Argon2id) on this service's own hashing
// thread, then issues the token on the write service; a bearer check is one read on the write service.
// As in AccountServiceImpl, no Argon2id ever runs on a write-service worker or a network thread, and no
// database call on a network thread. Each answer is given from the thread that finished the work (the
// Listener posts it to the connection's strand).
#include <chrono>
#include <cstddef>
#include <memory>

#include "persistence/password_hash.hpp"
#include "persistence/write_service.hpp"
#include "server/api/operator_api.hpp"

namespace tavolo::server::actors {

struct OperatorAccountsOptions {
    std::chrono::seconds token_lifetime = std::chrono::hours(12);                        // a working shift
    persistence::PasswordCost password_cost = persistence::PasswordCost::interactive();  // for unknown names
    std::size_t hashing_threads = 1;
    // Log ins in progress at most: one more is refused at once (queue_full, 503) rather than queued
    // behind the others' Argon2id, so a flood of log ins cannot grow without bound.
    std::size_t max_logins_in_flight = 32;
};

class OperatorAccounts final : public api::OperatorBackend {
  public:
    OperatorAccounts(persistence::WriteService& writes, OperatorAccountsOptions options);
    // Joins the hashing thread. Destroy it after stopping the write service (which answers or fails
    // every accepted write), so no callback outlives it.
    ~OperatorAccounts() override;
    OperatorAccounts(const OperatorAccounts&) = delete;
    OperatorAccounts& operator=(const OperatorAccounts&) = delete;

    void log_in(api::LoginRequest request, LoginDone done) override;
    void holder(std::string token, HolderDone done) override;

    struct Impl;

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace tavolo::server::actors
