#include "tools/bots/latency.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tavolo::bots {

void LatencyBoard::action_sent(const client::TableKey& table, std::set<int> waiting, Clock::time_point now) {
    if (waiting.empty()) return;
    auto& probes = open_[table];
    if (probes.size() >= kMaxOpenPerTable) {
        probes.erase(probes.begin());
        ++dropped_;
    }
    probes.push_back(Probe{now, std::move(waiting)});
}

void LatencyBoard::table_message(const client::TableKey& table, int bot, Clock::time_point now) {
    if (!any_) first_ = now;
    any_ = true;
    last_ = now;
    const auto it = open_.find(table);
    if (it == open_.end()) return;
    // This message is the bot's first since each probe it still owes was opened.
    std::erase_if(it->second, [&](Probe& probe) {
        if (probe.waiting.erase(bot) == 0 || !probe.waiting.empty()) return false;
        samples_ms_.push_back(std::chrono::duration<double, std::milli>(now - probe.sent).count());
        return true;
    });
}

void LatencyBoard::forget(int bot) {
    for (auto& [table, probes] : open_)
        std::erase_if(probes, [&](Probe& probe) {
            if (probe.waiting.erase(bot) == 0 || !probe.waiting.empty()) return false;
            ++dropped_;  // only the bot that left still owed it
            return true;
        });
}

double LatencyBoard::play_seconds() const {
    return any_ ? std::chrono::duration<double>(last_ - first_).count() : 0.0;
}

double quantile(std::vector<double> samples, double q) {
    if (samples.empty()) return 0.0;
    std::ranges::sort(samples);
    const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(samples.size())));
    return samples[std::clamp<std::size_t>(rank, 1, samples.size()) - 1];
}

std::string latency_report(const LatencyBoard& board, std::int64_t tables, std::int64_t hands) {
    const auto& s = board.samples_ms();
    auto line = [](const char* key, double value) {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%s=%.3f\n", key, value);
        return std::string(buffer);
    };
    return "samples=" + std::to_string(s.size()) + "\n" + line("p50_ms", quantile(s, 0.50)) +
           line("p99_ms", quantile(s, 0.99)) +
           line("max_ms", s.empty() ? 0.0 : *std::ranges::max_element(s)) +
           "dropped=" + std::to_string(board.dropped()) + "\ntables=" + std::to_string(tables) +
           "\nhands=" + std::to_string(hands) + "\n" + line("play_seconds", board.play_seconds());
}

}  // namespace tavolo::bots
