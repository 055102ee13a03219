#pragma once
// The live server's accounts (session::AccountService, server/actors/README.md): creating an account
// with its play-money grant, logging in, resuming with a token. Two kinds of slow work, each kept off
// every actor's strand and apart from the other:
//
// - Argon2id (tens of ms and 64 MiB a hash at the interactive cost) runs on this service's own small
//   thread pool, so a burst of log ins never holds a write-service worker, and with it the commits of
//   every table's hands, behind password hashing.
// - The database work runs on the write service (retried through an outage; the grant is a ledger
//   movement under "grant:<account>" in the same commit as the account).
//
// Each answer goes back through Outbox::account_result, from whichever thread finished the work (the
// registry posts it to the session's strand). No request is left unanswered: a refused or failed one
// is `unavailable` ("nothing changed, try again").
#include <chrono>
#include <cstddef>
#include <memory>

#include "engine/types.hpp"
#include "persistence/password_hash.hpp"
#include "server/actors/actor_context.hpp"
#include "server/config.hpp"
#include "server/session/services.hpp"

namespace tavolo::server::actors {

struct AccountOptions {
    engine::Cents starting_balance = 100'000;  // [accounts] starting_balance: a new account's grant
    std::chrono::seconds resume_token_lifetime = std::chrono::hours(24);
    persistence::PasswordCost password_cost =
        persistence::PasswordCost::interactive();  // [accounts] password_cost
    std::size_t hashing_threads = 2;  // Argon2id hashes computed at once, at most (each holds its memory)
};

// The limits of `[accounts] password_cost`.
persistence::PasswordCost password_cost_of(PasswordCostLevel level);

class AccountServiceImpl final : public session::AccountService {
  public:
    AccountServiceImpl(ActorContext context, AccountOptions options);
    // Stops taking requests and waits until every request in flight has been answered (the write
    // service answers each accepted write, failing the rest when it stops), then joins the hashing
    // threads. Destroy it after stopping the write service, or while the write service still runs.
    ~AccountServiceImpl() override;
    AccountServiceImpl(const AccountServiceImpl&) = delete;
    AccountServiceImpl& operator=(const AccountServiceImpl&) = delete;

    // Returns at once; the answer comes through Outbox::account_result(request.session, ...).
    void submit(session::AccountRequest request) override;

    struct Impl;

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace tavolo::server::actors
