#pragma once
// A counter family with one label whose values are all known up front (an enum's names): one atomic
// per value, so counting is lock-free and the scrape lists every value, zero included.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "server/metrics/counter.hpp"

namespace tavolo::server::metrics {

class LabeledCounter {
  public:
    // `values[i]` is the label value counted by add(i).
    explicit LabeledCounter(std::vector<std::string> values)
        : values_(std::move(values)), counters_(std::make_unique<Counter[]>(values_.size())) {}

    // An index out of range counts under the last value (keep a catch-all there).
    void add(std::size_t index, std::uint64_t n = 1) {
        if (values_.empty()) return;
        counters_[index < values_.size() ? index : values_.size() - 1].add(n);
    }
    std::size_t size() const { return values_.size(); }
    const std::string& label_value(std::size_t index) const { return values_[index]; }
    std::uint64_t value(std::size_t index) const { return counters_[index].value(); }

  private:
    std::vector<std::string> values_;
    std::unique_ptr<Counter[]> counters_;
};

}  // namespace tavolo::server::metrics
