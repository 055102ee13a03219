#include "server/actors/operator_accounts.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <mutex>

#include "persistence/account_store.hpp"
#include "persistence/operator_tokens.hpp"

namespace tavolo::server::actors {

namespace asio = boost::asio;
using persistence::Database;
using persistence::Executor;
using persistence::StoreErrc;
using persistence::StoreResult;

struct OperatorAccounts::Impl {
    Impl(persistence::WriteService& w, OperatorAccountsOptions o)
        : writes(w), options(o), hashing(std::max<std::size_t>(1, o.hashing_threads)) {}

    persistence::WriteService& writes;
    OperatorAccountsOptions options;
    asio::thread_pool hashing;
    std::once_flag dummy_once;
    std::string dummy;  // a hash to verify against when a name is unknown
    std::atomic<std::size_t> logins_in_flight{0};

    // `done`, counting the log in as finished first.
    LoginDone finishing(LoginDone done) {
        return [this, done = std::move(done)](StoreResult<api::LoginGranted> result) {
            logins_in_flight.fetch_sub(1);
            done(std::move(result));
        };
    }

    Executor on_hashing_pool() {
        return Executor{[this](std::function<void()> f) { asio::post(hashing, std::move(f)); }};
    }

    const std::string& dummy_hash() {
        std::call_once(dummy_once, [this] {
            dummy = persistence::hash_password("no such account", options.password_cost);
        });
        return dummy;
    }

    // On the hashing pool: verify, then issue the token on the write service.
    void verify(const std::shared_ptr<api::LoginRequest>& request, const LoginDone& done,
                StoreResult<persistence::StoredPassword> stored) {
        if (!stored) {
            // An unknown name costs the same verification as a wrong password: names cannot be probed.
            if (stored.error().code == StoreErrc::bad_credentials)
                (void)persistence::verify_password(dummy_hash(), request->password);
            return done(std::unexpected(stored.error()));
        }
        if (!persistence::verify_password(stored->hash, request->password))
            return done(
                persistence::store_error(StoreErrc::bad_credentials, "unknown name or wrong password"));
        auto accepted = writes.submit<api::LoginGranted>(
            [account = stored->account,
             ttl = options.token_lifetime](Database& db) -> StoreResult<api::LoginGranted> {
                auto token = persistence::OperatorTokens(db).issue(account.id, ttl);
                if (!token) return std::unexpected(token.error());
                return api::LoginGranted{account, std::move(*token)};
            },
            [done](StoreResult<api::LoginGranted> granted) {
                if (granted)
                    spdlog::info("event=operator_login account={} role={}", raw(granted->account.id),
                                 persistence::to_string(granted->account.role));
                done(std::move(granted));
            },
            Executor::service_thread());
        if (!accepted) done(std::unexpected(accepted.error()));
    }
};

OperatorAccounts::OperatorAccounts(persistence::WriteService& writes, OperatorAccountsOptions options)
    : impl_(std::make_unique<Impl>(writes, options)) {}

OperatorAccounts::~OperatorAccounts() {
    impl_->hashing.join();
}

void OperatorAccounts::log_in(api::LoginRequest request, LoginDone done) {
    if (impl_->logins_in_flight.fetch_add(1) >= impl_->options.max_logins_in_flight) {
        impl_->logins_in_flight.fetch_sub(1);
        return done(persistence::store_error(StoreErrc::queue_full,
                                             "too many log ins in progress: retry in a moment"));
    }
    done = impl_->finishing(std::move(done));
    auto shared = std::make_shared<api::LoginRequest>(std::move(request));
    auto accepted = impl_->writes.submit<persistence::StoredPassword>(
        [name = shared->name](Database& db) { return persistence::AccountStore(db).stored_password(name); },
        [impl = impl_.get(), shared, done](StoreResult<persistence::StoredPassword> stored) {
            impl->verify(shared, done, std::move(stored));
        },
        impl_->on_hashing_pool());
    if (!accepted) done(std::unexpected(accepted.error()));
}

void OperatorAccounts::holder(std::string token, HolderDone done) {
    auto accepted = impl_->writes.submit<persistence::Account>(
        [token = std::move(token)](Database& db) { return persistence::OperatorTokens(db).holder(token); },
        done, Executor::service_thread());
    if (!accepted) done(std::unexpected(accepted.error()));
}

}  // namespace tavolo::server::actors
