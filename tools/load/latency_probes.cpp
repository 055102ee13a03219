#include "tools/load/latency_probes.hpp"

#include <algorithm>
#include <cmath>

namespace tavolo::load {

double LatencySamples::quantile(double q) {
    if (samples_.empty()) return 0.0;
    const auto n = samples_.size();
    auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(n)));
    rank = std::clamp<std::size_t>(rank, 1, n);
    const auto nth = samples_.begin() + static_cast<std::ptrdiff_t>(rank - 1);
    std::nth_element(samples_.begin(), nth, samples_.end());
    return static_cast<double>(*nth);
}

void LatencySamples::append(const LatencySamples& other) {
    samples_.insert(samples_.end(), other.samples_.begin(), other.samples_.end());
}

bool TableProbes::sent(std::uint32_t waiting, Clock::time_point now) {
    if (waiting == 0) return false;
    bool dropped = false;
    if (open_.size() >= kMaxOpenPerTable) {
        open_.erase(open_.begin());
        dropped = true;
    }
    open_.push_back(Probe{now, waiting});
    return dropped;
}

void TableProbes::received(int seat, Clock::time_point now, LatencySamples& samples) {
    const std::uint32_t bit = 1U << seat;
    std::erase_if(open_, [&](Probe& p) {
        if ((p.waiting & bit) == 0) return false;
        p.waiting &= ~bit;
        if (p.waiting != 0) return false;
        samples.add(std::chrono::duration<double, std::milli>(now - p.sent).count());
        return true;
    });
}

int TableProbes::forget(int seat) {
    const std::uint32_t bit = 1U << seat;
    int dropped = 0;
    std::erase_if(open_, [&](Probe& p) {
        if ((p.waiting & bit) == 0) return false;
        p.waiting &= ~bit;
        if (p.waiting != 0) return false;
        ++dropped;
        return true;
    });
    return dropped;
}

}  // namespace tavolo::load
