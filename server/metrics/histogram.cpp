#include "server/metrics/histogram.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tavolo::server::metrics {

Histogram::Histogram(std::vector<double> upper_bounds)
    : bounds_(std::move(upper_bounds)),
      buckets_(std::make_unique<std::atomic<std::uint64_t>[]>(bounds_.size() + 1)) {
    for (std::size_t i = 0; i < bounds_.size(); ++i) {
        if (!std::isfinite(bounds_[i]) || (i > 0 && bounds_[i] <= bounds_[i - 1]))
            throw std::invalid_argument("histogram bucket bounds must be finite and strictly increasing");
    }
}

void Histogram::observe(double value) {
    // The first bucket whose bound is >= value (Prometheus buckets are "less than or equal").
    const auto at = std::lower_bound(bounds_.begin(), bounds_.end(), value) - bounds_.begin();
    buckets_[static_cast<std::size_t>(at)].fetch_add(1, std::memory_order_relaxed);
    sum_.fetch_add(value, std::memory_order_relaxed);
}

HistogramSnapshot Histogram::snapshot() const {
    HistogramSnapshot out;
    out.upper_bounds = bounds_;
    out.cumulative.reserve(bounds_.size() + 1);
    std::uint64_t running = 0;
    for (std::size_t i = 0; i <= bounds_.size(); ++i) {
        running += buckets_[i].load(std::memory_order_relaxed);
        out.cumulative.push_back(running);
    }
    out.sum = sum_.load(std::memory_order_relaxed);
    return out;
}

std::vector<double> latency_buckets() {
    return {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
}

}  // namespace tavolo::server::metrics
