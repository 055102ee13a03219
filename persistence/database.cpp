#include "persistence/database.hpp"

#include "persistence/connection.hpp"
#include "persistence/detail/pool.hpp"
#include "persistence/fence.hpp"

namespace tavolo::persistence {

Database::Database(std::string url) : Database(std::move(url), Options{}) {}

Database::Database(std::string url, Options options) : pool_(std::make_unique<Pool>()) {
    pool_->url = std::move(url);
    pool_->options = options;
    if (pool_->options.pool_size == 0) pool_->options.pool_size = 1;
    pool_->connect_url = with_connect_timeout(pool_->url, pool_->options.connect_timeout);
}

Database::~Database() = default;

const std::string& Database::url() const {
    return pool_->url;
}
const Database::Options& Database::options() const {
    return pool_->options;
}
Database::Pool& Database::pool() {
    return *pool_;
}

namespace detail {

Lease::Lease(Database& db) : pool_(db.pool()) {
    std::unique_lock lock(pool_.mutex);
    bool free = pool_.returned.wait_for(lock, pool_.options.acquire_timeout, [&] {
        return !pool_.idle.empty() || pool_.open < pool_.options.pool_size;
    });
    if (!free) throw pqxx::broken_connection("no database connection became free within the acquire timeout");
    if (!pool_.idle.empty()) {
        conn_ = std::move(pool_.idle.back());
        pool_.idle.pop_back();
        lock.unlock();
        sync_fence();
        return;
    }
    ++pool_.open;
    lock.unlock();
    try {
        conn_ = std::make_unique<pqxx::connection>(pool_.connect_url);
        if (pool_.options.statement_timeout.count() > 0)
            conn_->set_variable("statement_timeout", std::to_string(pool_.options.statement_timeout.count()));
        if (pool_.options.fence) {
            std::lock_guard guard(pool_.mutex);
            pool_.fence_seen[conn_.get()] = 0;  // a new connection (maybe at a freed one's address)
        }
    } catch (const std::exception& e) {
        lock.lock();
        --pool_.open;
        pool_.returned.notify_one();
        // libpq may quote parts of the URL (a malformed password, say) in its message.
        throw pqxx::broken_connection(redact_secrets(e.what(), pool_.url));
    } catch (...) {
        lock.lock();
        --pool_.open;
        pool_.returned.notify_one();
        throw;
    }
    sync_fence();
}

void Lease::sync_fence() {
    const auto& fence = pool_.options.fence;
    if (!fence) return;
    std::uint64_t seen = 0;
    {
        std::lock_guard lock(pool_.mutex);
        seen = pool_.fence_seen[conn_.get()];
    }
    if (seen == fence->generation()) return;
    try {
        const Fence::Setting setting = fence->setting();
        pqxx::nontransaction n(*conn_);
        n.exec_params("SELECT set_config('tavolo.node', $1, false), set_config('tavolo.fences', $2, false)",
                      fence->node(), setting.fences);
        std::lock_guard lock(pool_.mutex);
        pool_.fence_seen[conn_.get()] = setting.generation;
    } catch (...) {
        conn_.reset();  // in an unknown state: closed, and counted out of the pool
        std::lock_guard lock(pool_.mutex);
        --pool_.open;
        pool_.returned.notify_one();
        throw;
    }
}

Lease::~Lease() {
    std::lock_guard lock(pool_.mutex);
    if (conn_ && conn_->is_open()) {
        pool_.idle.push_back(std::move(conn_));
    } else {
        --pool_.open;
    }
    pool_.returned.notify_one();
}

}  // namespace detail
}  // namespace tavolo::persistence
