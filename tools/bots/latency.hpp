#pragma once
// The load figure's latency (issue 10, "Figures"): from an action sent to the moment every bot seated
// at that table has received the table's next message. A probe per action: a table's next action may
// be sent before the last bot there has received what followed the previous one. A probe still open
// after kMaxOpenPerTable newer ones at its table is dropped (counted, not sampled): a bot that left.
#include <chrono>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "tools/client/table_tracker.hpp"

namespace tavolo::bots {

using Clock = std::chrono::steady_clock;

class LatencyBoard {
  public:
    // A bot sent an action at `table`; `waiting`: the bots seated there that must see what follows.
    void action_sent(const client::TableKey& table, std::set<int> waiting, Clock::time_point now);
    // Bot `bot` received a message of `table`.
    void table_message(const client::TableKey& table, int bot, Clock::time_point now);

    // Bot `bot` left its table (eliminated, its tournament over, its connection lost): no probe waits
    // for it any longer.
    void forget(int bot);

    const std::vector<double>& samples_ms() const { return samples_ms_; }
    int dropped() const { return dropped_; }
    // The first and last table message seen (the span of play, for hands per second).
    double play_seconds() const;

  private:
    static constexpr std::size_t kMaxOpenPerTable = 32;
    struct Probe {
        Clock::time_point sent;
        std::set<int> waiting;
    };
    std::map<client::TableKey, std::vector<Probe>> open_;  // oldest first
    std::vector<double> samples_ms_;
    int dropped_ = 0;
    bool any_ = false;
    Clock::time_point first_{};
    Clock::time_point last_{};
};

// The q-quantile (0..1) of the samples by nearest rank; 0 with none.
double quantile(std::vector<double> samples, double q);

// `samples=N p50_ms=.. p99_ms=.. max_ms=.. dropped=.. tables=T hands=H play_seconds=S`, one key=value
// a line, for bench/load.sh.
std::string latency_report(const LatencyBoard& board, std::int64_t tables, std::int64_t hands);

}  // namespace tavolo::bots
