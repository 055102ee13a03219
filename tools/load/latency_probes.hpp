#pragma once
// The load figure's latency (issue 14 item 1): from an action sent at a table to the moment every
// player of the run dealt into that hand has received the table's next message. No clock of its own
// (times are given), no network: unit-tested. One probe per action; a table keeps at most
// kMaxOpenPerTable open probes (the oldest is dropped, counted, never sampled: a player that left).
// Players are named at a table by a small index (its seat), so a probe is a bit mask.
#include <chrono>
#include <cstdint>
#include <vector>

namespace tavolo::load {

using Clock = std::chrono::steady_clock;

// Latencies in milliseconds: the percentiles by nearest rank.
class LatencySamples {
  public:
    void add(double ms) { samples_.push_back(static_cast<float>(ms)); }
    std::size_t size() const { return samples_.size(); }
    // The q-quantile (0 < q <= 1) by nearest rank: the smallest sample with at least q of them at or
    // below it; 0 with none. Reorders the samples (nth_element), keeps them all.
    double quantile(double q);
    void clear() { samples_.clear(); }
    void append(const LatencySamples& other);

  private:
    std::vector<float> samples_;
};

class TableProbes {
  public:
    static constexpr std::size_t kMaxOpenPerTable = 32;
    // An action was sent; `waiting`: the seats (bit i: seat i) that must receive what follows. Returns
    // true when an older probe had to be dropped to make room.
    bool sent(std::uint32_t waiting, Clock::time_point now);
    // The player at `seat` received a message of this table: each probe it completes is a sample.
    void received(int seat, Clock::time_point now, LatencySamples& samples);
    // The player at `seat` left (eliminated, disconnected): no probe waits for it; a probe only it
    // owed is dropped (returns how many).
    int forget(int seat);
    std::size_t open() const { return open_.size(); }

  private:
    struct Probe {
        Clock::time_point sent;
        std::uint32_t waiting = 0;
    };
    std::vector<Probe> open_;  // oldest first
};

}  // namespace tavolo::load
