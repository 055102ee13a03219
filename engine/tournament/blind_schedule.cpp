#include "engine/tournament/blind_schedule.hpp"

#include <algorithm>

namespace tavolo::engine {

const std::vector<BlindLevel>& default_mtt_levels() {
    static const std::vector<BlindLevel> levels = {
        {25, 50, 0},        {50, 100, 0},        {75, 150, 0},         {100, 200, 0},     {150, 300, 0},
        {200, 400, 0},      {300, 600, 25},      {400, 800, 50},       {600, 1200, 100},  {1000, 2000, 100},
        {1500, 3000, 200},  {2000, 4000, 200},   {3000, 6000, 300},    {4000, 8000, 300}, {5000, 10000, 500},
        {8000, 16000, 500}, {10000, 20000, 700}, {15000, 30000, 1000},
    };
    return levels;
}

BlindLevel BlindSchedule::level(int number) const {
    if (levels.empty()) return {};
    if (number < 1) number = 1;
    const auto last = static_cast<int>(levels.size());
    if (number <= last) return levels[static_cast<std::size_t>(number - 1)];
    BlindLevel l = levels.back();
    // Doubling stops at the last level whose blinds and ante all stay within kMaxTotalChips (level
    // 56 of the default schedule; no tournament gets there): a level a table can play, never
    // an overflow. A level of zeros or below zero (refused by validate()) stays as it is.
    for (int i = last; i < number; ++i) {
        const Chips most = std::max({l.small_blind, l.big_blind, l.ante});
        const Chips least = std::min({l.small_blind, l.big_blind, l.ante});
        if (least < 0 || most <= 0 || most > kMaxTotalChips / 2) break;
        l.small_blind *= 2;
        l.big_blind *= 2;
        l.ante *= 2;
    }
    return l;
}

BlindSchedule default_schedule(TournamentKind kind, Variant variant, bool big_blind_ante) {
    BlindSchedule s;
    s.levels = default_mtt_levels();
    const bool antes = kind != TournamentKind::SitAndGo && variant != Variant::Holdem;
    if (!antes && !big_blind_ante) {
        for (auto& l : s.levels)
            l.ante = 0;
        return s;
    }
    s.ante_mode = big_blind_ante ? AnteMode::BigBlind : AnteMode::Classic;
    return s;
}

}  // namespace tavolo::engine
