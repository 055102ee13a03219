#pragma once
// A Prometheus counter or gauge as one atomic (server/metrics/README.md): any thread adds or sets, the
// scrape reads. Relaxed ordering: a metric is a number, not a synchronisation point.
#include <atomic>
#include <cstdint>

namespace tavolo::server::metrics {

// Only goes up (a counter's name ends in _total).
class Counter {
  public:
    void add(std::uint64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
    std::uint64_t value() const { return value_.load(std::memory_order_relaxed); }

  private:
    std::atomic<std::uint64_t> value_{0};
};

// Goes up and down, or is set to what it is now.
class Gauge {
  public:
    void set(std::int64_t v) { value_.store(v, std::memory_order_relaxed); }
    void add(std::int64_t n) { value_.fetch_add(n, std::memory_order_relaxed); }
    std::int64_t value() const { return value_.load(std::memory_order_relaxed); }

  private:
    std::atomic<std::int64_t> value_{0};
};

}  // namespace tavolo::server::metrics
