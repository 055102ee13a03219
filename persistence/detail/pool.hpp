#pragma once
// The connection pool behind Database (internal: includes libpqxx).
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <pqxx/pqxx>
#include <unordered_map>
#include <vector>

#include "persistence/database.hpp"

namespace tavolo::persistence {

struct Database::Pool {
    std::string url;
    std::string connect_url;  // url with a connect_timeout
    Options options;
    std::mutex mutex;
    std::condition_variable returned;
    std::vector<std::unique_ptr<pqxx::connection>> idle;
    std::size_t open = 0;  // idle + leased
    // The Fence generation each open connection last set (options.fence): set again when it changed.
    std::unordered_map<const pqxx::connection*, std::uint64_t> fence_seen;
};

namespace detail {

// One connection taken from the pool; back to it when destroyed, unless it broke.
class Lease {
  public:
    explicit Lease(Database& db);  // throws pqxx::broken_connection when the server cannot be reached
    ~Lease();
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;

    pqxx::connection& connection() { return *conn_; }
    // Closes the connection instead of returning it (after an error that may have broken it).
    void discard() { conn_.reset(); }

  private:
    // Gives the connection this node's id and tokens when the Fence changed since it last had them.
    void sync_fence();

    Database::Pool& pool_;
    std::unique_ptr<pqxx::connection> conn_;
};

}  // namespace detail
}  // namespace tavolo::persistence
