#pragma once
// A Prometheus histogram with fixed buckets, lock-free (server/metrics/README.md): observe() from any
// thread is one relaxed atomic increment of the bucket the value falls in, plus the sum; the scrape
// reads the buckets and makes them cumulative. _count is the +Inf bucket, so the two always agree.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace tavolo::server::metrics {

struct HistogramSnapshot {
    std::vector<double> upper_bounds;       // increasing, without +Inf
    std::vector<std::uint64_t> cumulative;  // one per bound, then the +Inf bucket (== count)
    double sum = 0;
    std::uint64_t count() const { return cumulative.empty() ? 0 : cumulative.back(); }
};

class Histogram {
  public:
    // `upper_bounds` strictly increasing and finite (std::invalid_argument otherwise); +Inf is implied.
    explicit Histogram(std::vector<double> upper_bounds);

    void observe(double value);
    // Seconds since `started` (steady clock).
    void observe_since(std::chrono::steady_clock::time_point started) {
        observe(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    }

    HistogramSnapshot snapshot() const;

  private:
    std::vector<double> bounds_;
    std::unique_ptr<std::atomic<std::uint64_t>[]> buckets_;  // bounds_.size() + 1, not cumulative
    std::atomic<double> sum_{0};
};

// Bucket bounds for latencies in seconds: 100 µs to 10 s, roughly ×2.5 apart.
std::vector<double> latency_buckets();

}  // namespace tavolo::server::metrics
