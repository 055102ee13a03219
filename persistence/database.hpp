#pragma once
// A PostgreSQL database reached through a small pool of connections, shared by the stores.
// Connections are opened on demand and a broken one is dropped, so the pool heals itself when
// the server comes back. Thread-safe.
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

namespace tavolo::persistence {

class Fence;

class Database {
  public:
    struct Options {
        std::size_t pool_size = 4;  // connections open at most at once
        std::chrono::milliseconds acquire_timeout{30'000};
        int max_attempts = 12;  // for serialization failures and deadlocks
        // How long opening a connection may take, unless the URL sets connect_timeout itself: without
        // one, libpq waits for ever on a server that accepts and never answers.
        std::chrono::seconds connect_timeout{10};
        // How long one statement may run before the server cancels it (reported as unavailable);
        // 0 keeps the server's setting. A statement stuck behind a lock must not hold a writer for ever.
        std::chrono::milliseconds statement_timeout{0};
        // Several nodes (persistence/fence.hpp): every connection carries this node's id and tokens, so
        // the database refuses a tournament's writes once its lease is another's. Null: never fenced.
        std::shared_ptr<Fence> fence{};
    };

    explicit Database(std::string url);
    Database(std::string url, Options options);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    const std::string& url() const;
    const Options& options() const;

    struct Pool;  // defined in persistence/detail/pool.hpp
    Pool& pool();

  private:
    std::unique_ptr<Pool> pool_;
};

}  // namespace tavolo::persistence
