#pragma once
// Running a unit of work in one transaction, with retries (internal: includes libpqxx).
//
// The public functions of the stores call transact(); the work itself takes a pqxx::work&, so several
// pieces of work can share one transaction. A work function returns a StoreResult: a value commits,
// an error rolls back. Serialization failures and deadlocks run the work again; a connection lost
// before the commit is retried once on a fresh connection.
#include <chrono>
#include <pqxx/pqxx>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>

#include "persistence/detail/errors.hpp"
#include "persistence/detail/pool.hpp"
#include "persistence/fence.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence::detail {

inline void backoff_before_retry(int attempt) {
    thread_local std::minstd_rand jitter{std::random_device{}()};
    auto cap = std::min(200, 2 << std::min(attempt, 6));
    std::this_thread::sleep_for(std::chrono::milliseconds(1 + jitter() % cap));
}

template <class F>
auto transact(Database& db, F&& work) -> std::invoke_result_t<F&, pqxx::work&> {
    int reconnects = 0;
    for (int attempt = 1;; ++attempt) {
        std::optional<Lease> lease;
        try {
            lease.emplace(db);
            pqxx::work tx{lease->connection()};
            auto result = work(tx);
            if (result) tx.commit();
            return result;
        } catch (...) {
            auto classified = classify_current_exception();
            if (lease && classified.recovery == Recovery::reconnect) lease->discard();
            bool again = (classified.recovery == Recovery::retry && attempt < db.options().max_attempts) ||
                         (classified.recovery == Recovery::reconnect && ++reconnects <= 1);
            if (classified.error.code == StoreErrc::fenced_out && db.options().fence)
                db.options().fence->refused(classified.error.message);
            if (!again) return std::unexpected(std::move(classified.error));
            backoff_before_retry(attempt);
        }
    }
}

// Runs a statement meant to change one existing row: when it changes none, the row does not exist.
template <class... Args>
StoreResult<void> change_row(pqxx::work& tx, const char* missing, const std::string& sql, Args&&... args) {
    if (tx.exec_params(sql, std::forward<Args>(args)...).affected_rows() == 0)
        return store_error(StoreErrc::not_found, missing);
    return {};
}

}  // namespace tavolo::persistence::detail
