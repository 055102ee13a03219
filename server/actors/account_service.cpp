#include "server/actors/account_service.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <utility>

#include "persistence/account_store.hpp"
#include "persistence/ledger.hpp"

namespace tavolo::server::actors {

namespace asio = boost::asio;
using persistence::Account;
using persistence::Database;
using persistence::Executor;
using persistence::StoreErrc;
using persistence::StoreResult;
using session::AccountFailure;
using session::AccountGranted;
using session::AccountOperation;
using session::AccountRequest;

persistence::PasswordCost password_cost_of(PasswordCostLevel level) {
    switch (level) {
        case PasswordCostLevel::moderate:
            return persistence::PasswordCost::moderate();
        case PasswordCostLevel::minimum:
            return persistence::PasswordCost::minimum();
        case PasswordCostLevel::interactive:
            break;
    }
    return persistence::PasswordCost::interactive();
}

namespace {

using Request = std::shared_ptr<const AccountRequest>;
using Outcome = std::variant<AccountGranted, AccountFailure>;

// server/session/README.md "Implementing the services": each store error in the protocol's terms for
// the operation that met it; anything unexpected is `unavailable` (nothing changed, try again).
AccountFailure failure_of(AccountOperation operation, StoreErrc code) {
    switch (code) {
        case StoreErrc::duplicate_name:
            if (operation == AccountOperation::create_account) return AccountFailure::name_taken;
            break;
        case StoreErrc::bad_credentials:
            if (operation == AccountOperation::log_in) return AccountFailure::wrong_credentials;
            break;
        case StoreErrc::not_found:
        case StoreErrc::expired:
            if (operation == AccountOperation::resume) return AccountFailure::bad_resume_token;
            break;
        default:
            break;
    }
    return AccountFailure::unavailable;
}

std::int64_t epoch_millis(std::chrono::system_clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

// What LoggedIn carries, once the account and its fresh token are known (seated_at is added on
// answering, from the SeatBook).
StoreResult<AccountGranted> granted(Database& db, const Account& account, std::string token,
                                    std::chrono::seconds lifetime) {
    AccountGranted out;
    out.account = raw(account.id);
    out.name = account.name;
    out.resume_token = std::move(token);
    out.resume_token_expires_at_ms = epoch_millis(std::chrono::system_clock::now() + lifetime);
    auto balance = persistence::Ledger(db).balance(account.wallet);
    if (!balance) return std::unexpected(balance.error());
    out.balance_cents = *balance;
    return out;
}

StoreResult<AccountGranted> with_fresh_token(Database& db, const Account& account,
                                             std::chrono::seconds lifetime) {
    auto token = persistence::AccountStore(db).issue_resume_token(account.id, lifetime);
    if (!token) return std::unexpected(token.error());
    return granted(db, account, std::move(*token), lifetime);
}

}  // namespace

struct AccountServiceImpl::Impl {
    Impl(ActorContext given, AccountOptions chosen)
        : context(given), options(chosen), hashing(std::max<std::size_t>(1, chosen.hashing_threads)) {}

    ActorContext context;
    AccountOptions options;
    asio::thread_pool hashing;

    std::mutex mutex;  // guards the two fields below only (the drain at destruction)
    std::condition_variable idle;
    std::size_t in_flight = 0;
    bool stopping = false;

    std::once_flag dummy_once;
    std::string dummy;  // a hash to verify against when a name is unknown

    Executor on_hashing_pool() {
        return Executor{[this](std::function<void()> f) { asio::post(hashing, std::move(f)); }};
    }

    // The one way out: every accepted request ends here exactly once.
    void answer(const AccountRequest& request, Outcome outcome) {
        if (auto* ok = std::get_if<AccountGranted>(&outcome))
            ok->seated_at = context.seats.tables_of(ok->account);
        context.outbox.account_result(request.session, {request.request_id, std::move(outcome)});
        {
            std::lock_guard lock(mutex);
            --in_flight;
        }
        idle.notify_all();
    }

    void answer(const AccountRequest& request, StoreResult<AccountGranted> result) {
        if (result) return answer(request, Outcome{std::move(*result)});
        const AccountFailure failure = failure_of(request.operation, result.error().code);
        if (failure == AccountFailure::unavailable)
            spdlog::warn("account request {} of session {} failed: {} ({})", request.request_id,
                         request.session, result.error().message,
                         persistence::to_string(result.error().code));
        answer(request, Outcome{failure});
    }

    // The database part on the write service; its answer is quick (a SeatBook look-up and a post), so
    // it runs on the worker that finished it. A write the service refuses is answered at once.
    void store(const Request& request, persistence::WriteService::Work<AccountGranted> work) {
        auto accepted = context.writes.submit<AccountGranted>(
            std::move(work),
            [this, request](StoreResult<AccountGranted> r) { answer(*request, std::move(r)); },
            Executor::service_thread());
        if (!accepted) answer(*request, StoreResult<AccountGranted>(std::unexpected(accepted.error())));
    }

    // Hash on the pool, then insert the account, its wallet and its grant in one commit.
    void create(const Request& request) {
        asio::post(hashing, [this, request] {
            std::string hash;
            try {
                hash = persistence::hash_password(request->password, options.password_cost);
            } catch (const std::exception& e) {
                spdlog::error("password hashing failed: {}", e.what());
                return answer(*request, Outcome{AccountFailure::unavailable});
            }
            store(request,
                  [name = request->name, hash = std::move(hash), grant = options.starting_balance,
                   lifetime = options.resume_token_lifetime](Database& db) -> StoreResult<AccountGranted> {
                      auto account = persistence::AccountStore(db).create_hashed(name, hash, grant);
                      if (!account) return std::unexpected(account.error());
                      return with_fresh_token(db, *account, lifetime);
                  });
        });
    }

    // Read the stored hash on the write service, verify it on the pool, then issue the token.
    void log_in(const Request& request) {
        auto accepted = context.writes.submit<persistence::StoredPassword>(
            [name = request->name](Database& db) {
                return persistence::AccountStore(db).stored_password(name);
            },
            [this, request](StoreResult<persistence::StoredPassword> r) { verify(request, std::move(r)); },
            on_hashing_pool());
        if (!accepted) answer(*request, StoreResult<AccountGranted>(std::unexpected(accepted.error())));
    }

    // On the hashing pool.
    void verify(const Request& request, StoreResult<persistence::StoredPassword> stored) {
        if (!stored) {
            // An unknown name costs the same Argon2id verification as a wrong password: names cannot
            // be probed by timing.
            if (stored.error().code == StoreErrc::bad_credentials)
                (void)persistence::verify_password(dummy_hash(), request->password);
            return answer(*request, StoreResult<AccountGranted>(std::unexpected(stored.error())));
        }
        if (!persistence::verify_password(stored->hash, request->password))
            return answer(*request, Outcome{AccountFailure::wrong_credentials});
        std::optional<std::string> rehashed;
        if (persistence::password_needs_rehash(stored->hash, options.password_cost)) {
            try {
                rehashed = persistence::hash_password(request->password, options.password_cost);
            } catch (const std::exception& e) {
                spdlog::warn("password rehash skipped: {}", e.what());
            }
        }
        store(request,
              [account = stored->account, rehashed = std::move(rehashed),
               lifetime = options.resume_token_lifetime](Database& db) -> StoreResult<AccountGranted> {
                  // A failed rehash only leaves the old hash, which still verifies: not worth refusing for.
                  if (rehashed) (void)persistence::AccountStore(db).set_password_hash(account.id, *rehashed);
                  return with_fresh_token(db, account, lifetime);
              });
    }

    // No Argon2id here (tokens are hashed with BLAKE2b): straight to the write service. The token is
    // spent in the same commit that issues the fresh one.
    void resume(const Request& request) {
        store(request,
              [token = request->resume_token,
               lifetime = options.resume_token_lifetime](Database& db) -> StoreResult<AccountGranted> {
                  auto exchanged = persistence::AccountStore(db).exchange_resume_token(token, lifetime);
                  if (!exchanged) return std::unexpected(exchanged.error());
                  return granted(db, exchanged->first, std::move(exchanged->second), lifetime);
              });
    }

    const std::string& dummy_hash() {
        std::call_once(dummy_once, [this] {
            dummy = persistence::hash_password("no such account", options.password_cost);
        });
        return dummy;
    }
};

AccountServiceImpl::AccountServiceImpl(ActorContext context, AccountOptions options)
    : impl_(std::make_unique<Impl>(context, options)) {}

AccountServiceImpl::~AccountServiceImpl() {
    {
        std::unique_lock lock(impl_->mutex);
        impl_->stopping = true;
        impl_->idle.wait(lock, [this] { return impl_->in_flight == 0; });
    }
    impl_->hashing.join();
}

void AccountServiceImpl::submit(session::AccountRequest request) {
    bool taken = false;
    {
        std::lock_guard lock(impl_->mutex);
        taken = !impl_->stopping;
        if (taken) ++impl_->in_flight;
    }
    auto shared = std::make_shared<const AccountRequest>(std::move(request));
    if (!taken) {
        impl_->context.outbox.account_result(shared->session,
                                             {shared->request_id, Outcome{AccountFailure::unavailable}});
        return;
    }
    switch (shared->operation) {
        case AccountOperation::create_account:
            return impl_->create(shared);
        case AccountOperation::log_in:
            return impl_->log_in(shared);
        case AccountOperation::resume:
            return impl_->resume(shared);
    }
}

}  // namespace tavolo::server::actors
