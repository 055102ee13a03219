#pragma once
// The network front: accepts TCP connections and serves HTTP (Beast lives only in listener.cpp).
#include <cstdint>
#include <memory>
#include <string>

#include "server/http_types.hpp"

namespace tavolo::server {

class Listener {
  public:
    // Binds host:port (port 0 picks a free one). Throws std::runtime_error naming the address
    // when it cannot bind.
    Listener(const std::string& host, std::uint16_t port, int threads, HttpHandler handler);
    ~Listener();
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;

    std::uint16_t port() const;
    // Serves until SIGINT or SIGTERM, or until stop().
    void run();
    void stop();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tavolo::server
